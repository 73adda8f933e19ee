import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CampaignSchedule, CampaignStatus, PlayOutcome } from '@siteops/contracts/broadcast/schemas';
import type { ModuleContext } from '../../ports/context.ts';
import { repeatRounds, type Rounds } from '../../core/rounds.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { RpcError } from '../../gateway/index.ts';
import type { CampaignEvent } from './live.ts';
import { runAfter } from './schedule.ts';

export interface BroadcastSchedulerOptions {
  /** How often each instance looks for due runs. Default 1 000 ms. */
  tickMs?: number;
  /** How long a speaker has to take `broadcast.play`. Default 10 s. */
  commandTimeoutMs?: number;
  /** A device still pending this long after its run started was never answered for (a restart): offline. */
  staleAfterS?: number;
}

interface Claimed {
  id: number;
  run_id: number;
  /** The campaign's status after the claim: finished after its last run. */
  status: CampaignStatus;
  name: string;
  content: string;
  voice: 'female' | 'male';
  volume: number;
  devices: number[];
}

/** Campaigns claimed per round, so one busy instance does not hold many rows locked. */
const BATCH = 20;
/** RPC error codes that mean "not reachable now" rather than a refusal. */
const UNREACHABLE = new Set(['offline', 'timeout', 'linkClosed']);

/**
 * Claim the due runs: in one transaction, lock the due campaigns (skip those another instance holds,
 * as the rollout engine's claimJobs does), record a run with every speaker pending, and move each
 * campaign's next run on (or finish it). Only the instance that committed the claim sends.
 */
export function claimDueRuns(db: Db, now = new Date()): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const due = rowsOf<{
      id: number;
      name: string;
      content: string;
      voice: 'female' | 'male';
      volume: number;
      schedule: CampaignSchedule;
      next_run_at: string | Date;
    }>(
      await tx.execute(sql`
        select id, name, content, voice, volume, schedule, next_run_at from broadcast_campaigns
        where status = 'scheduled' and next_run_at <= now()
        order by next_run_at limit ${BATCH} for update skip locked`),
    );
    const claimed: Claimed[] = [];
    for (const c of due) {
      const dueAt = new Date(c.next_run_at);
      const next = runAfter(c.schedule, dueAt, now);
      const [run] = rowsOf<{ id: number }>(
        await tx.execute(sql`
          insert into broadcast_runs (campaign_id, due_at) values (${c.id}, ${dueAt.toISOString()}) returning id`),
      );
      const devices = rowsOf<{ device_id: number }>(
        await tx.execute(sql`
          insert into broadcast_outcomes (run_id, device_id)
          select ${run.id}, device_id from broadcast_campaign_devices where campaign_id = ${c.id}
          returning device_id`),
      );
      await tx.execute(sql`
        update broadcast_campaigns set next_run_at = ${next?.toISOString() ?? null},
          status = ${next ? 'scheduled' : 'finished'}, updated_at = now()
        where id = ${c.id}`);
      claimed.push({
        ...c,
        run_id: run.id,
        status: next ? 'scheduled' : 'finished',
        devices: devices.map((d) => d.device_id),
      });
    }
    return claimed;
  });
}

/**
 * Plays campaigns at their times. Every instance runs one; the due runs are read from the database,
 * so a restart loses nothing and two instances never send the same run (claimDueRuns).
 */
export class BroadcastScheduler {
  /** Hears what changed in which campaign (a run claimed, a device answered), after it committed. */
  onChange?: (campaignId: number, event: CampaignEvent) => void;
  readonly #opts: Required<BroadcastSchedulerOptions>;
  #rounds?: Rounds;
  #stopped = false;
  #sending = new Set<Promise<unknown>>();

  constructor(
    private readonly ctx: ModuleContext,
    private readonly log: FastifyBaseLogger,
    opts: BroadcastSchedulerOptions = {},
  ) {
    this.#opts = {
      tickMs: opts.tickMs ?? 1_000,
      commandTimeoutMs: opts.commandTimeoutMs ?? 10_000,
      staleAfterS: opts.staleAfterS ?? 120,
    };
  }

  start() {
    this.#rounds = repeatRounds(() => this.tick(), this.#opts.tickMs);
  }

  async stop() {
    this.#stopped = true;
    await this.#rounds?.stop();
    await Promise.allSettled([...this.#sending]);
  }

  /** One round (the timer calls it; tests may too). */
  async tick() {
    const { db } = this.ctx;
    try {
      const stale = await db.execute(sql`
        update broadcast_outcomes o set outcome = 'offline', reason_code = 'noAnswer', at = now()
        from broadcast_runs r
        where r.id = o.run_id and o.outcome = 'pending'
          and r.started_at < now() - make_interval(secs => ${this.#opts.staleAfterS}::float8)
        returning r.campaign_id, o.run_id, o.device_id`);
      for (const o of rowsOf<{ campaign_id: number; run_id: number; device_id: number }>(stale)) {
        this.onChange?.(o.campaign_id, { outcome: { runId: o.run_id, deviceId: o.device_id, outcome: 'offline' } });
      }
      for (const run of await claimDueRuns(db)) {
        this.onChange?.(run.id, { status: run.status, runId: run.run_id });
        if (this.#stopped) return;
        const sending = Promise.all(run.devices.map((id) => this.#play(run, id))).finally(() =>
          this.#sending.delete(sending),
        );
        this.#sending.add(sending);
      }
    } catch (err) {
      if (!this.#stopped) this.log.warn({ err }, 'broadcast round failed');
    }
  }

  async #play(run: Claimed, deviceId: number) {
    const { db, deviceCommands } = this.ctx;
    let set;
    let outcome: PlayOutcome;
    try {
      const { result } = await deviceCommands.send(
        deviceId,
        'broadcast.play',
        { text: run.content, title: run.name, voice: run.voice, volume: run.volume },
        { timeoutMs: this.#opts.commandTimeoutMs },
      );
      outcome = 'played';
      set = sql`outcome = ${outcome}, play_id = ${result.playId.slice(0, 64)}`;
    } catch (err) {
      if (this.#stopped && !(err instanceof RpcError)) return;
      const code = err instanceof RpcError ? err.code : 'failed';
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      outcome = UNREACHABLE.has(code) ? 'offline' : 'refused';
      set = sql`outcome = ${outcome}, reason_code = ${code}, reason_text = ${message}`;
    }
    try {
      const res = await db.execute(sql`
        update broadcast_outcomes set ${set}, at = now()
        where run_id = ${run.run_id} and device_id = ${deviceId} and outcome = 'pending'
        returning (select campaign_id from broadcast_runs where id = ${run.run_id}) as campaign_id`);
      const [row] = rowsOf<{ campaign_id: number }>(res);
      if (row) this.onChange?.(row.campaign_id, { outcome: { runId: run.run_id, deviceId, outcome } });
    } catch (err) {
      if (!this.#stopped) this.log.warn({ err, deviceId }, 'broadcast outcome not recorded');
    }
  }
}
