import { and, eq, inArray, sql } from 'drizzle-orm';
import type { StepRole } from '@siteops/contracts/alarm-escalation/schemas';
import { repeatRounds } from '../../core/rounds.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  alarmChannelLog,
  alarmChannels,
  alarmTimeline,
  escalationDeliveries,
  type AlarmChannelRow,
  type StoredEscalationStep,
} from '../../db/schema/index.ts';
import { sendThrough, type LogRow, type SendDeps } from './send/deliver.ts';
import { peopleOf, type Person } from './people.ts';
import { stepMessage, type AlarmFacts } from './message.ts';
import { dueSends, type Due } from './steps.ts';
import { holdFor, isPeopleKind, quietHoursOf, releaseHeld } from './held.ts';
import type { QuietHours } from '@siteops/contracts/notification/quiet-hours';

interface Log {
  warn(obj: object, msg: string): void;
}

/** Alarms looked at per round, oldest first (the rest next round). */
const ROUND_MAX = 1_000;
/** Steps sent at once by one instance (each may wait on a slow webhook and its retries). */
const PARALLEL = 32;

export interface OpenAlarm extends AlarmFacts {
  chainId: number;
  agentId: number | null;
  steps: StoredEscalationStep[];
  repeatMinutes: number | null;
  /** Those the alarm's own notice told in their message box when it was raised (a device offline). */
  noticed: number[];
}

/**
 * Open (active, unacknowledged) alarms of projects with an enabled chain escalating their severity,
 * with what a message says about them. The raise time is when the alarm row was written (the server's
 * clock), so a device's clock never moves a step.
 */
