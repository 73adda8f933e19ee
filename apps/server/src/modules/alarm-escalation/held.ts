import { and, eq, inArray, sql } from 'drizzle-orm';
import { PEOPLE_CHANNEL_KINDS, type ChannelKind } from '@siteops/contracts/alarm-escalation/schemas';
import { quietUntil, wallClock, type QuietHours } from '@siteops/contracts/notification/quiet-hours';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  alarmChannelLog,
  alarmChannels,
  alarmTimeline,
  escalationHeld,
  userQuietHours,
  type AlarmChannelRow,
} from '../../db/schema/index.ts';
import { stepMessage, type AlarmFacts } from './message.ts';
import { peopleOf, type Person } from './people.ts';
import { sendThrough, type LogRow, type SendDeps } from './send/deliver.ts';
import type { Due } from './steps.ts';

/**
 * Quiet hours (issue 32): a non-critical step's send to a person in their quiet hours is held (a row of
 * escalation_held, written by the instance that claimed the step) and sent to them alone through the
 * step's people channels when the window ends, by the one instance whose update takes the row, if the
 * alarm is still active and unacknowledged. Group bots and webhooks reach nobody in particular and are
 * never held; critical alarms never are.
 */

/** The kinds that reach a step's people, which quiet hours hold. */
export const isPeopleKind = (kind: string) => (PEOPLE_CHANNEL_KINDS as readonly string[]).includes(kind);

/** The quiet hours of `userIds` that set any. */
export async function quietHoursOf(db: Db, userIds: readonly number[]): Promise<Map<number, QuietHours>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select()
    .from(userQuietHours)
    .where(inArray(userQuietHours.userId, [...userIds]));
  return new Map(
    rows.map((r) => [r.userId, { enabled: r.enabled, from: r.from, to: r.to, utcOffsetMinutes: r.utcOffsetMinutes }]),
  );
}

/** One person a send was held for, as the step's timeline entry names them. */
export interface HeldFor {
  id: number;
  name: string;
  /** The end of their quiet hours on their wall clock, HH:MM. */
  until: string;
  /** The same, as an instant. */
  untilAt: string;
}

/**
 * Hold the send of `due` of `alarm` for those of `people` in their quiet hours at `now` (none for a
 * critical alarm): one row each, once. Answers whom it held, and until when.
 */
export async function holdFor(
  deps: SendDeps,
  quiet: (userId: number) => Promise<QuietHours | undefined>,
  alarm: { id: number; severity: string },
  due: Due,
  people: readonly Person[],
  channelIds: readonly number[],
  now: Date,
): Promise<HeldFor[]> {
  if (alarm.severity === 'critical' || !people.length) return [];
  const held: (HeldFor & { at: Date })[] = [];
  for (const p of people) {
    const q = await quiet(p.id);
    const until = q && quietUntil(q, now);
    if (!q || !until) continue;
    held.push({
      id: p.id,
      name: p.userName,
      until: wallClock(until, q.utcOffsetMinutes),
      untilAt: until.toISOString(),
      at: until,
    });
  }
  if (!held.length) return [];
  await deps.db
    .insert(escalationHeld)
    .values(
      held.map((h) => ({
        alarmId: alarm.id,
        userId: h.id,
        step: due.step,
        repeatNo: due.repeatNo,
        channelIds: [...channelIds],
        until: h.at,
      })),
    )
    .onConflictDoNothing();
  return held.map(({ at: _at, ...h }) => h);
}

type HeldRow = {
  id: number;
  alarm_id: number;
  user_id: number;
  step: number;
  repeat_no: number;
  channel_ids: number[];
};

/** An alarm as a held send needs it: what its message says, and whose channels it may use. */
type AlarmOf = AlarmFacts & { agentId: number | null };

/**
 * Send what quiet hours held and whose window has ended by `now`. Each held row is taken by one update
 * (released_at set where it was null): whichever instance's update takes it sends it, the others see it
 * taken. Of several sends held for one person about one alarm (a step and its reminders), only the
 * latest goes. Those of alarms closed meanwhile are let go unsent. `facts` reads the still-escalating
 * alarms among some ids. Answers how many sends went.
 */
