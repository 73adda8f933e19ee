import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.ts';
import { alarmRules, alarms, devices } from '../../db/schema/index.ts';
import type { DeviceEventRecord } from '../../gateway/index.ts';
import { eventMatches, eventValues, narrowestOf } from './spells.ts';
import { clearByCondition } from './clearByCondition.ts';
import { insertSourceAlarm, ruleHolds, tellAlarm, type SourceDeps } from './sourceAlarm.ts';

/** Judges a stored batch of device events against the enabled event rules of their types: raises or repeats. */
export async function judgeEvents({ db, live }: SourceDeps, events: readonly DeviceEventRecord[]) {
  const types = [...new Set(events.map((e) => e.type))];
  const rules = await db
    .select()
    .from(alarmRules)
    .where(
      and(
        eq(alarmRules.enabled, true),
        inArray(alarmRules.deviceType, types),
        sql`${alarmRules.source}->>'kind' = 'event'`,
      ),
    );
  if (rules.length === 0) return;
  const deviceIds = [...new Set(events.map((e) => e.deviceId))];
  const owners = await db
    .select({ id: devices.id, type: devices.type, agentId: devices.agentId, projectId: devices.projectId })
    .from(devices)
    .where(inArray(devices.id, deviceIds));
  const deviceOf = new Map(owners.map((d) => [d.id, d]));
  for (const e of events) {
    const device = deviceOf.get(e.deviceId);
    if (!device) continue;
    const applicable = narrowestOf(
      rules.filter((r) => ruleHolds(r, device) && eventMatches(r.source, e)),
      (r) => (r.source.kind === 'event' ? `${r.source.event}:${r.source.code ?? ''}` : ''),
    );
    const values = eventValues(e, e.picture !== undefined);
    for (const rule of applicable) {
      // A repeat: the open alarm counts the event, unless it is one it counted (sent again) or older.
      const [repeated] = await db
        .update(alarms)
        .set({ count: sql`${alarms.count} + 1`, lastValue: values, lastAt: e.at })
        .where(
          and(
            eq(alarms.deviceId, e.deviceId),
            eq(alarms.ruleId, rule.id),
            eq(alarms.status, 'active'),
            sql`${alarms.lastAt} <= ${e.at.toISOString()}::timestamptz`,
            sql`${alarms.lastValue}->>'eventId' <> ${e.id}`,
            sql`${alarms.firstValue}->>'eventId' <> ${e.id}`,
          ),
        )
        .returning({ id: alarms.id });
      if (repeated) continue;
      const id = await insertSourceAlarm(
        db,
        e.deviceId,
        rule,
        values,
        values,
        e.at,
        e.at,
        1,
        sql`(a.first_value->>'eventId' = ${e.id} or a.last_value->>'eventId' = ${e.id})`,
        { value: values, source: 'event' },
      );
      if (id !== undefined) tellAlarm(live, id, e.deviceId, 'raised');
    }
  }
}

/** Event alarms whose rule clears them a while after their last event. */
export async function autoClearEvents({ db, live }: SourceDeps, now: number) {
  const due = rowsOf<{ id: number; device_id: number }>(
    await db.execute(sql`
      select a.id, a.device_id from ${alarms} a join ${alarmRules} r on r.id = a.rule_id
      where a.status = 'active' and r.source->>'kind' = 'event' and r.source->>'autoClearMinutes' is not null
        and a.last_at <= ${new Date(now).toISOString()}::timestamptz
          - make_interval(mins => (r.source->>'autoClearMinutes')::int)`),
  );
  for (const a of due) {
    if (await clearByCondition(db, a.id, new Date(now), { by: 'condition', source: 'event', autoClear: true })) {
      tellAlarm(live, a.id, a.device_id, 'cleared');
    }
  }
}
