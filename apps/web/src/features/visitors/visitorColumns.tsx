import type { ReactNode } from 'react';
import { Avatar } from 'antd';
import type { TableColumnsType } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import type { VisitorItem } from '@siteops/contracts/visitor/schemas';
import { StatusTag, time } from './visitorView';
import { actionsColumn } from '@/components/table/rowActions';
import { valueColumn } from '@/components/table/columns';

/** The columns both visitor pages show, then the page's own actions. */
export function visitorColumns(
  t: TFunction,
  actions: (row: VisitorItem) => ReactNode,
  opts: { audit?: boolean } = {},
): TableColumnsType<VisitorItem> {
  return [
    {
      key: 'avatar',
      dataIndex: 'avatarUrl',
      title: t('visitors.avatar'),
      width: 72,
      render: (url: string | null, row) => (
        <Avatar src={url ?? undefined} icon={url ? undefined : <UserOutlined />} alt={row.realName} />
      ),
    },
    { key: 'realName', dataIndex: 'realName', title: t('visitors.realName'), sorter: true },
    { key: 'phone', dataIndex: 'phone', title: t('visitors.phone') },
    { key: 'idNo', dataIndex: 'idNo', title: t('visitors.idNo') },
    { key: 'project', dataIndex: 'projectName', title: t('visitors.project') },
    valueColumn('visitStart', t('visitors.visit'), (start, row) => `${time(start)} – ${time(row.visitEnd)}`, {
      sortable: true,
    }),
    { key: 'host', dataIndex: 'userName', title: t('visitors.host') },
    { key: 'reasons', dataIndex: 'reasons', title: t('visitors.reasons'), ellipsis: true },
    valueColumn('status', t('visitors.status'), (status) => <StatusTag status={status} />),
    ...(opts.audit
      ? ([
          { key: 'auditor', dataIndex: 'auditorName', title: t('visitors.auditor') },
          valueColumn<VisitorItem, 'auditedAt'>('auditedAt', t('visitors.auditedAt'), time, { sortable: true }),
          { key: 'auditRemark', dataIndex: 'auditRemark', title: t('visitors.auditRemark'), ellipsis: true },
        ] satisfies TableColumnsType<VisitorItem>)
      : []),
    valueColumn('createdAt', t('visitors.createdAt'), time, { sortable: true }),
    actionsColumn(t, actions),
  ];
}
