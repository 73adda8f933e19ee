import { Progress, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { JobState, RolloutItem } from '@siteops/contracts/rollout/schemas';

const STATUS_COLOR: Record<RolloutItem['status'], string> = {
  running: 'processing',
  paused: 'warning',
  cancelled: 'default',
  finished: 'success',
};
export const STATE_COLOR: Record<JobState, string> = {
  queued: 'default',
  notified: 'processing',
  downloading: 'processing',
  verifying: 'processing',
  installing: 'processing',
  rebooting: 'processing',
  success: 'success',
  failure: 'error',
  cancelled: 'default',
};

/** A rollout's status, with why it is paused. */
export function RolloutStatus({ item }: { item: Pick<RolloutItem, 'status' | 'pauseReason'> }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOR[item.status]} data-testid="rollout-status">
      {t(`rollout.status.${item.status}`)}
      {item.pauseReason && ` · ${t(`rollout.pauseReason.${item.pauseReason}`)}`}
    </Tag>
  );
}

/** The non-zero device counts by state, in the states' order. */
export function StateCounts({ counts, testId }: { counts: Record<JobState, number>; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span data-testid={testId}>
      {(Object.keys(STATE_COLOR) as JobState[])
        .filter((s) => counts[s] > 0)
        .map((s) => (
          <Tag key={s} color={STATE_COLOR[s]}>
            {t(`rollout.state.${s}`)} {counts[s]}
          </Tag>
        ))}
    </span>
  );
}

/**
 * How far a rollout or one of its groups is: done of total as text, successes in the bar. The text keeps
 * the body colour whatever the status: antd paints it red or green, which fails contrast on white (axe).
 */
export function CountsProgress({
  label,
  counts,
  total,
  width,
}: {
  label: string;
  counts: Record<JobState, number>;
  total: number;
  width: number;
}) {
  const done = counts.success + counts.failure + counts.cancelled;
  const percentOf = (n: number) => (total ? Math.round((n * 100) / total) : 0);
  return (
    <Progress
      aria-label={label}
      style={{ width, margin: 0 }}
      percent={percentOf(done)}
      success={{ percent: percentOf(counts.success) }}
      status={counts.failure > 0 ? 'exception' : undefined}
      format={() => <span style={{ color: 'var(--ant-color-text)' }}>{`${done}/${total}`}</span>}
    />
  );
}
