import { Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditItem } from '@siteops/contracts/audit/schemas';
import { auditApi } from '@siteops/contracts/audit/api';
import { listRead } from '@/components/list/listRead';
import { useListPage } from '@/components/list/useListPage';
import type { DateRange } from '@/components/form/formKit';
import { rangeSearch } from '@/components/list/rangeSearch';
import { RangeSearchField } from '@/components/list/RangeSearchField';
import { ListLayout } from '@/components/list/ListLayout';
import { SearchText } from '@/components/form/SearchText';
import { timeColumn } from '@/components/table/columns';
import { AuditEntryDetail } from '@/components/audit/AuditEntryDetail';
import { auditActionKey } from './auditActions';

interface Filters {
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  range?: DateRange | null;
}
const SEARCH = rangeSearch<Filters>(['actor', 'action', 'targetType', 'targetId']);

const LIST = { filters: SEARCH.filters };
export const firstRead = listRead(auditApi.listAll, () => LIST);

/**
 * /isystem/isystem-audit (admin): who changed what, newest first; each row expands to its detail, an
 * update's changes side by side (before, after).
 */
export function AuditPage() {
  const { t } = useTranslation();
  const { table } = useListPage(auditApi.listAll, LIST);

  const columns: TableColumnsType<AuditItem> = [
    timeColumn<AuditItem>('createdAt', t('audit.time'), { sortable: true }),
    {
      key: 'actorName',
      dataIndex: 'actorName',
      title: t('audit.actor'),
      sorter: true,
      render: (_: unknown, r) => r.actorName ?? r.actorId ?? '-',
    },
    {
      key: 'action',
      dataIndex: 'action',
      title: t('audit.action'),
      sorter: true,
      // The action in the reader's language; its code (what the filter takes) beside it, smaller.
      render: (code: string) => (
        <>
          {t(auditActionKey(code), { defaultValue: code })}{' '}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {code}
          </Typography.Text>
        </>
      ),
    },
    {
      key: 'target',
      title: t('audit.target'),
      render: (_: unknown, r) => (r.targetType ? `${r.targetType}${r.targetId ? ` #${r.targetId}` : ''}` : '-'),
    },
    { key: 'ip', dataIndex: 'ip', title: t('audit.ip') },
  ];

  return (
    <ListLayout<Filters, AuditItem>
      {...SEARCH}
      search={
        <>
          <SearchText name="actor" label={t('audit.actor')} />
          <SearchText name="action" label={t('audit.action')} placeholder="user.update" />
          <SearchText name="targetType" label={t('audit.targetType')} />
          <SearchText name="targetId" label={t('audit.targetId')} />
          <RangeSearchField label={t('audit.range')} />
        </>
      }
      table={{
        tableId: 'audit',
        columns,
        ...table,
        expandable: {
          rowExpandable: (r) => r.detail !== null,
          // An update's changes side by side (before, after); the rest of its detail behind a toggle.
          expandedRowRender: (r) => <AuditEntryDetail detail={r.detail} targetType={r.targetType} />,
        },
      }}
    />
  );
}
