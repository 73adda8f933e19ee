import './messages';
import { useEffect, useState } from 'react';
import { Button, Card, Descriptions, Empty, Flex, Select, Space, Steps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { alarmEscalationApi } from '@siteops/contracts/alarm-escalation/api';
import { DataTable, type PageParams } from '@/components/table/DataTable';
import { CreateButton } from '@/components/table/CreateButton';
import { RowAction, RowActions, actionsColumn } from '@/components/table/rowActions';
import { useListDelete } from '@/components/list/useListDelete';
import { ProjectPageLayout } from '@/components/list/ProjectPageLayout';
import { RowDeleteButton } from '@/components/table/RowDeleteButton';
import { afterReport } from '@/api/reported';
import { message } from '@/lib/feedback';
import { useRowEditor } from '@/hooks/useRowEditor';
import { useChains } from './api/listChains';
import { useChannels } from './api/listChannels';
import { useProjectChoices } from './api/listProjectOptions';
import { useTestChannel } from './api/testChannel';
import { useUserOptions } from './api/listUserOptions';
import { ChainDrawer } from './ChainDrawer';
import { ChannelDrawer } from './ChannelDrawer';
import { DeliveryLogDrawer } from './DeliveryLogDrawer';
import { channelInUseText } from './channelInUse';
import { deliveryError } from './notifiedText';
import type { ChainItemOut, ChannelItemOut } from './types';

/** The project shown, kept in the address (`projectId`); the first in the caller's scope until one is chosen. */
function useProjectParam(first: number | undefined) {
  const [search, setSearch] = useSearchParams();
  const raw = search.get('projectId');
  const projectId = raw ? Number(raw) : undefined;
  const choose = (id: number) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('projectId', String(id));
        return next;
      },
      { replace: true },
    );
  useEffect(() => {
    if (projectId === undefined && first !== undefined) choose(first);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [projectId, first]);
  return { projectId, choose };
}

/**
 * /alarm/alarm-escalation (admin, agent, manager): per project, the escalation chain (who is told, how
 * and when, until someone acknowledges) and the channels it may use (the project's own and its agent's),
 * each with "send a test" and its delivery log. Deletes ask first.
 */
export function EscalationPage() {
  const { t } = useTranslation();
  const projects = useProjectChoices();
  const { projectId, choose } = useProjectParam(projects.data?.[0]?.value);
  const project = projects.data?.find((p) => p.value === projectId);
  return (
    <ProjectPageLayout
      label={t('alarmEscalation.project')}
      picker={
        <Select
          aria-label={t('alarmEscalation.project')}
          style={{ minWidth: 260 }}
          showSearch={{ optionFilterProp: 'label' }}
          loading={projects.isFetching}
          value={projectId}
          options={(projects.data ?? []).map(({ value, label }) => ({ value, label }))}
          onChange={choose}
        />
      }
    >
      {projectId !== undefined && <Escalation projectId={projectId} agentId={project?.agentId ?? null} />}
    </ProjectPageLayout>
  );
}

function Escalation({ projectId, agentId }: { projectId: number; agentId: number | null }) {
  const channelsQuery = useChannels({ pageSize: 200 });
  const usable = (channelsQuery.data?.list ?? []).filter(
    (c) => c.projectId === projectId || (c.scope === 'agent' && agentId !== null && c.agentId === agentId),
  );
  const chains = useChains({ projectId });
  const chain = chains.data?.list[0];
  const [editingChain, setEditingChain] = useState(false);
  return (
    <>
      <ChainCard
        chain={chain}
        loading={chains.isFetching}
        channels={channelsQuery.data?.list ?? []}
        onEdit={() => setEditingChain(true)}
      />
      <Channels
        projectId={projectId}
        list={usable}
        loading={channelsQuery.isFetching}
        onRefresh={() => void channelsQuery.refetch()}
      />
      <ChainDrawer
        open={editingChain}
        chain={chain}
        projectId={projectId}
        channels={usable}
        onClose={() => setEditingChain(false)}
      />
    </>
  );
}

