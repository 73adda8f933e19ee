import { useState } from 'react';
import { Button, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEVICE_DIRECTIONS } from '@siteops/contracts/device/schemas';
import type { VisitorDeviceItem } from '@siteops/contracts/visitor/device';
import { projectApi } from '@siteops/contracts/project/api';
import { visitorApi } from '@siteops/contracts/visitor/api';
import { useEndpointQuery } from '@/api/queries';
import { afterReport } from '@/api/reported';
import { listRead } from '@/components/list/listRead';
import { useListPage } from '@/components/list/useListPage';

import { time } from '@/features/visitors/visitorView';
import { DeviceImportDialog } from './DeviceImportDialog';
import { DeviceInfoModal } from './DeviceInfoModal';
import { actionsColumn, RowActions, RowAction } from '@/components/table/rowActions';
import { useListDelete } from '@/components/list/useListDelete';
import { ListLayout } from '@/components/list/ListLayout';
import { SearchSelect } from '@/components/form/SearchSelect';
import { BatchDeleteButton } from '@/components/table/BatchDeleteButton';

const FILTERS = ['keyword', 'projectId', 'direction'] as const;

const LIST = { filters: FILTERS };
export const firstRead = listRead(visitorApi.listDevices, () => LIST);

/**
 * /visitor/device-authorize (admin, manager): the access devices visitors may pass, in the caller's
 * scope, with direction, install site and when they were put on the list; search, refresh, an info
 * modal, the xlsx import of the list with its row errors, and taking devices off it.
 */
export function VisitorDevicesPage() {
  const { t } = useTranslation();
  const { table } = useListPage(visitorApi.listDevices, LIST);
  const projects = useEndpointQuery(projectApi.listAll, { pageSize: 200, sortField: 'name', sortOrder: 'asc' });
  const { selected, selection, removeIds, rowDelete } = useListDelete(visitorApi.removeDevices);
  const [viewing, setViewing] = useState<VisitorDeviceItem | null>(null);
  const [importing, setImporting] = useState(false);

  const columns: TableColumnsType<VisitorDeviceItem> = [
    { key: 'devName', dataIndex: 'devName', title: t('visitorDevices.devName'), sorter: true },
    { key: 'sn', dataIndex: 'sn', title: t('visitorDevices.sn'), sorter: true },
    { key: 'mac', dataIndex: 'mac', title: t('visitorDevices.mac') },
    {
      key: 'type',
      dataIndex: 'type',
      title: t('visitorDevices.type'),
      render: (v: VisitorDeviceItem['type']) => t(`visitorDevices.types.${v}`),
    },
    {
      key: 'direction',
      dataIndex: 'direction',
      title: t('visitorDevices.direction'),
      render: (v: VisitorDeviceItem['direction']) => <Tag>{t(`visitorDevices.directions.${v}`)}</Tag>,
    },
    {
      key: 'installSite',
      dataIndex: 'installSite',
      title: t('visitorDevices.installSite'),
      ellipsis: true,
      sorter: true,
    },
    { key: 'project', dataIndex: 'projectName', title: t('visitorDevices.project') },
    {
      key: 'persons',
      dataIndex: 'persons',
      title: t('visitorDevices.persons'),
      render: (n: number, row) => (row.pending ? t('visitorDevices.personsPending', { n, pending: row.pending }) : n),
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('visitorDevices.createdAt'),
      sorter: true,
      render: (v: string) => time(v),
    },
    actionsColumn<VisitorDeviceItem>(t, (row) => (
      <RowActions>
        <RowAction onClick={() => setViewing(row)}>{t('visitors.view')}</RowAction>
        {rowDelete(row.id, t('visitorDevices.remove'))}
      </RowActions>
    )),
  ];

  return (
    <ListLayout
      keyword={{ label: t('visitorDevices.keyword'), placeholder: t('visitorDevices.keywordPlaceholder') }}
      search={
        <>
          <SearchSelect
            name="projectId"
            label={t('visitorDevices.project')}
            minWidth={180}
            searchable
            loading={projects.isLoading}
            options={(projects.data?.list ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          />
          <SearchSelect
            name="direction"
            label={t('visitorDevices.direction')}
            minWidth={120}
            options={DEVICE_DIRECTIONS.map((d) => ({ value: d, label: t(`visitorDevices.directions.${d}`) }))}
          />
        </>
      }
      table={{
        tableId: 'visitor-devices',
        columns,
        ...table,
        ...selection,
        toolbar: (
          <>
            <Button type="primary" icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              {t('visitorDevices.import')}
            </Button>
            <BatchDeleteButton
              count={selected.length}
              label={t('visitorDevices.batchRemove')}
              onConfirm={() => afterReport(removeIds(selected.map(Number)))}
            />
          </>
        ),
      }}
    >
      <DeviceInfoModal device={viewing} onClose={() => setViewing(null)} />
      <DeviceImportDialog open={importing} onClose={() => setImporting(false)} />
    </ListLayout>
  );
}
