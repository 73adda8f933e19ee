import { and, eq, sql } from 'drizzle-orm';
import type { alarmApi } from '@siteops/contracts/alarm/api';
import type { AlarmCondition } from '@siteops/contracts/alarm/rules';
import { alarmRules, alarms } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/rows.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';
import { mustExist } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { selectAlarms } from './view.ts';

/** How far before the alarm was raised the chart starts. */
const BEFORE_MS = 3_600_000;
/** Buckets per field: enough for a drawer's chart. */
const POINTS = 120;

type Point = [string, number, number, number];

/** One field's numeric values (booleans as 0/1) of a device between `from` and `to`, averaged into buckets. */
async function fieldSeries(db: Db, deviceId: number, field: string, from: Date, to: Date): Promise<Point[]> {
  const bucketMs = Math.max(1000, Math.ceil((to.getTime() - from.getTime()) / POINTS));
  const value = sql`case jsonb_typeof(data -> ${field})
        when 'number' then (data ->> ${field})::float8
        when 'boolean' then case when (data ->> ${field})::boolean then 1 else 0 end
      end`;
  const res = await db.execute(sql`
      select floor(extract(epoch from at) * 1000 / ${bucketMs}::float8)::bigint as b,
             avg(v) as avg, min(v) as min, max(v) as max
      from (select at, ${value} as v from device_telemetry
            where device_id = ${deviceId} and at >= ${from.toISOString()}::timestamptz
              and at <= ${to.toISOString()}::timestamptz and data ? ${field}) t
      where v is not null
      group by b order by b`);
  return rowsOf<{ b: string | number; avg: number | string; min: number | string; max: number | string }>(res).map(
    (p) => [new Date(Number(p.b) * bucketMs).toISOString(), Number(p.avg), Number(p.min), Number(p.max)],
  );
}

const thresholdsOf = (condition: Pick<AlarmCondition, 'terms'> | null, field: string) =>
  (condition?.terms ?? []).filter((t) => t.field === field).map((t) => t.threshold);

/**
 * The readings of an alarm's condition fields (a device in the caller's scope, else 404) from an hour
 * before it was raised to its clearing, or now, with the rule's thresholds on each field.
 */
export const alarmReadings: Handler<typeof alarmApi.readings> = async (c, { id }) => {
  const [row] = await selectAlarms(c.db)
    .where(and(eq(alarms.id, id), scope.devices(c.caller)))
    .limit(1);
  const { alarm } = mustExist(row, 'Alarm');
  const [rule] = await c.db
    .select({ condition: alarmRules.condition, clearCondition: alarmRules.clearCondition })
    .from(alarmRules)
    .where(eq(alarmRules.id, alarm.ruleId));
  const from = new Date(Math.min(alarm.firstAt.getTime(), alarm.createdAt.getTime()) - BEFORE_MS);
  const to = alarm.clearedAt ?? new Date();
  const condition = rule?.condition ?? null;
  const clear = rule?.clearCondition ?? null;
  const names = [...new Set([...(condition?.terms ?? []), ...(clear?.terms ?? [])].map((t) => t.field))];
  const fields = await Promise.all(
    names.map(async (field) => ({
      field,
      points: await fieldSeries(c.db, alarm.deviceId, field, from, to),
      thresholds: thresholdsOf(condition, field),
      clearThresholds: thresholdsOf(clear, field),
    })),
  );
  return { from: from.toISOString(), to: to.toISOString(), fields };
};
