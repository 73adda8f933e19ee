import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { upgradeJobs, upgradeRollouts } from '../../db/schema/index.ts';
import { FINAL } from './jobs.ts';

export interface RolloutSettings {
  /** Groups of `size` devices (`count`) or of `size` % of the targets (`percent`), in target order. */
  groups: { mode: 'count' | 'percent'; size: number };
  successThreshold: number;
  errorThreshold: number;
  maxRetries: number;
  stepTimeoutS: number;
  maxConcurrent: number;
}

export interface NewRollout extends RolloutSettings {
  packageId: number;
  /** The devices, in the order their groups take them, with the version each runs now. */
  devices: { id: number; version: string | null }[];
  targets: Record<string, unknown>;
  createdId: number | null;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Devices per group: at least one. */
export function groupSize(groups: RolloutSettings['groups'], n: number): number {
  return Math.max(1, groups.mode === 'count' ? groups.size : Math.ceil((n * groups.size) / 100));
}

/** The rollout and one queued job per device; answers the rollout's id. */
export async function insertRollout(tx: Tx, r: NewRollout): Promise<number> {
  const per = groupSize(r.groups, r.devices.length);
  const [row] = await tx
    .insert(upgradeRollouts)
    .values({
      packageId: r.packageId,
      status: 'running',
      targets: { ...r.targets, groups: r.groups },
      groupCount: Math.max(1, Math.ceil(r.devices.length / per)),
      successThreshold: r.successThreshold,
      errorThreshold: r.errorThreshold,
      maxRetries: r.maxRetries,
      stepTimeoutS: r.stepTimeoutS,
      maxConcurrent: r.maxConcurrent,
      createdId: r.createdId,
    })
    .returning({ id: upgradeRollouts.id });
  for (let i = 0; i < r.devices.length; i += 1000) {
    await tx.insert(upgradeJobs).values(
      r.devices.slice(i, i + 1000).map((d, k) => ({
        rolloutId: row.id,
        deviceId: d.id,
        groupNo: Math.floor((i + k) / per) + 1,
        fromVersion: d.version,
      })),
    );
  }
  return row.id;
}

/** Stop sending new jobs (those under way go on). Answers whether it was running. */
export async function pauseRollout(db: Db | Tx, id: number): Promise<boolean> {
  const res = await db.execute(sql`
    update upgrade_rollouts set status = 'paused', pause_reason = 'manual', updated_at = now()
    where id = ${id} and status = 'running' returning id`);
  return rowsOf(res).length > 0;
}

/**
 * Go on. The failures of the current group so far are accepted: they no longer count against the
 * error threshold, nor towards the success threshold. Answers whether it was paused.
 */
export async function resumeRollout(db: Db | Tx, id: number): Promise<boolean> {
  const res = await db.execute(sql`
    update upgrade_rollouts r set status = 'running', pause_reason = null, updated_at = now(),
      accepted_failures = (select count(*) from upgrade_jobs j
        where j.rollout_id = r.id and j.group_no = r.current_group and j.state = 'failure')
    where r.id = ${id} and r.status = 'paused' returning r.id`);
  return rowsOf(res).length > 0;
}

/**
 * Close it: every job not final is cancelled (a device already installing may still finish; its version
 * shows in the device list), and the package is marked failure if a device failed. Answers whether it was open.
 */
export async function cancelRollout(db: Db | Tx, id: number): Promise<boolean> {
  const res = await db.execute(sql`
    update upgrade_rollouts set status = 'cancelled', pause_reason = null, finished_at = now(), updated_at = now()
    where id = ${id} and status in ('running', 'paused') returning id`);
  if (rowsOf(res).length === 0) return false;
  await db.execute(sql`
    update upgrade_jobs set state = 'cancelled', percent = null, state_at = now(), finished_at = now()
    where rollout_id = ${id} and state not in ${FINAL}`);
  await db.execute(sql`
    update upgrade_packages p set status = 'failure' from upgrade_rollouts r
    where r.id = ${id} and p.id = r.package_id
      and exists (select 1 from upgrade_jobs j where j.rollout_id = ${id} and j.state = 'failure')`);
  return true;
}