function ChainCard({
  chain,
  loading,
  channels,
  onEdit,
}: {
  chain: ChainItemOut | undefined;
  loading: boolean;
  channels: readonly ChannelItemOut[];
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const { rowDelete } = useListDelete(alarmEscalationApi.chainDelete);
  const users = useUserOptions(chain !== undefined);
  const channelName = (id: number) => channels.find((c) => c.id === id)?.name ?? `#${id}`;
  const userName = (id: number) => users.data?.find((u) => u.value === id)?.label ?? `#${id}`;
  return (
    <Card
      title={t('alarmEscalation.chain')}
      loading={loading && !chain}
      extra={
        chain ? (
          <Space>
            <Button type="primary" onClick={onEdit}>
              {t('alarmEscalation.editChain')}
            </Button>
            {rowDelete(chain.id, t('alarmEscalation.deleteChain'))}
          </Space>
        ) : null
      }
    >
      {chain ? (
        <Flex vertical gap={16}>
          <Descriptions size="small" column={{ xs: 1, md: 3 }}>
            <Descriptions.Item label={t('alarmEscalation.chainName')}>
              {chain.name}{' '}
              <Tag color={chain.enabled ? 'success' : 'default'}>
                {chain.enabled ? t('alarmEscalation.on') : t('alarmEscalation.off')}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('alarmEscalation.severities')}>
              {chain.severities.map((s) => t(`alarms.severities.${s}`)).join(', ')}
            </Descriptions.Item>
            <Descriptions.Item label={t('alarmEscalation.repeatMinutes')}>
              {chain.repeatMinutes
                ? t('alarmEscalation.repeatEvery', { count: chain.repeatMinutes })
                : t('alarmEscalation.noRepeat')}
            </Descriptions.Item>
          </Descriptions>
          <Steps
            direction="vertical"
            size="small"
            current={-1}
            items={chain.steps.map((s, i) => ({
              title: `${t('alarmEscalation.step', { n: i + 1 })} · ${
                s.delayMinutes === 0
                  ? t('alarmEscalation.atOnce')
                  : t('alarmEscalation.afterMinutes', { count: s.delayMinutes })
              }`,
              description: (
                <Flex vertical gap={4}>
                  <span>
                    {[...s.roles.map((r) => t(`alarmEscalation.role.${r}`)), ...s.userIds.map(userName)].join(', ') ||
                      t('alarmEscalation.timeline.nobody')}
                  </span>
                  <span>
                    {s.channelIds.map((id) => (
                      <Tag key={id}>{channelName(id)}</Tag>
                    ))}
                  </span>
                </Flex>
              ),
            }))}
          />
          <Typography.Text type="secondary">{t('alarmEscalation.stopsHint')}</Typography.Text>
        </Flex>
      ) : (
        <Empty description={t('alarmEscalation.noChain')}>
          <Button type="primary" onClick={onEdit}>
            {t('alarmEscalation.createChain')}
          </Button>
        </Empty>
      )}
    </Card>
  );
}

function Channels({
  projectId,
  list,
  loading,
  onRefresh,
}: {
  projectId: number;
  list: ChannelItemOut[];
  loading: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useState<PageParams>({ page: 1, pageSize: 20 });
  const { removeIds } = useListDelete(alarmEscalationApi.channelDelete);
  const test = useTestChannel();
  const editor = useRowEditor<ChannelItemOut>();
  const [logOf, setLogOf] = useState<ChannelItemOut | null>(null);
  const sendTest = async (c: ChannelItemOut) => {
    const d = await test.mutateAsync({ id: c.id });
    const detail = [
      d.status !== null ? `HTTP ${d.status}` : null,
      d.reached > 1 ? t('alarmEscalation.reached', { count: d.reached }) : null,
      deliveryError(t, d.error) || null,
    ]
      .filter(Boolean)
      .join(', ');
    if (d.ok) message().success(t('alarmEscalation.testOk', { detail: detail || t('alarmEscalation.ok') }));
    else message().error(t('alarmEscalation.testFailed', { detail: detail || t('alarmEscalation.failed') }));
  };
  const page = list.slice((params.page - 1) * params.pageSize, params.page * params.pageSize);
  return (
    <Card title={t('alarmEscalation.channelList')}>
      <DataTable<ChannelItemOut>
        tableId="alarm-escalation-channels"
        rowKey="id"
        list={page}
        total={list.length}
        loading={loading}
        params={params}
        onParamsChange={setParams}
        onRefresh={onRefresh}
        toolbar={<CreateButton onClick={editor.create}>{t('alarmEscalation.createChannel')}</CreateButton>}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('alarmEscalation.channelName') },
          {
            key: 'kind',
            dataIndex: 'kind',
            title: t('alarmEscalation.kind'),
            render: (k: ChannelItemOut['kind']) => <Tag>{t(`alarmEscalation.kinds.${k}`)}</Tag>,
          },
          {
            key: 'belongsTo',
            title: t('alarmEscalation.belongsTo'),
            render: (_: unknown, c) =>
              `${t(`alarmEscalation.scopes.${c.scope}`)}${c.targetName ? `: ${c.targetName}` : ''}`,
          },
          {
            key: 'address',
            title: t('alarmEscalation.address'),
            render: (_: unknown, c) =>
              [c.urlSet && t('alarmEscalation.address'), c.secretSet && t('alarmEscalation.secret')]
                .filter(Boolean)
                .map((what) => <Tag key={String(what)} color="blue">{`${what}: ${t('alarmEscalation.isSet')}`}</Tag>),
          },
          {
            key: 'enabled',
            dataIndex: 'enabled',
            title: t('alarmEscalation.enabled'),
            render: (v: boolean) => (
              <Tag color={v ? 'success' : 'default'}>{v ? t('alarmEscalation.on') : t('alarmEscalation.off')}</Tag>
            ),
          },
          actionsColumn<ChannelItemOut>(t, (row) => (
            <RowActions wrap={false}>
              <RowAction onClick={() => void afterReport(sendTest(row))}>{t('alarmEscalation.sendTest')}</RowAction>
              <RowAction onClick={() => setLogOf(row)}>{t('alarmEscalation.log')}</RowAction>
              <RowAction onClick={() => editor.edit(row)}>{t('common.edit')}</RowAction>
              <RowDeleteButton onConfirm={() => afterReport(removeIds([row.id]))} title={channelInUseText(t, row)} />
            </RowActions>
          )),
        ]}
      />
      <ChannelDrawer open={editor.open} channel={editor.row} projectId={projectId} onClose={editor.close} />
      <DeliveryLogDrawer channel={logOf} onClose={() => setLogOf(null)} />
    </Card>
  );
}
