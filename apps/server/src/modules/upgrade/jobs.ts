import { sql, type SQL } from 'drizzle-orm';
import {
  ACTIVE_JOB_STATES,
  DOWNLOADING_JOB_STATES,
  FINAL_JOB_STATES,
  type JobFailureReason,
} from '@siteops/contracts/rollout/schemas';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/** `('a','b')` of constants (never of input). */
export const inList = (values: readonly string[]) => sql.raw(`('${values.join("','")}')`);
export const ACTIVE = inList(ACTIVE_JOB_STATES);
export const DOWNLOADING = inList(DOWNLOADING_JOB_STATES);
export const FINAL = inList(FINAL_JOB_STATES);

export interface Touched {
  id: number;
  rollout_id: number;
  state: string;
}

/**
 * Fail the jobs `where` selects (alias `j`, rollout `r`): queued again after a backoff of
 * `retryBaseS * 2^(attempts-1)` while the rollout's retries last, else `failure` for good. The
 * device's attempt id stays, so its late reports about this attempt are ignored (only active jobs
 * take reports). Answers the jobs changed.
 */
export async function failJobs(
  db: Db,
  where: SQL,
  reason: JobFailureReason,
  message: string | null,
  retryBaseS: number,
): Promise<Touched[]> {
  const retry = sql`j.attempts <= r.max_retries`;
  const res = await db.execute(sql`
    update upgrade_jobs j set
      state = case when ${retry} then 'queued' else 'failure' end,
      reason = ${reason},
      message = ${message?.slice(0, 500) ?? null},
      percent = null,
      next_at = now() + make_interval(secs => ${retryBaseS}::float8 * power(2, greatest(j.attempts - 1, 0))),
      state_at = now(),
      finished_at = case when ${retry} then null else now() end
    from upgrade_rollouts r
    where r.id = j.rollout_id and (${where})
    returning j.id, j.rollout_id, j.state`);
  return rowsOf<Touched>(res);
}

/** A device's report on its attempt `attemptId`: the job moves on, if the attempt is still the job's and active. */
export async function progressJob(
  db: Db,
  deviceId: number,
  attemptId: string,
  state: 'downloading' | 'verifying' | 'installing' | 'rebooting',
  percent: number | null,
): Promise<Touched[]> {
  const res = await db.execute(sql`
    update upgrade_jobs j set state = ${state}, percent = ${percent}, state_at = now()
    where j.attempt_id = ${attemptId}::uuid and j.device_id = ${deviceId} and j.state in ${ACTIVE}
    returning j.id, j.rollout_id, j.state`);
  return rowsOf<Touched>(res);
}

/** Whether a string can be an attempt id (the column is a uuid: anything else would be a 500). */
export const isAttemptId = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

/** Jobs whose last progress is older than their rollout's step timeout: failed `timeout` (or retried). */
export const expireJobs = (db: Db, retryBaseS: number) =>
  failJobs(
    db,
    sql`j.state in ${ACTIVE} and j.state_at < now() - make_interval(secs => r.step_timeout_s::float8)`,
    'timeout',
    null,
    retryBaseS,
  );

export interface Claimed {
  id: number;
  rollout_id: number;
  device_id: number;
  attempt_id: string;
  package_id: number;
  file_version: string;
  file_size: number | string;
  check_type: 'MD5' | 'SHA1' | 'SHA256';
  md5: string;
  sha1: string;
  sha256: string;
}

/**
 * Claim the next jobs of a running rollout for sending: queued, of a started group, due, device
 * online, as many as its concurrency limit leaves. A job whose device's version was unknown when the
 * rollout was created takes the version the device runs now (online: its link reported it), so every
 * job records its from → to. The rollout row is locked while counting, so two
 * instances never exceed the limit together (one skips it this round).
 */
