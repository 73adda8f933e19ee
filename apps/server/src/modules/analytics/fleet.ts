import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { type AnalyticsAnswer, type analyticsQuery } from '@siteops/contracts/analytics/schemas';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { devices } from '../../db/schema/index.ts';
import { scope, type Caller } from '../../auth/scope.ts';
import { equalFilters } from '../../core/list.ts';
import { presenceSeries } from './presence.ts';
import { dirtyHours, eventSource, telemetrySource, type Source } from './rollup.ts';

export type FleetQuery = z.infer<typeof analyticsQuery>;

/**
 * Buckets are cut in the viewer's wall time (UTC plus its offset) on timestamps without a zone, so a
 * day is 24 hours whatever the session's time zone, then turned back into instants.
 */
function bucketing(q: FleetQuery) {
  const unit = sql.raw(`'${q.bucket}'`);
  const off = sql`make_interval(mins => ${q.tzOffset}::int)`;
  const of = (col: SQL) =>
    sql`((date_trunc(${unit}, (${col} at time zone 'UTC') + ${off}) - ${off}) at time zone 'UTC')`;
  const from = sql`${q.from.toISOString()}::timestamptz`;
  const to = sql`${q.to.toISOString()}::timestamptz`;
  const series = sql`select ((g - ${off}) at time zone 'UTC') as at from generate_series(
      date_trunc(${unit}, (${from} at time zone 'UTC') + ${off}),
      (${to} at time zone 'UTC') + ${off} - interval '1 microsecond',
      ${sql.raw(`interval '1 ${q.bucket}'`)}) g order by 1`;
  return { of, series };
}

/** The devices that count: the caller's scope and the chosen project, agent and type. */
function scoped(caller: Caller, q: FleetQuery): SQL {
  const where = and(
    scope.devices(caller),
    ...equalFilters(devices, q, ['projectId', 'agentId']),
    q.deviceType ? eq(devices.type, q.deviceType) : undefined,
  );
  return sql`select ${devices.id} as id, ${devices.type} as type, ${devices.agentId} as agent_id,
      ${devices.projectId} as project_id from ${devices} where ${where ?? sql`true`}`;
}

const avg1 = (sum: string, n: string) => sql.raw(`round((sum(${sum}) / nullif(sum(${n}), 0))::numeric, 1)::float8`);

const LIFTS = ['towerCrane', 'elevator'];
const iso = (v: string | Date) => new Date(v).toISOString();
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * Every series of the analysis, each one grouped statement over the rollup's whole hours of the scoped
 * devices plus the raw rows of the range's part hours (rollup.ts): the same numbers as the raw rows alone.
 * Presence comes from its 5-minute samples of the same devices' groups (presence.ts).
 */
export async function fleet(
  db: Db,
  caller: Caller,
  q: FleetQuery,
  /** `rollup: false` reads the raw rows only (tests and the benchmark compare the two). */
  opts: { rollup?: boolean } = {},
): Promise<AnalyticsAnswer> {
  const { of, series } = bucketing(q);
  const range = { of, from: q.from, to: q.to, wholeHours: opts.rollup !== false && q.tzOffset % 60 === 0 };
  const src: Source = { ...range, dirty: await dirtyHours(db, range) };
  const d = sql`with d as (${scoped(caller, q)})`;

  const buckets = rowsOf<{ at: string | Date }>(await db.execute(series));
  const dust = rowsOf<Record<string, unknown>>(
    await db.execute(sql`${d}, tel as (${telemetrySource(src, ['dust'])})
      select tel.at, tel.project_id, p.name as project_name, sum(readings)::int as readings,
        ${avg1('pm25_sum', 'pm25_n')} as pm25, ${avg1('pm10_sum', 'pm10_n')} as pm10,
        ${avg1('noise_sum', 'noise_n')} as noise,
        sum(pm25_over)::int as pm25_over, sum(pm10_over)::int as pm10_over, sum(noise_over)::int as noise_over
      from tel left join projects p on p.id = tel.project_id
      group by 1, 2, 3 order by 1, 3 nulls last, 2`),
  );
  const lifting = rowsOf<Record<string, unknown>>(
    await db.execute(sql`${d}, tel as (${telemetrySource(src, LIFTS)}),
        ev as (${eventSource(src, LIFTS, sql`kind = 'alarm'`)})
      select at, type, sum(readings)::int as readings, max(avg_load) as avg_load,
        max(max_load) as max_load, sum(alarms)::int as alarms
      from (
        select at, type, sum(readings) as readings, ${avg1('load_sum', 'load_n')} as avg_load,
          max(load_max) as max_load, 0::bigint as alarms
        from tel group by 1, 2
        union all
        select at, type, 0, null::float8, null::float8, sum(count) from ev group by 1, 2
      ) x group by 1, 2 order by 1, 2`),
  );
  const passes = rowsOf<{ at: string | Date; count: number }>(
    await db.execute(sql`${d}, ev as (${eventSource(src, ['face', 'towerElevatorFace'], sql`kind = 'pass'`)})
      select at, sum(count)::int as count from ev group by 1 order by 1`),
  );
  const events = rowsOf<{ at: string | Date; type: string; kind: string; count: number }>(
    await db.execute(sql`${d}, ev as (${eventSource(src, null, sql`kind <> 'pass'`)})
      select at, type, kind, sum(count)::int as count from ev group by 1, 2, 3 order by 1, 2, 3`),
  );
  const { presence, uptime } = await presenceSeries(db, { d, of, from: q.from, to: q.to, by: q.presenceBy });

  return {
    buckets: buckets.map((b) => iso(b.at)),
    dust: dust.map((r) => ({
      at: iso(r.at as string),
      projectId: numOrNull(r.project_id),
      projectName: (r.project_name as string | null) ?? null,
      readings: Number(r.readings),
      pm25: numOrNull(r.pm25),
      pm10: numOrNull(r.pm10),
      noise: numOrNull(r.noise),
      pm25Over: Number(r.pm25_over),
      pm10Over: Number(r.pm10_over),
      noiseOver: Number(r.noise_over),
    })),
    lifting: lifting.map((r) => ({
      at: iso(r.at as string),
      deviceType: r.type as 'towerCrane' | 'elevator',
      readings: Number(r.readings),
      avgLoad: numOrNull(r.avg_load),
      maxLoad: numOrNull(r.max_load),
      alarms: Number(r.alarms),
    })),
    passes: passes.map((r) => ({ at: iso(r.at), count: Number(r.count) })),
    events: events.map((r) => ({ at: iso(r.at), deviceType: r.type, kind: r.kind, count: Number(r.count) })),
    presence,
    uptime,
  };
}
