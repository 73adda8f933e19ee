import type { ReactNode } from 'react';
import { Tag, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { WorkerItem } from '@siteops/contracts/labour/schemas';
import { actionsColumn } from '@/components/table/rowActions';
import { valueColumn } from '@/components/table/columns';
import { CertificateStateTag, WorkerStatusTag } from './labourView';

/** The worker list's columns, then the row's actions. */
export function workerColumns(t: TFunction, actions: (row: WorkerItem) => ReactNode): TableColumnsType<WorkerItem> {
  return [
    { key: 'realName', dataIndex: 'realName', title: t('labour.realName'), sorter: true },
    valueColumn('idNo', t('labour.idNo'), (v, row) => `${t(`labour.idTypes.${row.idType}`)} ${v}`),
    valueColumn('gender', t('labour.gender'), (v) => (v ? t(`values.sex.${v}`) : '')),
    { key: 'birthDate', dataIndex: 'birthDate', title: t('labour.birthDate') },
    { key: 'phone', dataIndex: 'phone', title: t('labour.phone') },
    { key: 'project', dataIndex: 'projectName', title: t('labour.project') },
    { key: 'team', dataIndex: 'teamName', title: t('labour.team') },
    valueColumn('trade', t('labour.trade'), (v) => t(`labour.trades.${v}`)),
    {
      key: 'certificate',
      dataIndex: 'certificateState',
      title: t('labour.certificate'),
      render: (v: WorkerItem['certificateState'], row) => (
        <>
          {v && <CertificateStateTag state={v} until={row.certificateValidUntil} />}
          {row.offTerminals && (
            <Tag color="error" title={t('labour.offTerminalsHint')}>
              {t('labour.offTerminals')}
            </Tag>
          )}
        </>
      ),
    },
    { key: 'subcontractor', dataIndex: 'subcontractorName', title: t('labour.subcontractor') },
    { key: 'entryDate', dataIndex: 'entryDate', title: t('labour.entryDate'), sorter: true },
    { key: 'exitDate', dataIndex: 'exitDate', title: t('labour.exitDate') },
    valueColumn('status', t('labour.status'), (v, row) => (
      <span title={row.blacklistReason ?? undefined}>
        <WorkerStatusTag status={v} />
      </span>
    )),
    actionsColumn(t, actions),
  ];
}
