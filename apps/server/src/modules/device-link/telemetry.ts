import { sql } from 'drizzle-orm';
import type { deviceLinkApi } from '@siteops/contracts/device-link/api';
import type { Handler } from '../../http/endpoint.ts';
import { rowsOf } from '../../db/rows.ts';
import { loadLinkDevice } from './service.ts';

/** One field's series (avg, min, max per bucket) over a time range, in `points` buckets; 24 h by default. */
export const telemetry: Handler<typeof deviceLinkApi.telemetry> = async (c, q) => {
  const { db } = c;
  const device = await loadLinkDevice(db, c.caller, q.id);
  const to = q.to ?? new Date();
  const from = q.from ?? new Date(to.getTime() - 86_400_000);
  const bucketMs = Math.max(1000, Math.ceil((to.getTime() - from.getTime()) / q.points));
  // Booleans chart as 0/1; strings are not charted.
  const value = sql`case jsonb_typeof(data -> ${q.field})
        when 'number' then (data ->> ${q.field})::float8
        when 'boolean' then case when (data ->> ${q.field})::boolean then 1 else 0 end
      end`;
  const res = await db.execute(sql`
      select floor(extract(epoch from at) * 1000 / ${bucketMs}::float8)::bigint as b,
             avg(v) as avg, min(v) as min, max(v) as max
      from (select at, ${value} as v from device_telemetry
            where device_id = ${device.id} and at >= ${from.toISOString()}::timestamptz and at <= ${to.toISOString()}::timestamptz
              and data ? ${q.field}) t
      where v is not null
      group by b order by b`);
  const points = rowsOf<{ b: string | number; avg: number | string; min: number | string; max: number | string }>(
    res,
  ).map(
    (p) =>
      [new Date(Number(p.b) * bucketMs).toISOString(), Number(p.avg), Number(p.min), Number(p.max)] as [
        string,
        number,
        number,
        number,
      ],
  );
  return { field: q.field, from: from.toISOString(), to: to.toISOString(), points };
};
