import { Badge, Button, Flex, Space, Tabs, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notificationApi } from '@siteops/contracts/notification/api';
import {
  NOTIFICATION_FILTER_KINDS,
  type NotificationItem,
  type NotificationTab,
} from '@siteops/contracts/notification/schemas';
import { useEndpointMutation } from '@/api/queries';
import { afterReport } from '@/api/reported';
import { useListPage } from '@/components/list/useListPage';
import { useTabParam } from '@/components/list/useTabParam';
import { BatchDeleteButton } from '@/components/table/BatchDeleteButton';
import { useRowSelection } from '@/components/table/useRowSelection';
import { useNotificationCounts } from './useNotifications';
import { actionsColumn, RowActions, RowAction } from '@/components/table/rowActions';
import { RowDeleteButton } from '@/components/table/RowDeleteButton';
import { ListLayout } from '@/components/list/ListLayout';
import { timeColumn } from '@/components/table/columns';
import { SearchSelect } from '@/components/form/SearchSelect';

const FILTERS = ['keyword', 'kind', 'unread'] as const;
const TABS = ['all', 'message', 'notice', 'todo'] as const;

/**
 * /user/messages (every role): the caller's whole message box, by tab (in the address like every
 * list state), unread or read, searched by words; mark read, all read, delete. Only ever the caller's
 * own: the server scopes every call to it.
 */
export function NotificationCentrePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [tab, switchTab] = useTabParam(TABS, { omitFirst: true });
  const fixed = tab === 'all' ? {} : { tab };
  const { table } = useListPage(notificationApi.listAll, { filters: FILTERS, fixed });
  const counts = useNotificationCounts().data;
  const { selected, setSelected, ids: selectedIds, deselect, selection } = useRowSelection();
  const read = useEndpointMutation(notificationApi.read);
  const readAll = useEndpointMutation(notificationApi.readAll);
  const remove = useEndpointMutation(notificationApi.delete);

  const openTab = (key: string) => {
    switchTab(key);
    setSelected([]);
  };
  const removeIds = (ids: number[]) => afterReport(remove.mutateAsync({ ids }).then(() => deselect(ids)));
  const open = (row: NotificationItem) => {
    if (!row.read) void afterReport(read.mutateAsync({ id: row.id }));
    if (row.link) void navigate(row.link);
  };
  const unreadHere = tab === 'all' ? (counts?.total ?? 0) : (counts?.[tab] ?? 0);

  const columns: TableColumnsType<NotificationItem> = [
    {
      key: 'title',
      title: t('notifications.field.title'),
      render: (_: unknown, row) => (
        <Flex gap={8} align="baseline">
          <Badge status={row.read ? 'default' : 'processing'} />
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text strong={!row.read}>{row.title}</Typography.Text>
            {row.body && <Typography.Text type="secondary">{row.body}</Typography.Text>}
          </Flex>
        </Flex>
      ),
    },
    {
      key: 'tab',
      dataIndex: 'tab',
      title: t('notifications.field.tab'),
      render: (v: NotificationTab) => t(`messageBox.${v}`),
    },
    {
      key: 'kind',
      dataIndex: 'kind',
      title: t('notifications.field.kind'),
      render: (v: NotificationItem['kind']) => t(`notifications.kinds.${v ?? 'account'}`),
    },
    {
      key: 'read',
      dataIndex: 'read',
      title: t('notifications.field.status'),
      render: (v: boolean) => t(v ? 'notifications.read' : 'notifications.unread'),
    },
    timeColumn<NotificationItem>('createdAt', t('notifications.field.createdAt')),
    actionsColumn<NotificationItem>(t, (row) => (
      <RowActions>
        {row.link && <RowAction onClick={() => open(row)}>{t('notifications.open')}</RowAction>}
        {!row.read && (
          <RowAction onClick={() => void afterReport(read.mutateAsync({ id: row.id }))}>
            {t('notifications.markRead')}
          </RowAction>
        )}
        <RowDeleteButton onConfirm={() => removeIds([row.id])} />
      </RowActions>
    )),
  ];

  return (
    <ListLayout
      keyword={{ label: t('notifications.keyword'), placeholder: t('notifications.keywordPlaceholder') }}
      search={
        <>
          <SearchSelect
            name="kind"
            label={t('notifications.field.kind')}
            minWidth={140}
            placeholder={t('notifications.anyKind')}
            options={NOTIFICATION_FILTER_KINDS.map((k) => ({ value: k, label: t(`notifications.kinds.${k}`) }))}
          />
          <SearchSelect
            name="unread"
            label={t('notifications.field.status')}
            minWidth={120}
            placeholder={t('notifications.any')}
            options={[
              { value: 'true', label: t('notifications.unread') },
              { value: 'false', label: t('notifications.read') },
            ]}
          />
        </>
      }
      tableHead={
        <Tabs
          activeKey={tab}
          onChange={openTab}
          items={TABS.map((key) => ({
            key,
            label: (
              <Badge count={key === 'all' ? 0 : (counts?.[key] ?? 0)} size="small" offset={[8, -2]}>
                {key === 'all' ? t('notifications.all') : t(`messageBox.${key}`)}
              </Badge>
            ),
          }))}
        />
      }
      table={{
        tableId: 'notification-centre',
        columns,
        ...selection,
        toolbar: (
          <Space wrap>
            <Button
              disabled={unreadHere === 0}
              loading={readAll.isPending}
              onClick={() => void afterReport(readAll.mutateAsync(tab === 'all' ? {} : { tab }))}
            >
              {t('messageBox.allRead')}
            </Button>
            <BatchDeleteButton count={selected.length} onConfirm={() => void removeIds(selectedIds)} />
          </Space>
        ),
        ...table,
      }}
    />
  );
}
