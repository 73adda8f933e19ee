import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { auditLog } from '../../db/schema/index.ts';
import { storable } from '../audit/record.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface GroupCount {
  group_no: number;
  total: number;
  success: number;
  failure: number;
  /** success, failure or cancelled */
  done: number;
}

export async function groupCounts(db: Db, rolloutId: number): Promise<GroupCount[]> {
  const res = await db.execute(sql`
    select group_no, count(*)::int as total,
      (count(*) filter (where state = 'success'))::int as success,
      (count(*) filter (where state = 'failure'))::int as failure,
      (count(*) filter (where state in ('success', 'failure', 'cancelled')))::int as done
    from upgrade_jobs where rollout_id = ${rolloutId} group by group_no order by group_no`);
  return rowsOf<GroupCount>(res);
}

interface RunningRollout {
  id: number;
  package_id: number;
  current_group: number;
  group_count: number;
  success_threshold: number;
  error_threshold: number;
  accepted_failures: number;
}

/** The package's status follows its latest closed rollout: success when every device upgraded, else failure. */
export async function settlePackage(db: Db | Tx, rolloutId: number) {
  await db.execute(sql`
    update upgrade_packages p set status = case when exists (
      select 1 from upgrade_jobs j where j.rollout_id = ${rolloutId} and j.state <> 'success'
    ) then 'failure' else 'success' end
    from upgrade_rollouts r where r.id = ${rolloutId} and p.id = r.package_id`);
}

/** A rollout that paused itself: why, and the figures of the group that made it. */
export interface SelfPause {
  reason: 'errorThreshold' | 'successUnreachable';
  rolloutId: number;
  group: number;
  failed: number;
  total: number;
  /** The threshold passed (error) or out of reach (success), in %. */
  threshold: number;
  fileName: string;
  fileVersion: string;
}

/** A rollout that finished: who started it and how it went, for their message. */
export interface Finished {
  rolloutId: number;
  createdId: number | null;
  fileName: string;
  fileVersion: string;
  total: number;
  success: number;
  failed: number;
}

/**
 * One step of a running rollout, decided on its group counts; every change is conditional on the state
 * it was decided from, so instances deciding at once change it once. In order: every job final →
 * finished (and the package's status follows); the current group's failures (beyond those a resume
 * accepted) over the error threshold → paused; its successes at the success threshold → the next
 * group starts; the threshold out of reach → paused (never a rollout waiting for ever). Answers whether
 * the rollout changed, and when it paused itself why (audited with the pause, by no user).
 */
export async function advanceRollout(
  db: Db,
  r: RunningRollout,
): Promise<{ changed: boolean; paused?: SelfPause; finished?: Finished }> {
  const groups = await groupCounts(db, r.id);
  if (groups.every((g) => g.done === g.total)) {
    // One transaction: nobody sees the rollout finished and its package's status not yet following.
    return db.transaction(async (tx) => {
      const [row] = rowsOf<{ created_id: number | null; file_name: string; file_version: string }>(
        await tx.execute(sql`
          update upgrade_rollouts r set status = 'finished', finished_at = now(), updated_at = now()
          from upgrade_packages p
          where r.id = ${r.id} and r.status = 'running' and p.id = r.package_id
          returning r.created_id, p.file_name, p.file_version`),
      );
      if (!row) return { changed: false };
      await settlePackage(tx, r.id);
      const sum = (pick: (g: GroupCount) => number) => groups.reduce((n, g) => n + pick(g), 0);
      const finished: Finished = {
        rolloutId: r.id,
        createdId: row.created_id,
        fileName: row.file_name,
        fileVersion: row.file_version,
        total: sum((g) => g.total),
        success: sum((g) => g.success),
        failed: sum((g) => g.failure),
      };
      return { changed: true, finished };
    });
  }
  const g = groups.find((x) => x.group_no === r.current_group);
  if (!g) return { changed: false };
  const pause = (reason: SelfPause['reason']) =>
    db.transaction(async (tx) => {
      const [row] = rowsOf<{ file_name: string; file_version: string }>(
        await tx.execute(sql`
          update upgrade_rollouts r set status = 'paused', pause_reason = ${reason}, updated_at = now()
          from upgrade_packages p
          where r.id = ${r.id} and r.status = 'running' and r.current_group = ${r.current_group} and p.id = r.package_id
          returning p.file_name, p.file_version`),
      );
      if (!row) return { changed: false };
      const paused: SelfPause = {
        reason,
        rolloutId: r.id,
        group: r.current_group,
        failed: g.failure,
        total: g.total,
        threshold: reason === 'errorThreshold' ? r.error_threshold : r.success_threshold,
        fileName: row.file_name,
        fileVersion: row.file_version,
      };
      const { rolloutId, fileName, ...detail } = paused;
      await tx.insert(auditLog).values({
        actorId: null,
        actorName: null,
        action: 'rollout.autoPause',
        targetType: 'rollout',
        targetId: String(rolloutId),
        detail: { ...detail, fileName: storable(fileName) },
      });
      return { changed: true, paused };
    });
  // Failures a resume accepted count neither against the error threshold nor towards the group's size.
  const counted = g.total - r.accepted_failures;
  if ((g.failure - r.accepted_failures) * 100 > r.error_threshold * g.total) return pause('errorThreshold');
  if (r.current_group >= r.group_count) return { changed: false };
  if (g.success * 100 >= r.success_threshold * counted) {
    const res = await db.execute(sql`
      update upgrade_rollouts set current_group = current_group + 1, accepted_failures = 0, updated_at = now()
      where id = ${r.id} and status = 'running' and current_group = ${r.current_group} returning id`);
    return { changed: rowsOf(res).length > 0 };
  }
  // Not even every job still open succeeding would reach the threshold: waiting would be for ever.
  if ((g.total - g.failure) * 100 < r.success_threshold * counted) return pause('successUnreachable');
  return { changed: false };
}

export async function runningRollouts(db: Db): Promise<RunningRollout[]> {
  const res = await db.execute(sql`
    select id, package_id, current_group, group_count, success_threshold, error_threshold, accepted_failures
    from upgrade_rollouts where status = 'running' order by id`);
  return rowsOf<RunningRollout>(res);
}
