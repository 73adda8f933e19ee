import { Flex, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { broadcastApi } from '@siteops/contracts/broadcast/api';
import type { CampaignItem, OutcomeCounts, PlayOutcome, RunDevice } from '@siteops/contracts/broadcast/schemas';
import { useEndpointQuery } from '@/api/queries';
import { formatDateTime } from '@/lib/time';
import { timeColumn } from '@/components/table/columns';

const COLOR: Record<PlayOutcome, string> = {
  pending: 'processing',
  played: 'success',
  refused: 'error',
  offline: 'default',
};

export function OutcomeTag({ outcome }: { outcome: PlayOutcome }) {
  const { t } = useTranslation();
  return <Tag color={COLOR[outcome]}>{t(`broadcast.outcome.${outcome}`)}</Tag>;
}

/** "Played 2 · Refused 1 · Offline 1": the outcomes that happened. */
export function OutcomeCountsText({ counts }: { counts: OutcomeCounts }) {
  const { t } = useTranslation();
  const parts = (Object.keys(counts) as PlayOutcome[])
    .filter((o) => counts[o] > 0)
    .map((o) => `${t(`broadcast.outcome.${o}`)} ${counts[o]}`);
  return <span>{parts.join(' · ')}</span>;
}

/**
 * A campaign's latest runs, each with every speaker's outcome; refetched when the campaign's live
 * topic says a run started or a speaker answered (the list's useCampaignLive watches its rows).
 */
export function CampaignRuns({ item }: { item: CampaignItem }) {
  const { t } = useTranslation();
  const runs = useEndpointQuery(broadcastApi.runs, { id: item.id });
  const columns: TableColumnsType<RunDevice> = [
    { key: 'device', title: t('broadcast.device'), render: (_: unknown, d) => `${d.devName ?? d.sn} (${d.sn})` },
    { key: 'outcome', title: t('broadcast.col.status'), render: (_: unknown, d) => <OutcomeTag outcome={d.outcome} /> },
    { key: 'reason', dataIndex: 'reason', title: t('broadcast.reason') },
    timeColumn<RunDevice>('at', t('broadcast.answeredAt')),
  ];
  const list = runs.data?.list ?? [];
  if (runs.isSuccess && list.length === 0) {
    return (
      <Typography.Text type="secondary">
        {item.nextRunAt ? t('broadcast.noRuns', { at: formatDateTime(item.nextRunAt) }) : t('broadcast.noRunsAtAll')}
      </Typography.Text>
    );
  }
  return (
    <Flex vertical gap={12} aria-label={t('broadcast.runs')} role="group">
      {list.map((run) => (
        <Flex vertical gap={4} key={run.id}>
          <Typography.Text strong>
            {t('broadcast.run', { dueAt: formatDateTime(run.dueAt) })} · <OutcomeCountsText counts={run.counts} />
          </Typography.Text>
          <Table<RunDevice>
            rowKey="deviceId"
            size="small"
            pagination={false}
            columns={columns}
            dataSource={run.devices}
          />
        </Flex>
      ))}
    </Flex>
  );
}
