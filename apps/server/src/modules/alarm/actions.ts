import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ADDRESS_CHANNEL_KINDS } from '@siteops/contracts/alarm-escalation/schemas';
import {
  ALARM_ACTION_CONFIRM_TYPES,
  ALARM_RELAY_TYPES,
  type AlarmActionRun,
  type AlarmActionState,
} from '@siteops/contracts/alarm/schemas';
import type { DeviceType } from '@siteops/contracts/device-protocol';
import { ALARMS_TOPIC } from '@siteops/contracts/live/schemas';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  alarmActionRuns,
  alarmChannelLog,
  alarmChannels,
  alarmRules,
  alarms,
  alarmTimeline,
  devices,
  projects,
  users,
  type AlarmActionRunRow,
  type StoredAlarmAction,
} from '../../db/schema/index.ts';
import { repeatRounds } from '../../core/rounds.ts';
import { iso } from '../../core/list.ts';
import { t, type MessageKey } from '../../core/messages/index.ts';
import { RpcError } from '../../gateway/index.ts';
import type { ModuleContext } from '../../ports/context.ts';
import { sendThrough } from '../alarm-escalation/send/deliver.ts';

interface Log {
  warn(obj: object, msg: string): void;
}

/** What running actions needs from the app. */
export type ActionDeps = Pick<ModuleContext, 'db' | 'pii' | 'config' | 'notifications' | 'deviceCommands' | 'live'>;

/** A command to a device (a speaker, a relay) waits this long for its answer. */
const COMMAND_TIMEOUT_MS = 10_000;
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

/** An alarm as its actions need it. */
interface Facts {
  alarmId: number;
  severity: string;
  status: string;
  ruleName: string;
  ruleCreatedId: number | null;
  deviceId: number;
  deviceName: string | null;
  sn: string;
  deviceType: string;
  projectId: number | null;
  projectName: string | null;
  agentId: number | null;
  lastValue: Record<string, unknown>;
  raisedAt: Date;
}

async function factsOf(db: Db, alarmId: number): Promise<Facts | undefined> {
  const [row] = await db
    .select({
      alarmId: alarms.id,
      severity: alarms.severity,
      status: alarms.status,
      ruleName: alarmRules.name,
      ruleCreatedId: alarmRules.createdId,
      deviceId: alarms.deviceId,
      deviceName: devices.devName,
      sn: devices.sn,
      deviceType: devices.type,
      projectId: devices.projectId,
      projectName: projects.name,
      agentId: projects.agentId,
      lastValue: alarms.lastValue,
      raisedAt: alarms.createdAt,
    })
    .from(alarms)
    .innerJoin(alarmRules, eq(alarmRules.id, alarms.ruleId))
    .innerJoin(devices, eq(devices.id, alarms.deviceId))
    .leftJoin(projects, eq(projects.id, devices.projectId))
    .where(eq(alarms.id, alarmId));
  return row;
}

/** How a run ended (or that it waits), and what its timeline entry says besides. */
interface Outcome {
  state: Extract<AlarmActionState, 'sent' | 'failed' | 'waiting'>;
  reason?: string | null;
  deviceId?: number | null;
  detail: Record<string, unknown>;
}

const reasonOf = (err: unknown) =>
  err instanceof RpcError ? err.code : (err instanceof Error ? err.message : String(err)).slice(0, 200);