export async function openAlarms(deps: SendDeps, ids?: readonly number[]): Promise<OpenAlarm[]> {
  const only = ids
    ? sql`and a.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const res = await deps.db.execute(sql`
    select a.id, a.severity, a.status, a.last_value, a.created_at, a.device_id,
           d.dev_name, d.sn, p.id as project_id, p.name as project_name, p.agent_id,
           r.name as rule_name, c.id as chain_id, c.steps, c.repeat_minutes,
           (select t.detail -> 'noticed' from alarm_timeline t
             where t.alarm_id = a.id and t.kind = 'raised' order by t.id limit 1) as noticed
    from alarms a
    join devices d on d.id = a.device_id
    join projects p on p.id = d.project_id
    join escalation_chains c on c.project_id = p.id and c.enabled
    join alarm_rules r on r.id = a.rule_id
    where a.status = 'active' and not a.acknowledged
      and c.severities @> jsonb_build_array(a.severity) ${only}
    order by a.created_at
    limit ${ROUND_MAX}`);
  type Row = {
    id: number;
    severity: string;
    status: string;
    last_value: Record<string, unknown>;
    created_at: string | Date;
    device_id: number;
    dev_name: string | null;
    sn: string;
    project_id: number;
    project_name: string;
    agent_id: number | null;
    rule_name: string;
    chain_id: number;
    steps: StoredEscalationStep[];
    repeat_minutes: number | null;
    noticed: unknown;
  };
  return rowsOf<Row>(res).map((r) => ({
    id: Number(r.id),
    severity: r.severity,
    status: r.status,
    ruleName: r.rule_name,
    deviceId: Number(r.device_id),
    deviceName: r.dev_name,
    sn: r.sn,
    projectId: Number(r.project_id),
    projectName: r.project_name,
    agentId: r.agent_id === null ? null : Number(r.agent_id),
    lastValue: r.last_value,
    raisedAt: new Date(r.created_at),
    chainId: Number(r.chain_id),
    steps: r.steps,
    repeatMinutes: r.repeat_minutes === null ? null : Number(r.repeat_minutes),
    noticed: Array.isArray(r.noticed) ? r.noticed.map(Number) : [],
  }));
}

/** Claims taken in one statement: small enough that several instances share a burst between them. */
const CLAIM_CHUNK = 50;

/**
 * How long a claim holds while its send has not finished: an instance that claimed a send and died (or
 * lost its database) before sending leaves the claim unfinished, and once this lease has passed another
 * round (on any instance) claims the send again and makes it. Far longer than a send can take (a step's
 * channels one after another, each webhook with its retries of at most 10 s an attempt), so a send in
 * progress is never claimed twice.
 */
export const CLAIM_LEASE_MS = 15 * 60_000;

/** A send's claim is taken: finished, or claimed within the lease (by the database's clock). */
const claimHolds = sql`(${escalationDeliveries.finishedAt} is not null
  or ${escalationDeliveries.claimedAt} > now() - make_interval(secs => ${CLAIM_LEASE_MS / 1000}))`;

type Owed = { alarm: OpenAlarm; due: Due };

/**
 * Claim sends: each row (alarm, step, repeat) is inserted only if none is there, or taken over if its
 * claim lapsed unfinished (the lease), and only while the alarm is still active and unacknowledged; the
 * instance whose statement answers a row is the one that sends it. Answers the claimed ones with their
 * claim ids and claim times (the finish is written only by the claim that still holds the row).
 */
async function claim(
  deps: SendDeps,
  owed: readonly Owed[],
): Promise<(Owed & { claimId: number; claimedAt: string })[]> {
  const rows = owed.map(
    ({ alarm, due }) => sql`(${alarm.id}::int, ${alarm.chainId}::int, ${due.step}::int, ${due.repeatNo}::int)`,
  );
  const res = await deps.db.execute(sql`
    insert into escalation_deliveries as d (alarm_id, chain_id, step, repeat_no)
    select x.alarm_id, x.chain_id, x.step, x.repeat_no
    from (values ${sql.join(rows, sql`, `)}) as x(alarm_id, chain_id, step, repeat_no)
    join alarms a on a.id = x.alarm_id and a.status = 'active' and not a.acknowledged
    on conflict (alarm_id, step, repeat_no) do update set claimed_at = now(), chain_id = excluded.chain_id
      where d.finished_at is null
        and d.claimed_at <= now() - make_interval(secs => ${CLAIM_LEASE_MS / 1000})
    returning id, alarm_id, step, repeat_no, claimed_at::text as claimed_at`);
  const claimed = new Map(
    rowsOf<{ id: number; alarm_id: number; step: number; repeat_no: number; claimed_at: string }>(res).map((r) => [
      `${r.alarm_id}:${r.step}:${r.repeat_no}`,
      { claimId: Number(r.id), claimedAt: r.claimed_at },
    ]),
  );
  return owed.flatMap((o) => {
    const c = claimed.get(`${o.alarm.id}:${o.due.step}:${o.due.repeatNo}`);
    return c === undefined ? [] : [{ ...o, ...c }];
  });
}

/** What a round reads once for all its sends: the channels, and each step's people. */
class RoundCache {
  readonly #people = new Map<string, Promise<Person[]>>();
  readonly #quiet = new Map<number, Promise<QuietHours | undefined>>();
  #channels?: Promise<Map<number, AlarmChannelRow>>;
  constructor(
    private readonly deps: SendDeps,
    private readonly owed: readonly Owed[],
  ) {}

  /** The enabled channels the round's steps name. */
  channels(): Promise<Map<number, AlarmChannelRow>> {
    this.#channels ??= (async () => {
      const ids = [...new Set(this.owed.flatMap((o) => o.alarm.steps[o.due.step - 1].channelIds))];
      const rows = ids.length
        ? await this.deps.db
            .select()
            .from(alarmChannels)
            .where(and(inArray(alarmChannels.id, ids), eq(alarmChannels.enabled, true)))
        : [];
      return new Map(rows.map((r) => [r.id, r]));
    })();
    return this.#channels;
  }

  /** A person's quiet hours, if they set any. */
  quiet(userId: number): Promise<QuietHours | undefined> {
    let found = this.#quiet.get(userId);
    if (!found) {
      found = quietHoursOf(this.deps.db, [userId]).then((m) => m.get(userId));
      this.#quiet.set(userId, found);
    }
    return found;
  }

  /** A step's people (the same for every alarm of the chain: its project decides the roles). */
  people(alarm: OpenAlarm, stepNo: number): Promise<Person[]> {
    const key = `${alarm.chainId}:${stepNo}`;
    let found = this.#people.get(key);
    if (!found) {
      const step = alarm.steps[stepNo - 1];
      const place = { projectId: alarm.projectId, agentId: alarm.agentId };
      found = peopleOf(this.deps.db, { userIds: step.userIds, roles: step.roles as StepRole[] }, place);
      this.#people.set(key, found);
    }
    return found;
  }
}

/**
 * Send a claimed step: to its people through its people channels, and to its groups and systems
 * through the others. Answers its timeline entry (the step, with whom and how) and its channels' log rows.
 */
async function sendStep(deps: SendDeps, cache: RoundCache, { alarm, due }: Owed, now: Date) {
  const step = alarm.steps[due.step - 1];
  const everyone = await cache.people(alarm, due.step);
  const all = await cache.channels();
  // The channels still there, on, and the alarm's project's or its agent's (a chain cannot name others).
  const channels = step.channelIds
    .map((id) => all.get(id))
    .filter(
      (c): c is AlarmChannelRow =>
        c !== undefined && (c.projectId === alarm.projectId || (alarm.agentId !== null && c.agentId === alarm.agentId)),
    );
  // Those in their quiet hours get a non-critical step later, through the people channels (held.ts).
  const personal = channels.filter((c) => isPeopleKind(c.kind)).map((c) => c.id);
  const held = personal.length ? await holdFor(deps, (id) => cache.quiet(id), alarm, due, everyone, personal, now) : [];
  const people = everyone.filter((p) => !held.some((h) => h.id === p.id));
  const sendTo = held.length && !people.length ? channels.filter((c) => !isPeopleKind(c.kind)) : channels;
  const message = stepMessage(alarm, due.step, due.repeatNo);
  const ctx = { alarmId: alarm.id, step: due.step, repeatNo: due.repeatNo, severity: alarm.severity };
  const results: Record<string, unknown>[] = [];
  const logs: LogRow[] = [];
  // Those the alarm's own notice told (a device offline) get no second message-box notice from a step;
  // reminders, sent because nobody acknowledged, still reach them.
  const told = new Set(due.repeatNo === 0 ? alarm.noticed : []);
  const toldOf = people.filter((p) => told.has(p.id));
  let skippedTold = false;
  for (const channel of sendTo) {
    const to = channel.kind === 'inapp' && toldOf.length ? people.filter((p) => !told.has(p.id)) : people;
    if (to !== people) skippedTold = true;
    if (to !== people && to.length === 0) {
      results.push({ channelId: channel.id, name: channel.name, kind: channel.kind, ok: true, reached: 0 });
      continue;
    }
    const d = await sendThrough(deps, channel, message, to, ctx);
    logs.push(d);
    results.push({
      channelId: channel.id,
      name: channel.name,
      kind: channel.kind,
      ok: d.ok,
      reached: d.reached,
      status: d.status,
      error: d.error,
    });
  }
  const entry: typeof alarmTimeline.$inferInsert = {
    alarmId: alarm.id,
    kind: 'notified',
    detail: {
      step: due.step,
      repeatNo: due.repeatNo,
      delayMinutes: step.delayMinutes,
      people: people.map((p) => ({ id: p.id, name: p.userName })),
      channels: results,
      ...(held.length ? { held } : {}),
      ...(skippedTold ? { alreadyNoticed: toldOf.map((p) => ({ id: p.id, name: p.userName })) } : {}),
    },
  };
  return { entry, logs };
}

/** Runs `work` over `items`, at most `n` at a time. */
async function inParallel<T>(items: readonly T[], n: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
}

/**
 * One round: the sends every open alarm is owed now and has not had, claimed (a chunk at a time) before
 * they are sent. Any number of instances may run rounds at the same time: each send goes out once.
 * Answers how many sends this round made.
 */
export async function escalateOnce(deps: SendDeps, log: Log, at?: Date): Promise<number> {
  let released = 0;
  try {
    released = await releaseHeld(deps, at ?? new Date(), (ids) => openAlarms(deps, ids));
  } catch (err) {
    log.warn({ err }, 'alarm escalation: releasing sends held for quiet hours failed');
  }
  const open = await openAlarms(deps);
  if (open.length === 0) return released;
  // Read after the alarms, so none read is younger than the time it is judged at.
  const now = at ?? new Date();
  const had = await deps.db
    .select({
      alarmId: escalationDeliveries.alarmId,
      step: escalationDeliveries.step,
      repeatNo: escalationDeliveries.repeatNo,
    })
    .from(escalationDeliveries)
    .where(
      and(
        inArray(
          escalationDeliveries.alarmId,
          open.map((a) => a.id),
        ),
        claimHolds,
      ),
    );
  const sent = new Set(had.map((h) => `${h.alarmId}:${h.step}:${h.repeatNo}`));
  const owed: Owed[] = open.flatMap((alarm) =>
    dueSends(alarm, alarm.raisedAt, now)
      .filter((d) => !sent.has(`${alarm.id}:${d.step}:${d.repeatNo}`))
      .map((due) => ({ alarm, due })),
  );
  const cache = new RoundCache(deps, owed);
  let count = released;
  for (let i = 0; i < owed.length; i += CLAIM_CHUNK) {
    try {
      const claimed = await claim(deps, owed.slice(i, i + CLAIM_CHUNK));
      count += claimed.length;
      const entries: (typeof alarmTimeline.$inferInsert)[] = [];
      const logs: LogRow[] = [];
      await inParallel(claimed, PARALLEL, async (o) => {
        try {
          const sent = await sendStep(deps, cache, o, now);
          entries.push(sent.entry);
          logs.push(...sent.logs);
        } catch (err) {
          log.warn({ err, alarmId: o.alarm.id, step: o.due.step }, 'alarm escalation step failed');
        }
      });
      if (claimed.length === 0) continue;
      await deps.db.transaction(async (tx) => {
        if (entries.length) await tx.insert(alarmTimeline).values(entries);
        if (logs.length) await tx.insert(alarmChannelLog).values(logs);
        // Each claim this round still holds (not taken over by another round after its lease).
        const mine = claimed.map((c) => sql`(${c.claimId}::int, ${c.claimedAt}::timestamptz)`);
        await tx.execute(sql`
          update escalation_deliveries d set finished_at = now()
          from (values ${sql.join(mine, sql`, `)}) as x(id, claimed_at)
          where d.id = x.id and d.claimed_at = x.claimed_at`);
      });
    } catch (err) {
      log.warn({ err }, 'alarm escalation claims failed');
    }
  }
  return count;
}

/** The sweep on a timer (ALARM_ESCALATION_SWEEP_MS); answers a function that stops it. */
export function startEscalation(deps: SendDeps, log: Log) {
  const rounds = repeatRounds(async () => {
    try {
      await escalateOnce(deps, log);
    } catch (err) {
      log.warn({ err }, 'alarm escalation sweep failed');
    }
  }, deps.config.alarmEscalation.sweepMs);
  return () => rounds.stop();
}
