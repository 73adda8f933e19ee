import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AlarmActionState } from '@siteops/contracts/alarm/schemas';
import { ALARMS_TOPIC } from '@siteops/contracts/live/schemas';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  alarmActionRuns,
  alarmTimeline,
  type AlarmActionRunRow,
  type StoredAlarmAction,
} from '../../db/schema/index.ts';
import { repeatRounds } from '../../core/rounds.ts';
import { factsOf, type ActionDeps } from './actionFacts.ts';
import { reasonOf, relay, speak, webhook, type Outcome } from './actionKinds.ts';

interface Log {
  warn(obj: object, msg: string): void;
}

/** Runs claimed per round by one instance. */
const ROUND_MAX = 20;
/** A run still `running` this long after it started was lost with its instance: failed, `interrupted`. */
const STALE_MS = 5 * 60_000;

/**
 * Queue the rule's actions for `phase` of an alarm, in the transaction that raised or cleared it: one
 * run per action (at most once per alarm, phase and action), with who set the actions, to be claimed
 * by {@link AlarmActions}. Nothing when the rule has none.
 */
export async function queueActions(tx: Db, alarmId: number, ruleId: number, phase: 'raised' | 'cleared') {
  await tx.execute(sql`
    insert into alarm_action_runs (alarm_id, phase, action_no, action, author_id)
    select ${alarmId}, ${phase}, e.n - 1, e.a, coalesce(r.actions_by, r.created_id)
    from alarm_rules r cross join lateral jsonb_array_elements(r.actions) with ordinality as e(a, n)
    where r.id = ${ruleId} and jsonb_array_length(r.actions) > 0 and coalesce(e.a->>'when', 'raised') = ${phase}
    on conflict do nothing`);
}

/**
 * Run one claimed run (state `running`) and record how it went: its state, its timeline entry, and a
 * live `action` change. `confirmed`: a person confirmed it (a power cut is sent then).
 */
export async function performRun(
  deps: ActionDeps,
  run: AlarmActionRunRow,
  confirmed = false,
): Promise<AlarmActionState> {
  const facts = await factsOf(deps.db, run.alarmId);
  if (!facts) return 'failed';
  const action = run.action;
  const phase = run.phase as 'raised' | 'cleared';
  let outcome: Outcome;
  try {
    switch (action.kind) {
      case 'speak':
        outcome = await speak(deps, facts, action);
        break;
      case 'relay':
        outcome = await relay(deps, facts, action, confirmed);
        break;
      case 'webhook':
        outcome = await webhook(deps, facts, action, phase);
        break;
    }
  } catch (err) {
    outcome = { state: 'failed', reason: reasonOf(err), detail: {} };
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(alarmActionRuns)
      .set({
        state: outcome.state,
        reason: outcome.reason?.slice(0, 256) ?? null,
        ...(outcome.deviceId !== undefined && { deviceId: outcome.deviceId }),
        finishedAt: outcome.state === 'waiting' ? null : new Date(),
      })
      .where(eq(alarmActionRuns.id, run.id));
    await tx.insert(alarmTimeline).values({
      alarmId: run.alarmId,
      kind: 'action',
      detail: {
        runId: run.id,
        when: phase,
        kind: action.kind,
        state: outcome.state,
        ...(outcome.reason ? { reason: outcome.reason } : {}),
        ...outcome.detail,
      },
    });
  });
  deps.live.publish({
    topic: ALARMS_TOPIC,
    type: 'alarm',
    data: { id: run.alarmId, deviceId: facts.deviceId, change: 'action' },
  });
  return outcome.state;
}

/**
 * Runs the queued actions: every instance runs rounds; each run is claimed by one (row locks skipped
 * by the others), so a speaker plays, a relay switches and a webhook posts once. A run lost with its
 * instance is failed (`interrupted`) rather than sent again: a relay is not switched twice blindly.
 */
export class AlarmActions {
  #rounds?: ReturnType<typeof repeatRounds>;
  #running = new Set<Promise<unknown>>();

  constructor(
    private readonly deps: ActionDeps,
    private readonly log: Log,
    private readonly tickMs = 1_000,
  ) {}

  start() {
    this.#rounds = repeatRounds(async () => {
      try {
        await this.round();
      } catch (err) {
        this.log.warn({ err }, 'alarm actions round failed');
      }
    }, this.tickMs);
  }

  async stop() {
    await this.#rounds?.stop();
    await Promise.allSettled([...this.#running]);
  }

  /** One round: fail the lost runs, claim the queued ones and run them (awaited). Answers how many ran. */
  async round(): Promise<number> {
    const { db } = this.deps;
    const lost = rowsOf<{ id: number; alarm_id: number; phase: string; action: StoredAlarmAction }>(
      await db.execute(sql`
        update alarm_action_runs set state = 'failed', reason = 'interrupted', finished_at = now()
        where state = 'running' and started_at < now() - make_interval(secs => ${STALE_MS / 1000}::float8)
        returning id, alarm_id, phase, action`),
    );
    if (lost.length) {
      await db.insert(alarmTimeline).values(
        lost.map((r) => ({
          alarmId: Number(r.alarm_id),
          kind: 'action',
          detail: { runId: Number(r.id), when: r.phase, kind: r.action.kind, state: 'failed', reason: 'interrupted' },
        })),
      );
    }
    const claimed = await db.transaction(async (tx) => {
      const ids = rowsOf<{ id: number }>(
        await tx.execute(sql`
          select id from alarm_action_runs where state = 'queued'
          order by id limit ${ROUND_MAX} for update skip locked`),
      ).map((r) => Number(r.id));
      if (ids.length === 0) return [];
      return tx
        .update(alarmActionRuns)
        .set({ state: 'running', startedAt: new Date() })
        .where(and(inArray(alarmActionRuns.id, ids), eq(alarmActionRuns.state, 'queued')))
        .returning();
    });
    const work = Promise.all(
      claimed.map((run) =>
        performRun(this.deps, run).catch((err: unknown) =>
          this.log.warn({ err, runId: run.id }, 'alarm action failed to run'),
        ),
      ),
    );
    this.#running.add(work);
    await work.finally(() => this.#running.delete(work));
    return claimed.length;
  }
}
