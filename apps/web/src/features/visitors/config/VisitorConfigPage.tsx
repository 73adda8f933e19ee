import { useState } from 'react';
import { Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { VisitorConfigItem } from '@siteops/contracts/visitor/schemas';
import { visitorApi } from '@siteops/contracts/visitor/api';
import { listRead } from '@/components/list/listRead';
import { useListPage } from '@/components/list/useListPage';
import { time } from '@/features/visitors/visitorView';
import { ConfigDrawer } from './ConfigDrawer';
import { RegLinkModal } from './RegLinkModal';
import { actionsColumn, RowActions, RowAction } from '@/components/table/rowActions';
import { ListLayout } from '@/components/list/ListLayout';

const FILTERS = ['keyword'] as const;

const LIST = { filters: FILTERS };
export const firstRead = listRead(visitorApi.listConfig, () => LIST);

/**
 * /visitor/visitor-config (admin): each project's visitor registration (required fields, default visit
 * length, auto-approval, the notice, the access devices faces go to) and its publication; each project's
 * printable self-registration QR code.
 */
export function VisitorConfigPage() {
  const { t } = useTranslation();
  const { table } = useListPage(visitorApi.listConfig, LIST);
  const [editing, setEditing] = useState<VisitorConfigItem | null>(null);
  const [linking, setLinking] = useState<VisitorConfigItem | null>(null);

  const columns: TableColumnsType<VisitorConfigItem> = [
    { key: 'projectName', dataIndex: 'projectName', title: t('visitorConfig.project') },
    { key: 'projectCode', dataIndex: 'projectCode', title: t('visitorConfig.code') },
    {
      key: 'autoApprove',
      dataIndex: 'autoApprove',
      title: t('visitorConfig.approval'),
      render: (auto: boolean) => (auto ? t('visitorConfig.auto') : t('visitorConfig.manual')),
    },
    {
      key: 'defaultVisitHours',
      dataIndex: 'defaultVisitHours',
      title: t('visitorConfig.defaultVisitHours'),
    },
    {
      key: 'requiredFields',
      dataIndex: 'requiredFields',
      title: t('visitorConfig.requiredFields'),
      render: (fields: VisitorConfigItem['requiredFields']) =>
        fields.map((f) => <Tag key={f}>{t(`visitorConfig.fields.${f}`)}</Tag>),
    },
    {
      key: 'devices',
      dataIndex: 'deviceIds',
      title: t('visitorConfig.devices'),
      render: (ids: number[]) => ids.length,
    },
    {
      key: 'published',
      dataIndex: 'publishedAt',
      title: t('visitorConfig.published'),
      render: (at: string | null, row) =>
        at ? t('visitorConfig.publishedBy', { at: time(at), by: row.publishedBy ?? '', version: row.version }) : '',
    },
    actionsColumn<VisitorConfigItem>(t, (row) => (
      <RowActions>
        <RowAction onClick={() => setEditing(row)}>{t('visitorConfig.configure')}</RowAction>
        <RowAction onClick={() => setLinking(row)}>{t('visitorConfig.regLink.open')}</RowAction>
      </RowActions>
    )),
  ];

  return (
    <ListLayout
      keyword={{ label: t('visitorConfig.project'), placeholder: t('visitorConfig.keywordPlaceholder') }}
      table={{ tableId: 'visitor-config', rowKey: 'projectId', columns, ...table }}
    >
      <ConfigDrawer config={editing} onClose={() => setEditing(null)} />
      <RegLinkModal config={linking} onClose={() => setLinking(null)} />
    </ListLayout>
  );
}