/** The project's cloud speakers play the text; sent when at least one played. */
async function speak(deps: ActionDeps, facts: Facts, action: Extract<StoredAlarmAction, { kind: 'speak' }>) {
  if (facts.projectId === null) return { state: 'failed', reason: 'noProject', detail: {} } satisfies Outcome;
  const speakers = await deps.db
    .select({ id: devices.id, name: devices.devName, sn: devices.sn })
    .from(devices)
    .where(
      and(eq(devices.projectId, facts.projectId), eq(devices.type, 'broadcast'), eq(devices.authStatus, 'authorize')),
    )
    .orderBy(asc(devices.id))
    .limit(100);
  if (speakers.length === 0) return { state: 'failed', reason: 'noSpeakers', detail: {} } satisfies Outcome;
  const played = await Promise.all(
    speakers.map(async (s) => {
      try {
        await deps.deviceCommands.send(
          s.id,
          'broadcast.play',
          {
            text: action.text,
            title: facts.ruleName.slice(0, 64),
            ...(action.volume !== undefined && { volume: action.volume }),
            ...(action.repeat !== undefined && { repeat: action.repeat }),
          },
          { timeoutMs: COMMAND_TIMEOUT_MS },
        );
        return { id: s.id, name: s.name ?? s.sn, ok: true, reason: null };
      } catch (err) {
        return { id: s.id, name: s.name ?? s.sn, ok: false, reason: reasonOf(err) };
      }
    }),
  );
  const ok = played.some((p) => p.ok);
  return {
    state: ok ? 'sent' : 'failed',
    reason: ok ? null : played[0].reason,
    detail: { text: action.text, speakers: played },
  } satisfies Outcome;
}

/** The relay's device: the one the action names, else the alarm's own. */
async function relayDevice(db: Db, facts: Facts, action: Extract<StoredAlarmAction, { kind: 'relay' }>) {
  if (action.deviceId === null)
    return { id: facts.deviceId, name: facts.deviceName ?? facts.sn, type: facts.deviceType };
  const [d] = await db
    .select({ id: devices.id, name: devices.devName, sn: devices.sn, type: devices.type })
    .from(devices)
    .where(eq(devices.id, action.deviceId));
  return d ? { id: d.id, name: d.name ?? d.sn, type: d.type } : undefined;
}

/** Whether a relay command to a device of this type waits for a second person (a power cut). */
export const needsConfirmation = (type: string) => ALARM_ACTION_CONFIRM_TYPES.includes(type as DeviceType);

/** Switch the relay; a crane's or an elevator's waits for a second person unless `confirmed`. */
async function relay(
  deps: ActionDeps,
  facts: Facts,
  action: Extract<StoredAlarmAction, { kind: 'relay' }>,
  confirmed: boolean,
): Promise<Outcome> {
  const device = await relayDevice(deps.db, facts, action);
  const base = { output: action.output, on: action.on };
  if (!device) return { state: 'failed', reason: 'deviceGone', detail: base };
  const detail = { ...base, device: { id: device.id, name: device.name } };
  if (!ALARM_RELAY_TYPES.includes(device.type as DeviceType)) {
    return { state: 'failed', reason: 'unsupported', deviceId: device.id, detail };
  }
  if (!confirmed && needsConfirmation(device.type)) return { state: 'waiting', deviceId: device.id, detail };
  try {
    await deps.deviceCommands.send(
      device.id,
      'relay.set',
      { output: action.output, on: action.on },
      { timeoutMs: COMMAND_TIMEOUT_MS },
    );
    return { state: 'sent', deviceId: device.id, detail };
  } catch (err) {
    return { state: 'failed', reason: reasonOf(err), deviceId: device.id, detail };
  }
}

const valuesText = (v: Record<string, unknown>) =>
  Object.entries(v)
    .map(([field, value]) => `${field} = ${String(value)}`)
    .join(', ') || '–';

/**
 * Post the alarm through a channel of its project or its agent, with the escalation module's sender
 * (signed, retried, the answer logged in the channel's log).
 */
