import { Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { AGENT_STATUS, type AgentInUse, type AgentItem } from '@siteops/contracts/agent/schemas';
import { agentApi } from '@siteops/contracts/agent/api';

import { ApiError } from '@/api/envelope';
import { listRead } from '@/components/list/listRead';
import { useListPage } from '@/components/list/useListPage';
import { usePermission } from '@/hooks/usePermission';
import { useRowEditor } from '@/hooks/useRowEditor';
import { modal } from '@/lib/feedback';
import { AgentFormModal } from './AgentFormModal';
import { actionsColumn, RowActions, RowAction } from '@/components/table/rowActions';
import { useListDelete } from '@/components/list/useListDelete';
import { ListLayout } from '@/components/list/ListLayout';
import { textColumn, timeColumn, valueColumn } from '@/components/table/columns';
import { SearchText } from '@/components/form/SearchText';
import { SearchSelect } from '@/components/form/SearchSelect';

const FILTERS = ['name', 'linkName', 'linkPhone', 'status', 'expired'] as const;
const ADMIN_ONLY = ['admin'] as const;

const LIST = { filters: FILTERS };
export const firstRead = listRead(agentApi.listAll, () => LIST);

/**
 * /user/agent (admin, agent): agents with every spec-3 field and their admin user. An administrator
 * creates (agent and admin user in one submit), edits and deletes; an agent sees only its own row
 * (the server's scope) and may edit its contact details.
 */
export function AgentsPage() {
  const { t } = useTranslation();
  const isAdmin = usePermission(ADMIN_ONLY);
  const { table } = useListPage(agentApi.listAll, LIST);
  const editor = useRowEditor<AgentItem>();

  const explainInUse = (error: unknown) => {
    if (!(error instanceof ApiError) || error.status !== 409) return;
    const data = error.data as Partial<AgentInUse> | null;
    if (!data?.counts) return;
    const what = (['users', 'projects', 'devices'] as const)
      .filter((k) => (data.counts?.[k] ?? 0) > 0)
      .map((k) => t(`agents.inUse.${k}`, { count: data.counts?.[k] }))
      .join(t('agents.inUse.separator'));
    modal().error({ title: t('agents.inUse.title'), content: t('agents.inUse.content', { name: data.name, what }) });
  };

  const { selectable, rowDelete } = useListDelete(agentApi.delete, { onRefused: explainInUse });

  const columns: TableColumnsType<AgentItem> = [
    { key: 'id', dataIndex: 'id', title: 'ID', sorter: true, width: 70 },
    { key: 'name', dataIndex: 'name', title: t('agents.name'), sorter: true },
    { key: 'linkName', dataIndex: 'linkName', title: t('agents.linkName') },
    { key: 'linkPhone', dataIndex: 'linkPhone', title: t('agents.linkPhone') },
    valueColumn(
      'expDate',
      t('agents.expDate'),
      (v, row) => (
        <Space size={4}>
          <span>{v}</span>
          {row.expired && <Tag color="red">{t('agents.expired')}</Tag>}
        </Space>
      ),
      { sortable: true },
    ),
    valueColumn('status', t('agents.status'), (v) => (
      <Tag color={v === 'valid' ? 'success' : 'default'}>{t(`agents.statusValues.${v}`, { defaultValue: v })}</Tag>
    )),
    textColumn<AgentItem>('address', t('agents.address'), 200),
    { key: 'longitude', dataIndex: 'longitude', title: t('agents.longitude') },
    { key: 'latitude', dataIndex: 'latitude', title: t('agents.latitude') },
    {
      key: 'account',
      title: t('agents.account'),
      render: (_: unknown, row) =>
        row.user ? `${row.user.userName}${row.user.realName ? ` (${row.user.realName})` : ''}` : '',
    },
    { key: 'userCount', dataIndex: 'userCount', title: t('agents.userCount') },
    timeColumn<AgentItem>('createdAt', t('agents.createdAt'), { sortable: true }),
    actionsColumn<AgentItem>(t, (row) => (
      <RowActions>
        <RowAction onClick={() => editor.edit(row)}>{t('common.edit')}</RowAction>
        {isAdmin && rowDelete(row.id)}
      </RowActions>
    )),
  ];

  return (
    <ListLayout
      search={
        <>
          <SearchText name="name" label={t('agents.name')} id="agents-query-name" />
          <SearchText name="linkName" label={t('agents.linkName')} id="agents-query-linkName" />
          <SearchText name="linkPhone" label={t('agents.linkPhone')} id="agents-query-linkPhone" />
          <SearchSelect
            name="status"
            label={t('agents.status')}
            id="agents-query-status"
            width={120}
            options={AGENT_STATUS.map((s) => ({ value: s, label: t(`agents.statusValues.${s}`) }))}
          />
          <SearchSelect
            name="expired"
            label={t('agents.expiredFilter')}
            id="agents-query-expired"
            width={120}
            options={(['true', 'false'] as const).map((v) => ({ value: v, label: t(`agents.expiredValues.${v}`) }))}
          />
        </>
      }
      table={{
        tableId: 'agents',
        columns,
        ...table,
        // Only an administrator creates and deletes.
        ...(isAdmin && { ...selectable, onCreate: editor.create }),
      }}
    >
      <AgentFormModal editing={editor.editing} isAdmin={isAdmin} onClose={editor.close} />
    </ListLayout>
  );
}
