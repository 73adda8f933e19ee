import { useState } from 'react';
import { DatePicker, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserListItem } from '@siteops/contracts/user/list';
import { userApi } from '@siteops/contracts/user/api';
import { listRead } from '@/components/list/listRead';
import { useListPage } from '@/components/list/useListPage';
import type { DateRange } from '@/components/form/formKit';
import { rangeSearch } from '@/components/list/rangeSearch';
import { message } from '@/lib/feedback';
import { showOneTimePassword } from '@/components/OneTimePassword';
import { useUserStore } from '@/stores/user';
import { optionsOf } from './userOptions';
import { userColumns } from './userColumns';
import { UserRowActions } from './UserRowActions';
import { UserFormDrawer } from './components/UserFormDrawer';
import { useUserDetail, useUserWrite } from './userCache';
import { ListLayout } from '@/components/list/ListLayout';
import { SearchText } from '@/components/form/SearchText';
import { SearchSelect } from '@/components/form/SearchSelect';

interface Filters {
  userName?: string;
  realName?: string;
  phone?: string;
  enabled?: string;
  certification?: string;
  isAgent?: string;
  idNo?: string;
  range?: DateRange | null;
}
const TEXT_FILTERS = ['userName', 'realName', 'phone', 'enabled', 'certification', 'isAgent', 'idNo'] as const;
// The created range travels in the URL as ISO instants (start of the first day, end of the last).
const SEARCH = rangeSearch<Filters>(TEXT_FILTERS, { from: 'createdFrom', to: 'createdTo', wholeDays: true });
const LIST = { filters: SEARCH.filters };
export const firstRead = listRead(userApi.listAll, () => LIST);

/**
 * /user/info (admin and agent): the users in the caller's scope with spec 2's columns, searched,
 * paged and sorted by the server; create and edit in a drawer, enable / disable, reset the password
 * to a one-time one (admin), delete.
 */
export function UserInfoPage() {
  const { t } = useTranslation();
  const role = useUserStore((s) => s.role);
  const realRole = useUserStore((s) => s.info?.role);
  const myId = useUserStore((s) => s.info?.id);
  const isAdmin = realRole === 'admin' && role === 'admin';
  const { table } = useListPage(userApi.listAll, LIST);
  const update = useUserWrite(userApi.update);
  const remove = useUserWrite(userApi.delete);
  const reset = useUserWrite(userApi.resetPasswd);
  const [creating, setCreating] = useState(false);
  const [editingId, setEditingId] = useState<number>();
  // An admin's edit form shows the full ID and card numbers; the server records that read.
  const detail = useUserDetail(editingId, isAdmin);
  const options = optionsOf(t);

  const setEnabled = async (row: UserListItem, enabled: 'enable' | 'disable') => {
    await update.mutateAsync({ id: row.id, enabled });
    message().success(t('common.saveSuccess'));
  };
  const resetPassword = async (row: UserListItem) => {
    showOneTimePassword(t, t('users.resetDone'), row.userName, await reset.mutateAsync({ id: row.id }));
  };
  const removeUser = async (row: UserListItem) => {
    await remove.mutateAsync({ ids: [row.id] });
    message().success(t('common.deleteSuccess'));
  };

  const columns = userColumns(t, (row) => (
    <UserRowActions
      row={row}
      self={row.id === myId}
      isAdmin={isAdmin}
      onEdit={() => setEditingId(row.id)}
      onSetEnabled={(enabled) => setEnabled(row, enabled)}
      onResetPassword={() => resetPassword(row)}
      onRemove={() => removeUser(row)}
    />
  ));

  const editing = editingId !== undefined && detail.data?.id === editingId ? detail.data : undefined;

  return (
    <ListLayout<Filters, UserListItem>
      {...SEARCH}
      search={
        <>
          <SearchText name="userName" label={t('users.userName')} />
          <SearchText name="realName" label={t('users.realName')} />
          <SearchText name="phone" label={t('users.phone')} />
          <SearchSelect name="enabled" label={t('users.enabled')} width={120} options={options.enabled} />
          <SearchSelect
            name="certification"
            label={t('users.certification')}
            width={120}
            options={options.certification}
          />
          <SearchSelect name="isAgent" label={t('users.isAgent')} width={100} options={options.yesNo} />
          <Form.Item name="idNo" label={t('users.idNoSearch')}>
            <Input allowClear autoComplete="off" />
          </Form.Item>
          <Form.Item name="range" label={t('users.createdRange')}>
            <DatePicker.RangePicker />
          </Form.Item>
        </>
      }
      table={{
        tableId: 'users',
        columns,
        ...table,
        loading: table.loading || (editingId !== undefined && detail.isFetching),
        onCreate: () => setCreating(true),
      }}
    >
      <UserFormDrawer
        open={creating || editing !== undefined}
        user={creating ? undefined : editing}
        callerRole={isAdmin ? 'admin' : realRole}
        onClose={() => {
          setCreating(false);
          setEditingId(undefined);
        }}
      />
    </ListLayout>
  );
}