async function webhook(
  deps: ActionDeps,
  facts: Facts,
  action: Extract<StoredAlarmAction, { kind: 'webhook' }>,
  phase: 'raised' | 'cleared',
): Promise<Outcome> {
  const [channel] = await deps.db
    .select()
    .from(alarmChannels)
    .where(and(eq(alarmChannels.id, action.channelId), eq(alarmChannels.enabled, true)));
  const serves =
    channel &&
    (ADDRESS_CHANNEL_KINDS as readonly string[]).includes(channel.kind) &&
    ((facts.projectId !== null && channel.projectId === facts.projectId) ||
      (facts.agentId !== null && channel.agentId === facts.agentId));
  if (!channel || !serves) return { state: 'failed', reason: 'channelGone', detail: { channelId: action.channelId } };
  const device = facts.deviceName || facts.sn;
  const message = {
    title: t('alarm.action.webhookTitle', {
      severity: t(`escalation.severity.${facts.severity}` as MessageKey),
      rule: facts.ruleName,
      device,
    }),
    body: t('alarm.action.webhookBody', {
      id: facts.alarmId,
      device,
      sn: facts.sn,
      project: facts.projectName ?? '–',
      when: t(`alarm.action.when.${phase}`),
      values: valuesText(facts.lastValue),
    }),
    link: `/alarm/alarm-list?alarm=${facts.alarmId}`,
    event: {
      event: 'alarm.action',
      when: phase,
      alarm: {
        id: facts.alarmId,
        severity: facts.severity,
        status: facts.status,
        rule: facts.ruleName,
        device: { id: facts.deviceId, sn: facts.sn, name: facts.deviceName },
        project: facts.projectId === null ? null : { id: facts.projectId, name: facts.projectName },
        lastValue: facts.lastValue,
        raisedAt: facts.raisedAt.toISOString(),
      },
    },
  };
  const row = await sendThrough(deps, channel, message, [], {
    alarmId: facts.alarmId,
    step: 0,
    repeatNo: 0,
    severity: facts.severity,
  });
  // Not an escalation step: the log row names the alarm only.
  await deps.db.insert(alarmChannelLog).values({ ...row, step: null, repeatNo: null });
  return {
    state: row.ok ? 'sent' : 'failed',
    reason: row.ok ? null : (row.error ?? (row.status ? `HTTP ${row.status}` : 'failed')),
    detail: { channel: { id: channel.id, name: channel.name, kind: channel.kind }, status: row.status },
  };
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

/** An alarm's runs as the API shows them to `userId` (who may confirm those waiting). */
export async function runItems(
  db: Db,
  userId: number,
  alarm: { id: number; status: string; ruleCreatedId: number | null },
  only?: number,
): Promise<AlarmActionRun[]> {
  const confirmer = alias(users, 'confirmer');
  const rows = await db
    .select({
      run: alarmActionRuns,
      deviceName: devices.devName,
      sn: devices.sn,
      confirmedName: confirmer.userName,
    })
    .from(alarmActionRuns)
    .leftJoin(devices, eq(devices.id, alarmActionRuns.deviceId))
    .leftJoin(confirmer, eq(confirmer.id, alarmActionRuns.confirmedId))
    .where(and(eq(alarmActionRuns.alarmId, alarm.id), only === undefined ? undefined : eq(alarmActionRuns.id, only)))
    .orderBy(asc(alarmActionRuns.id));
  return rows.map(({ run, deviceName, sn, confirmedName }) => ({
    id: run.id,
    when: run.phase as AlarmActionRun['when'],
    action: run.action,
    state: run.state as AlarmActionState,
    deviceId: run.deviceId,
    deviceName: deviceName ?? sn ?? null,
    reason: run.reason,
    confirmedId: run.confirmedId,
    confirmedName,
    confirmedAt: run.confirmedAt ? iso(run.confirmedAt) : null,
    at: iso(run.createdAt),
    mayConfirm:
      run.state === 'waiting' &&
      !isAuthor(userId, run.authorId, alarm.ruleCreatedId) &&
      (run.phase === 'cleared' || alarm.status === 'active'),
  }));
}

/** Whether `userId` set the action (or wrote the rule): they may not confirm it themselves. */
export const isAuthor = (userId: number, authorId: number | null, ruleCreatedId: number | null) =>
  userId === authorId || userId === ruleCreatedId;
