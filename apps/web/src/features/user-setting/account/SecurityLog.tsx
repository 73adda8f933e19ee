import { Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountApi } from '@siteops/contracts/account/api';
import type { SecurityLogItem } from '@siteops/contracts/account/schemas';
import { DataTable } from '@/components/table/DataTable';
import { useLocalListPage } from '@/components/list/useLocalListPage';
import { timeColumn } from '@/components/table/columns';

/** `user.updatePasswd` -> `userSecurity.action.user_updatePasswd` (i18next reads dots as nesting). */
const actionKey = (action: string) => `userSecurity.action.${action.replace(/\./g, '_')}`;

/**
 * The security log (issue 13): audited changes of the caller's own account, by itself or by an
 * administrator, newest first. Paged in the component: the settings page's address holds only its tab.
 */
export function SecurityLog() {
  const { t } = useTranslation();
  const { table } = useLocalListPage(accountApi.securityLog);
  const columns: TableColumnsType<SecurityLogItem> = [
    {
      key: 'action',
      dataIndex: 'action',
      title: t('userSecurity.log.action'),
      render: (action: string) => t(actionKey(action), { defaultValue: action }),
    },
    {
      key: 'actor',
      dataIndex: 'actorName',
      title: t('userSecurity.log.actor'),
      render: (name: string | null, row) =>
        row.byOther ? <Tag color="warning">{name ?? ''}</Tag> : t('userSecurity.log.you'),
    },
    { key: 'ip', dataIndex: 'ip', title: t('userSecurity.log.ip') },
    timeColumn<SecurityLogItem>('createdAt', t('userSecurity.log.time')),
  ];
  return <DataTable<SecurityLogItem> tableId="security-log" rowKey="id" columns={columns} {...table} />;
}
