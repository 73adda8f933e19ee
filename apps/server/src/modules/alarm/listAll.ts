import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { alarmApi } from '@siteops/contracts/alarm/api';
import { alarmRules, alarms, devices } from '../../db/schema/index.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';
import { readPage } from '../../http/readPage.ts';
import { countAll, equalFilters } from '../../core/list.ts';
import { selectAlarms, toAlarmItem } from './view.ts';

/** Severity as a rank, most urgent highest (the column holds its name). */
const severityRank = sql`case ${alarms.severity} when 'critical' then 4 when 'major' then 3 when 'minor' then 2 else 1 end`;
const SORT = { lastAt: alarms.lastAt, firstAt: alarms.firstAt, severity: severityRank, count: alarms.count };

/**
 * Alarms of the devices in the caller's scope, filtered; active first, then by the sort asked (the
 * latest by default). A time range keeps the alarms whose span, first raised to last seen, overlaps it.
 */
export const listAlarms: Handler<typeof alarmApi.listAll> = async (c, q) => {
  const where = and(
    scope.devices(c.caller),
    ...equalFilters(alarms, q, ['severity', 'status', 'deviceId']),
    q.acknowledged !== undefined ? eq(alarms.acknowledged, q.acknowledged) : undefined,
    ...equalFilters(devices, q, ['projectId']),
    q.deviceType ? eq(devices.type, q.deviceType) : undefined,
    q.from ? gte(alarms.lastAt, q.from) : undefined,
    q.to ? lte(alarms.firstAt, q.to) : undefined,
  );
  const direction = q.sortOrder === 'asc' ? asc : desc;
  const { rows, total } = await readPage(
    q,
    selectAlarms(c.db)
      .where(where)
      .orderBy(sql`(${alarms.status} = 'active') desc`, direction(SORT[q.sortField ?? 'lastAt']), direction(alarms.id)),
    c.db
      .select({ total: countAll })
      .from(alarms)
      .innerJoin(devices, eq(devices.id, alarms.deviceId))
      .innerJoin(alarmRules, eq(alarmRules.id, alarms.ruleId))
      .where(where),
  );
  return { list: rows.map(toAlarmItem), total, page: q.page, pageSize: q.pageSize };
};
