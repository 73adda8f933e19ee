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

/** A rollout as SELECT reads it: named as its item names them, the times as the driver answers them. */
type RolloutRow = Omit<RolloutItem, 'total' | 'counts' | 'createdAt' | 'finishedAt'> & {
  targets: Record<string, unknown> | null;
  createdAt: string | Date;
  finishedAt: string | Date | null;
};

const zero = () => Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as Record<JobState, number>;
const iso = (v: string | Date) => new Date(v).toISOString();

const SELECT = sql`
  select r.id, r.package_id as "packageId", p.file_name as "fileName", p.file_version as "fileVersion", r.status,
    r.pause_reason as "pauseReason", r.group_count as "groupCount", r.current_group as "currentGroup",
    r.success_threshold as "successThreshold", r.error_threshold as "errorThreshold", r.max_retries as "maxRetries",
    r.step_timeout_s as "stepTimeoutS", r.max_concurrent as "maxConcurrent", r.targets, r.created_at as "createdAt",
    r.finished_at as "finishedAt"
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

/** The item of a rollout: its row as read (the targets are the detail's), its devices counted by state. */
function toItem(
  { targets: _detailOnly, createdAt, finishedAt, ...row }: RolloutRow,
  counts: Awaited<ReturnType<typeof countsOf>>,
): RolloutItem {
  const mine = counts.filter((c) => c.rollout_id === row.id);
  const byState = zero();
  for (const c of mine) byState[c.state] += c.n;
  return {
    ...row,
    total: mine.reduce((a, c) => a + c.n, 0),
    counts: byState,
    createdAt: iso(createdAt),
    finishedAt: finishedAt ? iso(finishedAt) : null,
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
  const groups = Array.from({ length: row.groupCount }, (_, i) => {
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
      select j.id, j.device_id as "deviceId", d.sn, d.dev_name as "devName", j.group_no as "groupNo", j.state,
        j.percent, j.attempts, j.reason, j.message, j.from_version as "fromVersion", j.state_at as "stateAt"
      from upgrade_jobs j join devices d on d.id = j.device_id ${where}
      order by j.group_no, j.id limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
    db.execute(sql`select count(*)::int as total from upgrade_jobs j ${where}`),
  ]);
  /** A job as the query reads it: named as the item names them, its time as the driver answers it. */
  type JobRow = Omit<RolloutJob, 'stateAt'> & { stateAt: string | Date };
  const [{ total }] = rowsOf<{ total: number }>(totals);
  return {
    list: rowsOf<JobRow>(rows).map(({ stateAt, ...job }) => ({ ...job, stateAt: iso(stateAt) })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}
