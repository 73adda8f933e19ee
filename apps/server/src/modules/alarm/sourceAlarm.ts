import { sql } from 'drizzle-orm';
import type { AlarmRuleScope } from '@siteops/contracts/alarm/rules';
import { ALARMS_TOPIC } from '@siteops/contracts/live/schemas';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { alarms, type AlarmRuleRow, type AlarmValues } from '../../db/schema/index.ts';
import type { LivePublisher, Notifier } from '../../ports/context.ts';
import { queueActions } from './actions.ts';

/* What every source other than readings shares (sources.ts): which rules hold a device, and raising an alarm once. */

/** What the sources need from the app; without `live` and `notifications` nothing is published or told. */
export interface SourceDeps {
  db: Db;
  live?: LivePublisher;
  notifications?: Notifier;
}

/** A device as the source rules judge it. */
export interface DeviceOfRule {
  id: number;
  type: string;
  agentId: number | null;
  projectId: number | null;
}

/** Whether a rule's scope and type hold the device. */
export function ruleHolds(rule: AlarmRuleRow, d: DeviceOfRule): boolean {
  if (rule.deviceType !== null && rule.deviceType !== d.type) return false;
  switch (rule.scope as AlarmRuleScope) {
    case 'fleet':
      return true;
    case 'agent':
      return rule.agentId !== null && rule.agentId === d.agentId;
    case 'project':
      return rule.projectId !== null && rule.projectId === d.projectId;
    case 'device':
      return rule.deviceId === d.id;
  }
}

/**
 * A new active alarm and its `raised` timeline entry, unless an alarm of the device and rule matching
 * `already` exists (the spell or the event was alarmed) or one is open (the partial unique index: of
 * two instances, one raises). Answers its id, or undefined.
 */
export async function insertSourceAlarm(
  db: Db,
  deviceId: number,
  rule: AlarmRuleRow,
  first: AlarmValues,
  last: AlarmValues,
  firstAt: Date,
  lastAt: Date,
  count: number,
  already: ReturnType<typeof sql>,
  detail: Record<string, unknown>,
): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into ${alarms} (device_id, rule_id, severity, first_value, last_value, first_at, last_at, count)
        select ${deviceId}, ${rule.id}, ${rule.severity}, ${JSON.stringify(first)}::jsonb,
          ${JSON.stringify(last)}::jsonb, ${firstAt.toISOString()}::timestamptz, ${lastAt.toISOString()}::timestamptz, ${count}
        where not exists (
          select 1 from ${alarms} a where a.device_id = ${deviceId} and a.rule_id = ${rule.id} and ${already})
        on conflict do nothing
        returning id`),
    );
    if (!row) return undefined;
    await tx.execute(sql`
      insert into alarm_timeline (alarm_id, kind, at, detail)
      values (${row.id}, 'raised', ${firstAt.toISOString()}::timestamptz,
        ${JSON.stringify({ ...detail, severity: rule.severity })}::jsonb)`);
    await queueActions(tx, row.id, rule.id, 'raised');
    return row.id;
  });
}

/** Tells the live clients an alarm was raised or cleared. */
export function tellAlarm(live: LivePublisher | undefined, id: number, deviceId: number, change: 'raised' | 'cleared') {
  live?.publish({ topic: ALARMS_TOPIC, type: 'alarm', data: { id, deviceId, change } });
}