export async function releaseHeld(
  deps: SendDeps,
  now: Date,
  facts: (ids: readonly number[]) => Promise<AlarmOf[]>,
): Promise<number> {
  const { db } = deps;
  await db.execute(sql`
    update escalation_held h set released_at = now()
    from alarms a
    where a.id = h.alarm_id and h.released_at is null and h.until <= ${now.toISOString()}::timestamptz
      and (a.status <> 'active' or a.acknowledged)`);
  const res = await db.execute(sql`
    update escalation_held h set released_at = now()
    from alarms a
    where a.id = h.alarm_id and h.released_at is null and h.until <= ${now.toISOString()}::timestamptz
      and a.status = 'active' and not a.acknowledged
    returning h.id, h.alarm_id, h.user_id, h.step, h.repeat_no, h.channel_ids`);
  const taken = rowsOf<HeldRow>(res).map((r) => ({
    id: Number(r.id),
    alarmId: Number(r.alarm_id),
    userId: Number(r.user_id),
    step: Number(r.step),
    repeatNo: Number(r.repeat_no),
    channelIds: r.channel_ids,
  }));
  if (!taken.length) return 0;
  // The latest held send per alarm and person.
  const latest = new Map<string, (typeof taken)[number]>();
  for (const h of taken) {
    const key = `${h.alarmId}:${h.userId}`;
    const had = latest.get(key);
    if (!had || h.step > had.step || (h.step === had.step && h.repeatNo > had.repeatNo)) latest.set(key, h);
  }
  const alarmsById = new Map((await facts([...new Set(taken.map((h) => h.alarmId))])).map((a) => [a.id, a]));
  const channelIds = [...new Set(taken.flatMap((h) => h.channelIds))];
  const channels = new Map(
    (channelIds.length
      ? await db
          .select()
          .from(alarmChannels)
          .where(and(inArray(alarmChannels.id, channelIds), eq(alarmChannels.enabled, true)))
      : []
    ).map((c) => [c.id, c]),
  );
  const entries: (typeof alarmTimeline.$inferInsert)[] = [];
  const logs: LogRow[] = [];
  const sent: number[] = [];
  for (const h of latest.values()) {
    const alarm = alarmsById.get(h.alarmId);
    if (!alarm) continue;
    const place = { projectId: alarm.projectId, agentId: alarm.agentId };
    const people = await peopleOf(db, { userIds: [h.userId], roles: [] }, place);
    if (!people.length) continue;
    const through = h.channelIds
      .map((id) => channels.get(id))
      .filter(
        (c): c is AlarmChannelRow =>
          c !== undefined &&
          isPeopleKind(c.kind as ChannelKind) &&
          (c.projectId === alarm.projectId || (alarm.agentId !== null && c.agentId === alarm.agentId)),
      );
    const message = stepMessage(alarm, h.step, h.repeatNo);
    const ctx = { alarmId: alarm.id, step: h.step, repeatNo: h.repeatNo, severity: alarm.severity };
    const results: Record<string, unknown>[] = [];
    for (const channel of through) {
      const d = await sendThrough(deps, channel, message, people, ctx);
      logs.push(d);
      results.push({ channelId: channel.id, name: channel.name, kind: channel.kind, ok: d.ok, reached: d.reached });
    }
    sent.push(h.id);
    entries.push({
      alarmId: alarm.id,
      kind: 'notified',
      detail: {
        step: h.step,
        repeatNo: h.repeatNo,
        people: people.map((p) => ({ id: p.id, name: p.userName })),
        channels: results,
        afterQuietHours: true,
      },
    });
  }
  await db.transaction(async (tx) => {
    if (entries.length) await tx.insert(alarmTimeline).values(entries);
    if (logs.length) await tx.insert(alarmChannelLog).values(logs);
    if (sent.length) await tx.update(escalationHeld).set({ sent: true }).where(inArray(escalationHeld.id, sent));
  });
  return sent.length;
}
