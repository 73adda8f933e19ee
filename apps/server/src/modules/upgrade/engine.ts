import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { UpgradeProgressMessage } from '@siteops/contracts/device-protocol';
import type { ModuleContext } from '../../ports/context.ts';
import { repeatRounds, type Rounds } from '../../core/rounds.ts';
import { RpcError } from '../../gateway/index.ts';
import { t } from '../../core/messages/index.ts';
import { advanceRollout, runningRollouts, type Finished, type SelfPause } from './advance.ts';
import {
  ACTIVE,
  catchUpReboots,
  claimJobs,
  deviceLinked,
  expireJobs,
  failJobs,
  isAttemptId,
  progressJob,
  unclaimJob,
  type Claimed,
  type Touched,
} from './jobs.ts';
import { deviceUrl } from './fetch.ts';

export interface RolloutEngineOptions {
  /** How often each instance looks at the open rollouts. Default 1 000 ms (tests shorter). */
  tickMs?: number;
  /** The first retry waits this long, doubling with each attempt. Default 10 s. */
  retryBaseS?: number;
  /** How long a device has to take the upgrade command. Default 10 s. */
  commandTimeoutMs?: number;
  /** When to look again for a `rebooting` report still on its way when the device linked. Default 1 000 ms. */
  linkRecheckMs?: number;
}

const CHECK_SUM_OF = { MD5: 'md5', SHA1: 'sha1', SHA256: 'sha256' } as const;

/**
 * Drives firmware rollouts. Every instance runs one; all state is in the database, so instances share
 * the work and a restart loses nothing:
 * - each tick fails (or retries) the jobs that did not progress within their step timeout, moves each
 *   running rollout on (finish, pause at the error threshold, next group) and claims the next queued
 *   jobs of online devices within the rollout's concurrency limit (claimJobs locks the rollout row),
 *   then sends them the `upgrade` command;
 * - reports from devices linked to this instance (protocol 5.3) move their jobs, and a device linking
 *   after its reboot decides success (the package's version) or `wrongVersion`.
 * `onChange` hears which rollouts changed (the live channel).
 */
export class RolloutEngine {
  onChange?: (rolloutIds: number[]) => void;
  readonly #retryBaseS: number;
  readonly #opts: Required<Omit<RolloutEngineOptions, 'retryBaseS'>>;
  /** Each device's reports are written in order (a pool may otherwise reorder two quick updates). */
  #queues = new Map<number, Promise<unknown>>();
  #rounds?: Rounds;
  #stopped = false;
  #unlisten: (() => void)[] = [];
  #sending = new Set<Promise<unknown>>();

