import { useState } from 'react';
import { Card, Descriptions, Flex, Progress, Select, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { rolloutApi } from '@siteops/contracts/rollout/api';
import {
  JOB_STATES,
  type JobState,
  type RolloutDetail as Detail,
  type RolloutJob,
} from '@siteops/contracts/rollout/schemas';
import { useEndpointQuery } from '@/api/queries';
import { formatDateTime } from '@/lib/time';
import { RolloutActions } from './RolloutActions';
import { CountsProgress, RolloutStatus, STATE_COLOR, StateCounts } from './rolloutTags';
import { useRolloutLive } from './useRolloutLive';
import { timeColumn } from '@/components/table/columns';

const JOBS_PAGE = 20;

/** Per group: how far it is (successes and failures of its devices), and whether it has started. */
function Groups({ detail }: { detail: Detail }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8} data-testid="rollout-groups">
      {detail.groups.map((g) => {
        return (
          <Flex key={g.groupNo} gap={12} align="center" wrap data-testid={`rollout-group-${g.groupNo}`}>
            <Typography.Text strong style={{ minWidth: 90 }}>
              {t('rollout.group', { n: g.groupNo })}
              {g.groupNo > detail.currentGroup && ` · ${t('rollout.waiting')}`}
            </Typography.Text>
            <CountsProgress
              label={t('rollout.group', { n: g.groupNo })}
              counts={g.counts}
              total={g.total}
              width={220}
            />
            <StateCounts counts={g.counts} />
          </Flex>
        );
      })}
    </Flex>
  );
}

/** Each device's job: state with download percent, attempts, why it failed. */
function Jobs({ id }: { id: number }) {
  const { t } = useTranslation();
  const [state, setState] = useState<JobState | undefined>();
  const [page, setPage] = useState(1);
  const jobs = useEndpointQuery(rolloutApi.jobs, { id, state, page, pageSize: JOBS_PAGE });
  const columns: TableColumnsType<RolloutJob> = [
    { key: 'sn', dataIndex: 'sn', title: t('rollout.sn') },
    { key: 'devName', dataIndex: 'devName', title: t('rollout.devName') },
    { key: 'groupNo', dataIndex: 'groupNo', title: t('rollout.groupNo'), width: 70 },
    {
      key: 'state',
      dataIndex: 'state',
      title: t('rollout.stateTitle'),
      render: (s: JobState, row) => (
        <Flex gap={8} align="center">
          <Tag color={STATE_COLOR[s]}>{t(`rollout.state.${s}`)}</Tag>
          {s === 'downloading' && row.percent !== null && (
            <Progress
              aria-label={t('rollout.state.downloading')}
              percent={row.percent}
              size="small"
              style={{ width: 100, margin: 0 }}
            />
          )}
        </Flex>
      ),
    },
    { key: 'attempts', dataIndex: 'attempts', title: t('rollout.attempts'), width: 80 },
    {
      key: 'reason',
      dataIndex: 'reason',
      title: t('rollout.reasonTitle'),
      render: (r: RolloutJob['reason'], row) =>
        r && (
          <Typography.Text type={row.state === 'failure' ? 'danger' : 'secondary'}>
            {t(`rollout.reason.${r}`)}
            {row.message && <Typography.Text type="secondary">{` (${row.message})`}</Typography.Text>}
          </Typography.Text>
        ),
    },
    { key: 'fromVersion', dataIndex: 'fromVersion', title: t('rollout.fromVersion') },
    timeColumn<RolloutJob>('stateAt', t('rollout.stateAt')),
  ];
  return (
    <Card
      size="small"
      title={t('rollout.devicesTitle')}
      extra={
        <Select<JobState>
          allowClear
          aria-label={t('rollout.stateTitle')}
          placeholder={t('rollout.stateTitle')}
          style={{ width: 140 }}
          value={state}
          onChange={(v) => {
            setState(v);
            setPage(1);
          }}
          options={JOB_STATES.map((s) => ({ value: s, label: t(`rollout.state.${s}`) }))}
        />
      }
    >
      <Table<RolloutJob>
        data-testid="rollout-jobs"
        rowKey="id"
        size="small"
        scroll={{ x: 'max-content' }}
        columns={columns}
        dataSource={jobs.data?.list}
        loading={jobs.isFetching && !jobs.data}
        pagination={{ current: page, pageSize: JOBS_PAGE, total: jobs.data?.total ?? 0, onChange: setPage }}
      />
    </Card>
  );
}

/** One rollout: settings, live progress per group and per device, and its actions. */
export function RolloutDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const detail = useEndpointQuery(rolloutApi.detail, { id });
  useRolloutLive([id]);
  const d = detail.data;
  if (!d) return null;
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex gap={8} align="center">
          <Typography.Title level={5} style={{ margin: 0 }}>
            {d.fileName} → {d.fileVersion}
          </Typography.Title>
          <RolloutStatus item={d} />
        </Flex>
        <RolloutActions item={d} size="middle" />
      </Flex>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, md: 3 }}
        items={[
          { key: 'total', label: t('rollout.total'), children: d.total },
          { key: 'group', label: t('rollout.currentGroup'), children: `${d.currentGroup} / ${d.groupCount}` },
          { key: 'success', label: t('rollout.successThreshold'), children: `${d.successThreshold}%` },
          { key: 'error', label: t('rollout.errorThreshold'), children: `${d.errorThreshold}%` },
          { key: 'concurrent', label: t('rollout.maxConcurrent'), children: d.maxConcurrent },
          { key: 'retries', label: t('rollout.maxRetries'), children: d.maxRetries },
          { key: 'timeout', label: t('rollout.stepTimeoutS'), children: `${d.stepTimeoutS} s` },
          { key: 'created', label: t('rollout.createdAt'), children: formatDateTime(d.createdAt) },
        ]}
      />
      <StateCounts counts={d.counts} testId="rollout-counts" />
      <Groups detail={d} />
      <Jobs id={id} />
    </Flex>
  );
}
