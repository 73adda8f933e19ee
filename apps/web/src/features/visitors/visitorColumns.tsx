import type { ReactNode } from 'react';
import { Avatar } from 'antd';
import type { TableColumnsType } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import type { VisitorItem } from '@siteops/contracts/visitor/schemas';
import { StatusTag, time } from './visitorView';
import { actionsColumn } from '@/components/table/rowActions';

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
    {
      key: 'visitStart',
      dataIndex: 'visitStart',
      title: t('visitors.visit'),
      sorter: true,
      render: (_: unknown, row) => `${time(row.visitStart)} – ${time(row.visitEnd)}`,
    },
    { key: 'host', dataIndex: 'userName', title: t('visitors.host') },
    { key: 'reasons', dataIndex: 'reasons', title: t('visitors.reasons'), ellipsis: true },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('visitors.status'),
      render: (status: VisitorItem['status']) => <StatusTag status={status} />,
    },
    ...(opts.audit
      ? ([
          { key: 'auditor', dataIndex: 'auditorName', title: t('visitors.auditor') },
          {
            key: 'auditedAt',
            dataIndex: 'auditedAt',
            title: t('visitors.auditedAt'),
            sorter: true,
            render: (v: string | null) => time(v),
          },
          { key: 'auditRemark', dataIndex: 'auditRemark', title: t('visitors.auditRemark'), ellipsis: true },
        ] satisfies TableColumnsType<VisitorItem>)
      : []),
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('visitors.createdAt'),
      sorter: true,
      render: (v: string) => time(v),
    },
    actionsColumn(t, actions),
  ];
}
