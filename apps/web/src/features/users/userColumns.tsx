import type { ReactNode } from 'react';
import { Avatar, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import type { UserListItem } from '@siteops/contracts/user/list';
import { labelOf } from './userOptions';
import { actionsColumn } from '@/components/table/rowActions';
import { timeColumn } from '@/components/table/columns';

const ENABLED_COLOR: Record<string, string> = { enable: 'success', disable: 'error', new: 'default' };
const CERT_COLOR: Record<string, string> = { auth: 'success', new: 'default', unknown: 'warning' };

/** The user list's columns (spec 2), the row's actions last. */
export function userColumns(t: TFunction, actions: (row: UserListItem) => ReactNode): TableColumnsType<UserListItem> {
  const option = (key: 'sex' | 'politics' | 'cultureLevel') => ({
    key,
    dataIndex: key,
    title: t(`users.${key}`),
    render: (v: string | null) => labelOf(t, `${key}Options`, v),
  });
  return [
    { key: 'userName', dataIndex: 'userName', title: t('users.userName'), sorter: true, fixed: 'left' },
    { key: 'realName', dataIndex: 'realName', title: t('users.realName'), sorter: true },
    {
      key: 'avatar',
      dataIndex: 'avatarUrl',
      title: t('users.avatar'),
      render: (url: string | null) => <Avatar src={url ?? undefined} icon={<UserOutlined />} size="small" alt="" />,
    },
    option('sex'),
    { key: 'birthday', dataIndex: 'birthday', title: t('users.birthday'), sorter: true },
    { key: 'phone', dataIndex: 'phone', title: t('users.phone') },
    { key: 'idNo', dataIndex: 'idNo', title: t('users.idNo') },
    { key: 'cardNo', dataIndex: 'cardNo', title: t('users.cardNo') },
    option('politics'),
    option('cultureLevel'),
    {
      key: 'certification',
      dataIndex: 'certification',
      title: t('users.certification'),
      render: (v: string) => <Tag color={CERT_COLOR[v]}>{labelOf(t, 'certificationOptions', v)}</Tag>,
    },
    {
      key: 'enabled',
      dataIndex: 'enabled',
      title: t('users.enabled'),
      render: (v: string) => <Tag color={ENABLED_COLOR[v]}>{labelOf(t, 'enabledOptions', v)}</Tag>,
    },
    {
      key: 'isAgent',
      dataIndex: 'isAgent',
      title: t('users.isAgent'),
      render: (v: boolean) => (v ? t('users.yes') : t('users.no')),
    },
    timeColumn<UserListItem>('createdAt', t('users.createdAt'), { sortable: true }),
    actionsColumn(t, actions),
  ];
}
