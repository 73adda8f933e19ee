import { and, eq, inArray } from 'drizzle-orm';
import type { Caller } from '../../auth/scope.ts';
import { scope } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { alarms, alarmTimeline, devices, type AlarmRow } from '../../db/schema/index.ts';
import { allFoundOr404 } from '../../core/errors.ts';
import type { HandlerContext } from '../../http/endpoint.ts';
import { ALARMS_TOPIC } from '@siteops/contracts/live/schemas';
import type { AuditAction } from '@siteops/contracts/audit/actions';
import { queueActions } from './actions.ts';

/**
 * The alarms named, locked, if every one is of a device in the caller's scope; else the 404 naming
 * those that are not (all or none).
 */
export async function lockAlarmsInScope(tx: Db, caller: Caller, ids: readonly number[]): Promise<AlarmRow[]> {
  const wanted = [...new Set(ids)];
  const rows = await tx
    .select({ alarm: alarms })
    .from(alarms)
    .innerJoin(devices, eq(devices.id, alarms.deviceId))
    .where(and(inArray(alarms.id, wanted), scope.devices(caller)))
    .orderBy(alarms.id)
    .for('update', { of: alarms });
  const found = rows.map((r) => r.alarm);
  allFoundOr404('Alarm', wanted, found);
  return found;
}

/**
 * Change the alarms named (all in scope, else 404 and nothing changes): `change` answers the columns to
 * set on one alarm, or null to leave it as it is; each changed alarm gets a timeline entry and an
 * audit entry, in one transaction. Answers how many changed.
 */
export async function changeAlarms(
  c: HandlerContext,
  ids: readonly number[],
  op: {
    kind: 'acknowledged' | 'assigned' | 'cleared';
    action: AuditAction;
    change: (alarm: AlarmRow) => Partial<AlarmRow> | null;
    detail: Record<string, unknown>;
  },
): Promise<{ updated: number; changed: AlarmRow[] }> {
  const changed: AlarmRow[] = [];
  await c.db.transaction(async (tx) => {
    const rows = await lockAlarmsInScope(tx, c.caller, ids);
    for (const alarm of rows) {
      const set = op.change(alarm);
      if (!set) continue;
      await tx.update(alarms).set(set).where(eq(alarms.id, alarm.id));
      await tx
        .insert(alarmTimeline)
        .values({ alarmId: alarm.id, kind: op.kind, actorId: c.user.id, detail: op.detail });
      await c.audit({ action: op.action, targetType: 'alarm', targetId: alarm.id, detail: op.detail }, tx);
      // A rule's actions at clear run when a person clears its alarm too (a fog cannon switched off).
      if (op.kind === 'cleared') await queueActions(tx, alarm.id, alarm.ruleId, 'cleared');
      changed.push(alarm);
    }
  });
  // Once committed: the tabs watching `alarms` that may see each device refetch.
  for (const alarm of changed) {
    c.live.publish({
      topic: ALARMS_TOPIC,
      type: 'alarm',
      data: { id: alarm.id, deviceId: alarm.deviceId, change: op.kind },
    });
  }
  return { updated: changed.length, changed };
}
