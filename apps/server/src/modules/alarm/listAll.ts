import { and, desc, eq, sql } from 'drizzle-orm';
import type { alarmApi } from '@siteops/contracts/alarm/api';
import { alarmRules, alarms, devices } from '../../db/schema/index.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';
import { countAll, pageWindow } from '../../core/list.ts';
import { selectAlarms, toAlarmItem } from './view.ts';

/** Alarms of the devices in the caller's scope, filtered; active first, then the latest. */
export const listAlarms: Handler<typeof alarmApi.listAll> = async (c, q) => {
  const where = and(
    scope.devices(c.caller),
    q.severity ? eq(alarms.severity, q.severity) : undefined,
    q.status ? eq(alarms.status, q.status) : undefined,
    q.acknowledged !== undefined ? eq(alarms.acknowledged, q.acknowledged) : undefined,
    q.projectId ? eq(devices.projectId, q.projectId) : undefined,
    q.deviceType ? eq(devices.type, q.deviceType) : undefined,
    q.deviceId ? eq(alarms.deviceId, q.deviceId) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    selectAlarms(c.db)
      .where(where)
      .orderBy(sql`(${alarms.status} = 'active') desc`, desc(alarms.lastAt), desc(alarms.id))
      .limit(limit)
      .offset(offset),
    c.db
      .select({ total: countAll })
      .from(alarms)
      .innerJoin(devices, eq(devices.id, alarms.deviceId))
      .innerJoin(alarmRules, eq(alarmRules.id, alarms.ruleId))
      .where(where),
  ]);
  return { list: rows.map(toAlarmItem), total, page: q.page, pageSize: q.pageSize };
};
