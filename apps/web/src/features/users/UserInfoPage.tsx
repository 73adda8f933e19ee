import { useState } from 'react';
import { Avatar, Button, Card, DatePicker, Flex, Form, Input, Popconfirm, Select, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import type { UserListItem, UserListQuery } from '@siteops/contracts/user';
import { userApi } from '@siteops/contracts/api/user';
import { useEndpointQuery } from '../../api/endpoint';
import { DataTable } from '../../components/table/DataTable';
import { useListParams } from '../../components/table/useListParams';
import { QueryForm } from '../../components/form/QueryForm';
import { valuesToParams } from '../../components/form/formKit';
import { message } from '../../lib/feedback';
import { useUserStore } from '../../stores/user';
import { labelOf, optionsOf } from './userOptions';
import { UserFormDrawer } from './components/UserFormDrawer';
import { useUserDetail, useUserWrite } from './userCache';

interface Filters {
  userName?: string;
  realName?: string;
  phone?: string;
  enabled?: string;
  certification?: string;
  isAgent?: string;
  idNo?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}
const TEXT_FILTERS = ['userName', 'realName', 'phone', 'enabled', 'certification', 'isAgent', 'idNo'] as const;
const NAMES = [...TEXT_FILTERS, 'createdFrom', 'createdTo'] as const;

/** The created range travels in the URL as ISO instants (start of the first day, end of the last). */
function toParams({ range, ...rest }: Filters) {
  return valuesToParams({
    ...rest,
    createdFrom: range?.[0]?.startOf('day').toISOString(),
    createdTo: range?.[1]?.endOf('day').toISOString(),
  });
}

function fromParams(params: URLSearchParams): Filters {
  const from = params.get('createdFrom');
  const to = params.get('createdTo');
  return {
    ...Object.fromEntries(TEXT_FILTERS.map((n) => [n, params.get(n) ?? undefined])),
    range: from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : undefined,
  };
}

const time = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');
const ENABLED_COLOR: Record<string, string> = { enable: 'success', disable: 'error', new: 'default' };
const CERT_COLOR: Record<string, string> = { auth: 'success', new: 'default', unknown: 'warning' };

/**
 * /user/info (admin and agent): the users in the caller's scope with spec 2's columns, searched,
 * paged and sorted by the server; create and edit in a drawer, enable / disable, reset to the
 * default password (admin), delete.
 */
export function UserInfoPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const role = useUserStore((s) => s.role);
  const realRole = useUserStore((s) => s.info?.role);
  const myId = useUserStore((s) => s.info?.id);
  const isAdmin = realRole === 'admin' && role === 'admin';
  const filters = Object.fromEntries(NAMES.map((n) => [n, search.get(n) ?? undefined]));
  const [params, setParams] = useListParams(JSON.stringify(filters));
  const query = useEndpointQuery(userApi.listAll, { ...params, ...filters } as UserListQuery);
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
    await reset.mutateAsync({ id: row.id });
    message().success(t('users.resetDone'));
  };
  const removeUser = async (row: UserListItem) => {
    await remove.mutateAsync({ ids: [row.id] });
    message().success(t('common.deleteSuccess'));
  };

  const columns: TableColumnsType<UserListItem> = [
    { key: 'userName', dataIndex: 'userName', title: t('users.userName'), sorter: true, fixed: 'left' },
    { key: 'realName', dataIndex: 'realName', title: t('users.realName'), sorter: true },
    {
      key: 'avatar',
      dataIndex: 'avatarUrl',
      title: t('users.avatar'),
      render: (url: string | null) => <Avatar src={url ?? undefined} icon={<UserOutlined />} size="small" alt="" />,
    },
    { key: 'sex', dataIndex: 'sex', title: t('users.sex'), render: (v: string | null) => labelOf(t, 'sexOptions', v) },
    { key: 'birthday', dataIndex: 'birthday', title: t('users.birthday'), sorter: true },
    { key: 'phone', dataIndex: 'phone', title: t('users.phone') },
    { key: 'idNo', dataIndex: 'idNo', title: t('users.idNo') },
    { key: 'cardNo', dataIndex: 'cardNo', title: t('users.cardNo') },
    {
      key: 'politics',
      dataIndex: 'politics',
      title: t('users.politics'),
      render: (v: string | null) => labelOf(t, 'politicsOptions', v),
    },
    {
      key: 'cultureLevel',
      dataIndex: 'cultureLevel',
      title: t('users.cultureLevel'),
      render: (v: string | null) => labelOf(t, 'cultureLevelOptions', v),
    },
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
    { key: 'createdAt', dataIndex: 'createdAt', title: t('users.createdAt'), sorter: true, render: time },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'right',
      render: (_: unknown, row) => {
        const self = row.id === myId;
        return (
          <Space size={0} wrap={false}>
            <Button type="link" size="small" onClick={() => setEditingId(row.id)}>
              {t('common.edit')}
            </Button>
            {row.enabled !== 'enable' && (
              <Button type="link" size="small" onClick={() => void setEnabled(row, 'enable').catch(() => undefined)}>
                {t('users.enable')}
              </Button>
            )}
            {row.enabled !== 'disable' && !self && (
              <Popconfirm
                title={t('users.disableConfirm')}
                okText={t('common.ok')}
                cancelText={t('common.cancel')}
                onConfirm={() => setEnabled(row, 'disable').catch(() => undefined)}
              >
                <Button type="link" size="small" danger>
                  {t('users.disable')}
                </Button>
              </Popconfirm>
            )}
            {isAdmin && !self && (
              <Popconfirm
                title={t('users.resetConfirm')}
                okText={t('common.ok')}
                cancelText={t('common.cancel')}
                onConfirm={() => resetPassword(row).catch(() => undefined)}
              >
                <Button type="link" size="small">
                  {t('users.resetPassword')}
                </Button>
              </Popconfirm>
            )}
            {!self && (
              <Popconfirm
                title={t('common.deleteConfirm')}
                okText={t('common.ok')}
                cancelText={t('common.cancel')}
                onConfirm={() => removeUser(row).catch(() => undefined)}
              >
                <Button type="link" size="small" danger>
                  {t('common.delete')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        );
      },
    },
  ];

  const editing = editingId !== undefined && detail.data?.id === editingId ? detail.data : undefined;

  return (
    <Flex vertical gap={16}>
      <Card>
        <QueryForm<Filters> names={NAMES} toParams={toParams} fromParams={fromParams}>
          <Form.Item name="userName" label={t('users.userName')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="realName" label={t('users.realName')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="phone" label={t('users.phone')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="enabled" label={t('users.enabled')}>
            <Select allowClear options={options.enabled} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="certification" label={t('users.certification')}>
            <Select allowClear options={options.certification} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="isAgent" label={t('users.isAgent')}>
            <Select allowClear options={options.yesNo} style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="idNo" label={t('users.idNoSearch')}>
            <Input allowClear autoComplete="off" />
          </Form.Item>
          <Form.Item name="range" label={t('users.createdRange')}>
            <DatePicker.RangePicker />
          </Form.Item>
        </QueryForm>
      </Card>
      <Card>
        <DataTable<UserListItem>
          tableId="users"
          rowKey="id"
          columns={columns}
          list={query.data?.list}
          total={query.data?.total ?? 0}
          loading={query.isFetching || (editingId !== undefined && detail.isFetching)}
          params={params}
          onParamsChange={setParams}
          onRefresh={() => void query.refetch()}
          toolbar={
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('common.create')}
            </Button>
          }
        />
      </Card>
      <UserFormDrawer
        open={creating || editing !== undefined}
        user={creating ? undefined : editing}
        callerRole={isAdmin ? 'admin' : realRole}
        onClose={() => {
          setCreating(false);
          setEditingId(undefined);
        }}
      />
    </Flex>
  );
}
