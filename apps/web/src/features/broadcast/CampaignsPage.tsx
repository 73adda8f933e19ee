import { useState, type Key } from 'react';
import { Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { broadcastApi } from '@siteops/contracts/broadcast/api';
import { CAMPAIGN_STATUSES, type CampaignItem, type CampaignStatus } from '@siteops/contracts/broadcast/schemas';
import { listRead } from '@/components/list/listRead';
import { useListPage } from '@/components/list/useListPage';
import { CampaignActions } from './CampaignActions';
import { actionsColumn } from '@/components/table/rowActions';
import { CampaignRuns, OutcomeCountsText } from './CampaignRuns';
import { NewCampaign } from './NewCampaign';
import { scheduleText } from './scheduleText';
import { useCampaignLive } from './useCampaignLive';
import { CreateButton } from '@/components/table/CreateButton';
import { timeColumn } from '@/components/table/columns';
import { SearchText } from '@/components/form/SearchText';
import { SearchSelect } from '@/components/form/SearchSelect';
import { ListLayout } from '@/components/list/ListLayout';

const FILTERS = ['name', 'status'] as const;
const STATUS_COLOR: Record<CampaignStatus, string> = {
  scheduled: 'processing',
  paused: 'warning',
  finished: 'success',
  cancelled: 'default',
};

const LIST = { filters: FILTERS };
export const firstRead = listRead(broadcastApi.listAll, () => LIST);

/**
 * /device/broadcast-campaign (admin, agent, manager): broadcast campaigns to cloud speakers with each
 * run's per-speaker outcome; `?new=1` is the step form that makes one, `?id=` opens a campaign's runs.
 */
export function CampaignsPage() {
  const [search, setSearch] = useSearchParams();
  const creating = search.get('new') === '1';
  const setCreating = (on: boolean) =>
    setSearch((s) => {
      const next = new URLSearchParams(s);
      if (on) next.set('new', '1');
      else next.delete('new');
      return next;
    });
  return creating ? (
    <NewCampaign onCancel={() => setCreating(false)} />
  ) : (
    <CampaignList onNew={() => setCreating(true)} />
  );
}

function CampaignList({ onNew }: { onNew: () => void }) {
  const { t } = useTranslation();
  const { table } = useListPage(broadcastApi.listAll, LIST);
  const [search] = useSearchParams();
  const openId = Number(search.get('id')) || undefined;
  // `?id=` (the success page's link) opens that campaign's runs, also on a page kept alive in its tab.
  const [expanded, setExpanded] = useState<readonly Key[]>(openId ? [openId] : []);
  const [shownId, setShownId] = useState(openId);
  if (shownId !== openId) {
    setShownId(openId);
    if (openId && !expanded.includes(openId)) setExpanded([...expanded, openId]);
  }
  const list = table.list ?? [];
  // Every row on screen, so a row's status and an open row's runs follow the speakers' answers.
  useCampaignLive(list.map((c) => c.id));

  const columns: TableColumnsType<CampaignItem> = [
    { key: 'id', dataIndex: 'id', title: 'ID', width: 70 },
    { key: 'name', dataIndex: 'name', title: t('broadcast.col.name') },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('broadcast.col.status'),
      render: (s: CampaignStatus) => <Tag color={STATUS_COLOR[s]}>{t(`broadcast.status.${s}`)}</Tag>,
    },
    {
      key: 'schedule',
      dataIndex: 'schedule',
      title: t('broadcast.col.schedule'),
      render: (_: unknown, c) => scheduleText(t, c.schedule),
    },
    timeColumn<CampaignItem>('nextRunAt', t('broadcast.col.nextRun')),
    {
      key: 'lastRun',
      dataIndex: 'lastRun',
      title: t('broadcast.col.lastRun'),
      render: (_: unknown, c) =>
        c.lastRun ? (
          <OutcomeCountsText counts={c.lastRun.counts} />
        ) : (
          <Typography.Text>{t('broadcast.noRun')}</Typography.Text>
        ),
    },
    { key: 'deviceCount', dataIndex: 'deviceCount', title: t('broadcast.col.devices') },
    timeColumn<CampaignItem>('createdAt', t('broadcast.col.createdAt')),
    actionsColumn<CampaignItem>(t, (c) => <CampaignActions item={c} />),
  ];

  return (
    <ListLayout
      intro={<Typography.Paragraph type="secondary">{t('broadcast.intro')}</Typography.Paragraph>}
      search={
        <>
          <SearchText name="name" label={t('broadcast.col.name')} />
          <SearchSelect
            name="status"
            label={t('broadcast.col.status')}
            options={CAMPAIGN_STATUSES.map((s) => ({ value: s, label: t(`broadcast.status.${s}`) }))}
          />
        </>
      }
      table={{
        tableId: 'broadcast-campaigns',
        columns,
        toolbar: <CreateButton onClick={onNew}>{t('broadcast.newCampaign')}</CreateButton>,
        expandable: {
          expandedRowKeys: expanded,
          onExpandedRowsChange: setExpanded,
          expandedRowRender: (c) => <CampaignRuns item={c} />,
        },
        ...table,
      }}
    />
  );
}
