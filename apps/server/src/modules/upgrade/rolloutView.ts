import { sql } from 'drizzle-orm';
import {
  JOB_STATES,
  type JobState,
  type RolloutDetail,
  type RolloutItem,
  type RolloutJob,
} from '@siteops/contracts/rollout/schemas';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { notFoundOf } from '../../core/errors.ts';

interface RolloutRow {
  id: number;
  package_id: number;
  file_name: string;
  file_version: string;
  status: string;
  pause_reason: string | null;
  group_count: number;
  current_group: number;
  success_threshold: number;
  error_threshold: number;
  max_retries: number;
  step_timeout_s: number;
  max_concurrent: number;
  targets: Record<string, unknown> | null;
  created_at: string | Date;
  finished_at: string | Date | null;
}

const zero = () => Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as Record<JobState, number>;
const iso = (v: string | Date) => new Date(v).toISOString();

const SELECT = sql`
  select r.id, r.package_id, p.file_name, p.file_version, r.status, r.pause_reason, r.group_count,
    r.current_group, r.success_threshold, r.error_threshold, r.max_retries, r.step_timeout_s,
    r.max_concurrent, r.targets, r.created_at, r.finished_at
  from upgrade_rollouts r join upgrade_packages p on p.id = r.package_id`;

/** Devices per group and state of these rollouts. */
async function countsOf(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const res = await db.execute(sql`
    select rollout_id, group_no, state, count(*)::int as n from upgrade_jobs
    where rollout_id in ${sql.raw(`(${ids.map(Number).join(',')})`)}
    group by rollout_id, group_no, state`);
  return rowsOf<{ rollout_id: number; group_no: number; state: JobState; n: number }>(res);
}

function toItem(r: RolloutRow, counts: Awaited<ReturnType<typeof countsOf>>): RolloutItem {
  const mine = counts.filter((c) => c.rollout_id === r.id);
  const byState = zero();
  for (const c of mine) byState[c.state] += c.n;
  return {
    id: r.id,
    packageId: r.package_id,
    fileName: r.file_name,
    fileVersion: r.file_version,
    status: r.status as RolloutItem['status'],
    pauseReason: r.pause_reason as RolloutItem['pauseReason'],
    groupCount: r.group_count,
    currentGroup: r.current_group,
    successThreshold: r.success_threshold,
    errorThreshold: r.error_threshold,
    maxRetries: r.max_retries,
    stepTimeoutS: r.step_timeout_s,
    maxConcurrent: r.max_concurrent,
    total: mine.reduce((a, c) => a + c.n, 0),
    counts: byState,
    createdAt: iso(r.created_at),
    finishedAt: r.finished_at ? iso(r.finished_at) : null,
  };
}

export async function listRollouts(
  db: Db,
  q: { page: number; pageSize: number; packageId?: number; status?: string },
): Promise<{ list: RolloutItem[]; total: number; page: number; pageSize: number }> {
  const where = sql`where true
    ${q.packageId ? sql`and r.package_id = ${q.packageId}` : sql``}
    ${q.status ? sql`and r.status = ${q.status}` : sql``}`;
  const [rows, totals] = await Promise.all([
    db.execute(sql`${SELECT} ${where} order by r.id desc limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
    db.execute(sql`select count(*)::int as total from upgrade_rollouts r ${where}`),
  ]);
  const list = rowsOf<RolloutRow>(rows);
  const counts = await countsOf(
    db,
    list.map((r) => r.id),
  );
  const [{ total }] = rowsOf<{ total: number }>(totals);
  return { list: list.map((r) => toItem(r, counts)), total, page: q.page, pageSize: q.pageSize };
}

export async function rolloutDetail(db: Db, id: number): Promise<RolloutDetail> {
  const [row] = rowsOf<RolloutRow>(await db.execute(sql`${SELECT} where r.id = ${id}`));
  if (!row) throw notFoundOf('Rollout');
  const counts = await countsOf(db, [id]);
  const groups = Array.from({ length: row.group_count }, (_, i) => {
    const mine = counts.filter((c) => c.group_no === i + 1);
    const byState = zero();
    for (const c of mine) byState[c.state] += c.n;
    return { groupNo: i + 1, total: mine.reduce((a, c) => a + c.n, 0), counts: byState };
  });
  return { ...toItem(row, counts), targets: row.targets, groups };
}

export async function rolloutJobs(
  db: Db,
  q: { id: number; page: number; pageSize: number; state?: string; groupNo?: number },
): Promise<{ list: RolloutJob[]; total: number; page: number; pageSize: number }> {
  const [exists] = rowsOf(await db.execute(sql`select 1 from upgrade_rollouts where id = ${q.id}`));
  if (!exists) throw notFoundOf('Rollout');
  const where = sql`where j.rollout_id = ${q.id}
    ${q.state ? sql`and j.state = ${q.state}` : sql``}
    ${q.groupNo ? sql`and j.group_no = ${q.groupNo}` : sql``}`;
  const [rows, totals] = await Promise.all([
    db.execute(sql`
      select j.id, j.device_id, d.sn, d.dev_name, j.group_no, j.state, j.percent, j.attempts, j.reason,
        j.message, j.from_version, j.state_at
      from upgrade_jobs j join devices d on d.id = j.device_id ${where}
      order by j.group_no, j.id limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
    db.execute(sql`select count(*)::int as total from upgrade_jobs j ${where}`),
  ]);
  type JobRow = {
    id: number;
    device_id: number;
    sn: string;
    dev_name: string | null;
    group_no: number;
    state: RolloutJob['state'];
    percent: number | null;
    attempts: number;
    reason: RolloutJob['reason'];
    message: string | null;
    from_version: string | null;
    state_at: string | Date;
  };
  const [{ total }] = rowsOf<{ total: number }>(totals);
  return {
    list: rowsOf<JobRow>(rows).map((j) => ({
      id: j.id,
      deviceId: j.device_id,
      sn: j.sn,
      devName: j.dev_name,
      groupNo: j.group_no,
      state: j.state,
      percent: j.percent,
      attempts: j.attempts,
      reason: j.reason,
      message: j.message,
      fromVersion: j.from_version,
      stateAt: iso(j.state_at),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}