  constructor(
    private readonly ctx: ModuleContext,
    private readonly log: FastifyBaseLogger,
    opts: RolloutEngineOptions = {},
  ) {
    this.#retryBaseS = opts.retryBaseS ?? 10;
    this.#opts = {
      tickMs: opts.tickMs ?? 1_000,
      commandTimeoutMs: opts.commandTimeoutMs ?? 10_000,
      linkRecheckMs: opts.linkRecheckMs ?? 1_000,
    };
  }

  start() {
    const { deviceReports } = this.ctx;
    this.#unlisten.push(
      deviceReports.onUpgradeProgress(({ deviceId, message }) =>
        this.#inOrder(deviceId, () => this.#progress(deviceId, message)),
      ),
      deviceReports.onLinked((deviceId, versions) =>
        this.#inOrder(deviceId, () => this.#linked(deviceId, versions.version, true)),
      ),
    );
    this.#rounds = repeatRounds(() => this.tick(), this.#opts.tickMs);
  }

  async stop() {
    this.#stopped = true;
    // The timer ends at once; the listeners go before the round under way is waited for.
    const rounds = this.#rounds?.stop();
    for (const u of this.#unlisten.splice(0)) u();
    await rounds;
    await Promise.allSettled([...this.#queues.values(), ...this.#sending]);
  }

  /** One round (the timer calls it; tests may too). */
  async tick() {
    const { db } = this.ctx;
    try {
      this.#changed(await expireJobs(db, this.#retryBaseS));
      this.#changed(await catchUpReboots(db));
      for (const r of await runningRollouts(db)) {
        if (this.#stopped) return;
        const { changed, paused, finished } = await advanceRollout(db, r);
        if (changed) this.onChange?.([r.id]);
        if (paused) await this.#tellAdmins(paused);
        if (finished) await this.#tellStarter(finished);
        const claimed = await claimJobs(db, r.id);
        if (claimed.length) this.onChange?.([r.id]);
        for (const job of claimed) {
          const sending = this.#send(job).finally(() => this.#sending.delete(sending));
          this.#sending.add(sending);
        }
      }
    } catch (err) {
      if (!this.#stopped) this.log.warn({ err }, 'rollout round failed');
    }
  }

  /** A rollout that paused itself waits for an admin: each gets a to-do saying why (never rejects). */
  #tellAdmins(p: SelfPause) {
    const { reason, rolloutId: id, fileName: file, fileVersion: version, ...figures } = p;
    return this.ctx.notifications.notify({
      to: { roles: ['admin'] },
      tab: 'todo',
      kind: 'rollout',
      level: 'warning',
      title: t('notification.rolloutPaused', { id }),
      body: t(`notification.rolloutPaused.${reason}`, { file, version, ...figures }),
      link: `/device/device-rollout?id=${id}`,
    });
  }

  /** A finished rollout: a message to whoever started it, with how many devices upgraded (never rejects). */
  async #tellStarter(f: Finished) {
    if (f.createdId === null) return;
    await this.ctx.notifications.notify({
      to: { userIds: [f.createdId] },
      tab: 'message',
      kind: 'rollout',
      level: f.failed ? 'warning' : 'success',
      title: t('notification.rolloutFinished', { id: f.rolloutId }),
      body: t('notification.rolloutFinished.body', {
        file: f.fileName,
        version: f.fileVersion,
        success: f.success,
        failed: f.failed,
        total: f.total,
      }),
      link: `/device/device-rollout?id=${f.rolloutId}`,
    });
  }

  #changed(touched: Touched[]) {
    if (touched.length) this.onChange?.([...new Set(touched.map((t) => t.rollout_id))]);
  }

  #inOrder(deviceId: number, work: () => Promise<void>) {
    const next = (this.#queues.get(deviceId) ?? Promise.resolve())
      .then(work)
      .catch((err: unknown) => this.log.warn({ err, deviceId }, 'upgrade report not recorded'));
    this.#queues.set(deviceId, next);
    void next.finally(() => {
      if (this.#queues.get(deviceId) === next) this.#queues.delete(deviceId);
    });
  }

  /** Send one claimed job to its device; an offline device keeps its job for when it links. */
  async #send(job: Claimed) {
    const { db, deviceCommands } = this.ctx;
    const url = deviceUrl(this.ctx.fileUrls, job.package_id, job.attempt_id);
    try {
      await deviceCommands.send(
        job.device_id,
        'upgrade',
        {
          jobId: job.attempt_id,
          url,
          size: Number(job.file_size),
          checkType: job.check_type,
          checkSum: job[CHECK_SUM_OF[job.check_type]],
          version: job.file_version,
        },
        { timeoutMs: this.#opts.commandTimeoutMs },
      );
    } catch (err) {
      if (this.#stopped) return;
      const code = err instanceof RpcError ? err.code : 'failed';
      const message = err instanceof Error ? err.message : String(err);
      const stillNotified = sql`j.attempt_id = ${job.attempt_id}::uuid and j.state = 'notified'`;
      // Never sent: the job waits for the device's next link. A link that closed during the call (or this
      // instance shutting down under a call routed to another) may have delivered it: sending it again
      // would give the device its command twice, so the device's reports or the step timeout decide.
      if (code === 'offline') this.#changed(await unclaimJob(db, job.attempt_id));
      else if (code === 'linkClosed') return;
      else if (code === 'timeout') {
        this.#changed(await failJobs(db, stillNotified, 'timeout', message, this.#retryBaseS));
      } else {
        this.#changed(await failJobs(db, stillNotified, 'refused', `${code}: ${message}`, this.#retryBaseS));
      }
    }
  }

  async #progress(deviceId: number, m: UpgradeProgressMessage) {
    if (!isAttemptId(m.jobId)) return;
    const { db } = this.ctx;
    if (m.state === 'failed') {
      const mine = sql`j.attempt_id = ${m.jobId}::uuid and j.device_id = ${deviceId} and j.state in ${ACTIVE}`;
      this.#changed(await failJobs(db, mine, m.reason ?? 'install', m.message ?? null, this.#retryBaseS));
      return;
    }
    const percent = m.state === 'downloading' ? (m.percent ?? null) : null;
    this.#changed(await progressJob(db, deviceId, m.jobId, m.state, percent));
  }

  async #linked(deviceId: number, version: string | undefined, first: boolean) {
    const { touched, installing } = await deviceLinked(this.ctx.db, deviceId, version, this.#retryBaseS);
    this.#changed(touched);
    // Its `rebooting` report went through another instance and is not written yet: look once more.
    if (first && installing && touched.length === 0 && !this.#stopped) {
      const t = setTimeout(
        () => this.#inOrder(deviceId, () => this.#linked(deviceId, version, false)),
        this.#opts.linkRecheckMs,
      );
      t.unref();
    }
  }
}