export function claimJobs(db: Db, rolloutId: number): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const [r] = rowsOf<{ current_group: number; max_concurrent: number }>(
      await tx.execute(sql`
        select current_group, max_concurrent from upgrade_rollouts
        where id = ${rolloutId} and status = 'running' for update skip locked`),
    );
    if (!r) return [];
    const [{ n }] = rowsOf<{ n: number }>(
      await tx.execute(sql`
        select count(*)::int as n from upgrade_jobs where rollout_id = ${rolloutId} and state in ${DOWNLOADING}`),
    );
    const free = r.max_concurrent - n;
    if (free <= 0) return [];
    const res = await tx.execute(sql`
      with next as (
        select j.id, d.version from upgrade_jobs j join devices d on d.id = j.device_id
        where j.rollout_id = ${rolloutId} and j.state = 'queued' and j.group_no <= ${r.current_group}
          and j.next_at <= now() and d.online_status = 'online'
        order by j.group_no, j.next_at, j.id
        limit ${free}
      ), claimed as (
        update upgrade_jobs j set state = 'notified', attempts = j.attempts + 1, attempt_id = gen_random_uuid(),
          percent = null, state_at = now(), started_at = coalesce(j.started_at, now()),
          from_version = coalesce(j.from_version, next.version)
        from next where j.id = next.id
        returning j.id, j.rollout_id, j.device_id, j.attempt_id
      )
      select c.*, p.id as package_id, p.file_version, p.file_size, p.check_type, p.md5, p.sha1, p.sha256
      from claimed c join upgrade_rollouts r on r.id = c.rollout_id join upgrade_packages p on p.id = r.package_id`);
    return rowsOf<Claimed>(res);
  });
}

/** The device was offline after all: the attempt did not happen (not counted), the job waits for it. */
export async function unclaimJob(db: Db, attemptId: string): Promise<Touched[]> {
  const res = await db.execute(sql`
    update upgrade_jobs j set state = 'queued', attempts = greatest(j.attempts - 1, 0), state_at = now()
    where j.attempt_id = ${attemptId}::uuid and j.state = 'notified'
    returning j.id, j.rollout_id, j.state`);
  return rowsOf<Touched>(res);
}

/**
 * The device linked: a job waiting for its reboot succeeds when it reports the package's version, and
 * fails `wrongVersion` (or is retried) when it reports another. Answers the jobs changed and whether an
 * attempt was still before its reboot (installing), whose `rebooting` report may yet be on its way.
 */
export async function deviceLinked(
  db: Db,
  deviceId: number,
  version: string | undefined,
  retryBaseS: number,
): Promise<{ touched: Touched[]; installing: boolean }> {
  const jobs = rowsOf<{ id: number; state: string; file_version: string }>(
    await db.execute(sql`
      select j.id, j.state, p.file_version from upgrade_jobs j
      join upgrade_rollouts r on r.id = j.rollout_id join upgrade_packages p on p.id = r.package_id
      where j.device_id = ${deviceId} and j.state in ('installing', 'rebooting')`),
  );
  const touched: Touched[] = [];
  for (const job of jobs.filter((j) => j.state === 'rebooting')) {
    if (version === job.file_version) {
      const res = await db.execute(sql`
        update upgrade_jobs j set state = 'success', percent = 100, reason = null, message = null,
          state_at = now(), finished_at = now()
        where j.id = ${job.id} and j.state = 'rebooting'
        returning j.id, j.rollout_id, j.state`);
      touched.push(...rowsOf<Touched>(res));
    } else {
      const message = `back on version ${version ?? '(none)'} instead of ${job.file_version}`;
      touched.push(
        ...(await failJobs(db, sql`j.id = ${job.id} and j.state = 'rebooting'`, 'wrongVersion', message, retryBaseS)),
      );
    }
  }
  return { touched, installing: jobs.some((j) => j.state === 'installing') };
}

/**
 * Jobs waiting for a reboot whose device the devices table shows back online on the package's version
 * since then: the link event was missed (the instance holding the link crashed). Success, as the link
 * event would have said.
 */
export async function catchUpReboots(db: Db): Promise<Touched[]> {
  const res = await db.execute(sql`
    update upgrade_jobs j set state = 'success', percent = 100, reason = null, message = null,
      state_at = now(), finished_at = now()
    from upgrade_rollouts r, upgrade_packages p, devices d
    where j.state = 'rebooting' and r.id = j.rollout_id and p.id = r.package_id and d.id = j.device_id
      and d.online_status = 'online' and d.version = p.file_version
      and d.heartbeat_datetime > j.state_at + interval '5 seconds'
    returning j.id, j.rollout_id, j.state`);
  return rowsOf<Touched>(res);
}
