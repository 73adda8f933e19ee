import { and, eq, sql } from 'drizzle-orm';
import { ALARM_SEVERITIES, type AlarmSeverity } from '@siteops/contracts/alarm/rules';
import type { alarmApi } from '@siteops/contracts/alarm/api';
import { alarms, devices } from '../../db/schema/index.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';

/**
 * The active alarms of the devices in the caller's scope, counted once by severity with the
 * unacknowledged and the caller's own beside them (the partial index on active alarms serves it).
 */
export const alarmFigures: Handler<typeof alarmApi.figures> = async (c) => {
  const rows = await c.db
    .select({
      severity: alarms.severity,
      n: sql<number>`count(*)::int`,
      unacknowledged: sql<number>`count(*) filter (where not ${alarms.acknowledged})::int`,
      mine: sql<number>`count(*) filter (where ${alarms.assigneeId} = ${c.caller.id})::int`,
    })
    .from(alarms)
    .innerJoin(devices, eq(devices.id, alarms.deviceId))
    .where(and(scope.devices(c.caller), eq(alarms.status, 'active')))
    .groupBy(alarms.severity);
  const active = Object.fromEntries(ALARM_SEVERITIES.map((s) => [s, 0])) as Record<AlarmSeverity, number>;
  let unacknowledged = 0;
  let assignedToMe = 0;
  for (const row of rows) {
    if ((ALARM_SEVERITIES as readonly string[]).includes(row.severity)) active[row.severity as AlarmSeverity] = row.n;
    unacknowledged += row.unacknowledged;
    assignedToMe += row.mine;
  }
  return { active, unacknowledged, assignedToMe };
};
