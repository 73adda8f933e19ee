import { sql } from 'drizzle-orm';
import { NOISE_DAY_FROM_HOUR, NOISE_DAY_TO_HOUR, NOISE_FIELD } from '@siteops/contracts/alarm/compliance';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/*
 * The four statements the compliance report (complianceReport.ts) reads the month's stored data with,
 * each answering raw rows; the report judges and shapes them.
 */

const HOUR_MS = 3_600_000;

/** The hourly rollup's columns of the pollutants it keeps (migration 0022): their hours come from there. */
const ROLLUP: Record<string, { sum: string; n: string }> = {
  a34004: { sum: 'pm25_sum', n: 'pm25_n' },
  a34002: { sum: 'pm10_sum', n: 'pm10_n' },
};

/** An instant (ms) as the ISO text the statements and the report write. */
export const iso = (ms: number) => new Date(ms).toISOString();
/** A Postgres int[] literal of row ids (integers: nothing to escape). */
const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
const asJson = (rows: unknown) => sql`${JSON.stringify(rows)}::jsonb`;

/** What every statement reads: the monitors' ids and the month's instants (ms, `to` excluded). */
export interface Window {
  ids: number[];
  from: number;
  to: number;
}

/** A pollutant's limit on one monitor, as the hourly statement judges against it. */
export type LimitRow = { device_id: number; field: string; lim: number; incl: boolean };

/**
 * Per monitor and pollutant, the month's hourly means (normal readings only; the rollup's hours for
 * PM2.5 and PM10, the raw readings' for the rest) added up against each limit in one statement.
 */
export async function pollutantHours(db: Db, w: Window, limits: LimitRow[]) {
  const from = sql`${iso(w.from)}::timestamptz`;
  const to = sql`${iso(w.to)}::timestamptz`;
  const rollup = Object.entries(ROLLUP).map(
    ([field, c]) => sql`
      select device_id, ${field}::text as field, hour, ${sql.raw(c.sum)} / ${sql.raw(c.n)} as mean, ${sql.raw(c.n)} as n
      from telemetry_hourly
      where device_id = any(${intArray(w.ids)}) and hour >= ${from} and hour < ${to} and ${sql.raw(c.n)} > 0`,
  );
  const rawFields = Object.keys(ROLLUP).map((f) => `"${f}"`);
  const res = await db.execute(sql`
    with lim as (
      select * from jsonb_to_recordset(${asJson(limits)}) as l(device_id int, field text, lim float8, incl boolean)
    ), h as (
      ${sql.join(rollup, sql` union all `)}
      union all
      select t.device_id, l.field, date_trunc('hour', t.at at time zone 'UTC') at time zone 'UTC',
        avg((t.data ->> l.field)::float8), count(*)
      from lim l join device_telemetry t on t.device_id = l.device_id
      where l.field <> all(${`{${rawFields.join(',')}}`}::text[])
        and t.at >= ${from} and t.at < ${to}
        and jsonb_typeof(t.data -> l.field) = 'number' and coalesce(t.flags ->> l.field, 'N') = 'N'
      group by 1, 2, 3
    ), o as (
      select h.*, (h.mean > l.lim or (l.incl and h.mean = l.lim)) as is_over
      from h join lim l on l.device_id = h.device_id and l.field = h.field
    )
    select device_id, field, sum(n)::int as readings, count(*)::int as hours,
      (sum(mean * n) / nullif(sum(n), 0))::float8 as mean,
      count(*) filter (where is_over)::int as over_hours,
      max(mean)::float8 as worst_mean,
      (array_agg(extract(epoch from hour) * 1000 order by mean desc, hour))[1]::float8 as worst_at,
      coalesce(json_agg(json_build_array(extract(epoch from hour) * 1000, mean) order by hour)
        filter (where is_over), '[]'::json) as exceedances
    from o group by 1, 2`);
  return rowsOf<{
    device_id: number;
    field: string;
    readings: number;
    hours: number;
    mean: number | null;
    over_hours: number;
    worst_mean: number | null;
    worst_at: number | null;
    exceedances: [number | string, number][];
  }>(res);
}

/** Readings of `fields` left out for their data flag, per monitor, field and flag. */
export async function flaggedReadings(db: Db, w: Window, fields: string[]) {
  const res = await db.execute(sql`
    select t.device_id, f.field, t.flags ->> f.field as flag, count(*)::int as n
    from device_telemetry t cross join jsonb_array_elements_text(${asJson(fields)}) as f(field)
    where t.device_id = any(${intArray(w.ids)}) and t.at >= ${iso(w.from)}::timestamptz and t.at < ${iso(w.to)}::timestamptz
      and t.flags is not null and t.data -> f.field is not null and coalesce(t.flags ->> f.field, 'N') <> 'N'
    group by 1, 2, 3`);
  return rowsOf<{ device_id: number; field: string; flag: string; n: number }>(res);
}

/**
 * Noise per monitor, local date, day or night and flag: the energy mean of the normal readings (Leq),
 * the loudest, how many and over how many clock hours. A night runs to 06:00 the next morning, so the
 * month's last night reads six hours into the next month and its first six hours are last month's.
 */
export async function noisePeriods(db: Db, w: Window, offset: number, firstDate: string, nextFirstDate: string) {
  const la = sql.raw(`'${NOISE_FIELD}'`);
  const res = await db.execute(sql`
    with r as (
      select device_id, (data ->> ${la})::float8 as v, coalesce(flags ->> ${la}, 'N') as flag,
        date_trunc('hour', (at at time zone 'UTC') + make_interval(mins => ${offset}::int)) as hour
      from device_telemetry
      where device_id = any(${intArray(w.ids)}) and at >= ${iso(w.from)}::timestamptz
        and at < ${iso(w.to + (24 - NOISE_DAY_TO_HOUR + NOISE_DAY_FROM_HOUR) * HOUR_MS)}::timestamptz
        and jsonb_typeof(data -> ${la}) = 'number'
    ), hh as (
      -- Per wall-clock hour first: the energy sums add up, and the hours count without a distinct.
      select device_id, hour, flag, count(*) as n, sum(power(10::float8, least(v, 200) / 10)) as e, max(v) as lmax
      from r group by 1, 2, 3
    ), p as (
      select device_id, flag, n, e, lmax,
        extract(hour from hour) >= ${NOISE_DAY_FROM_HOUR} and extract(hour from hour) < ${NOISE_DAY_TO_HOUR} as is_day,
        (case when extract(hour from hour) < ${NOISE_DAY_FROM_HOUR} then hour - interval '1 day' else hour end)::date as day
      from hh
    )
    select device_id, to_char(day, 'YYYY-MM-DD') as day, is_day, flag, sum(n)::int as n,
      (10 * log(sum(e) / sum(n)))::float8 as leq, max(lmax)::float8 as lmax, count(*)::int as hours
    from p where day >= ${firstDate}::date and day < ${nextFirstDate}::date
    group by 1, 2, 3, 4 order by 1, 2, 3`);
  return rowsOf<{
    device_id: number;
    day: string;
    is_day: boolean;
    flag: string;
    n: number;
    leq: number | null;
    lmax: number | null;
    hours: number;
  }>(res);
}

/** A limit on one of the monitor's own period codes, as the period statement judges against it. */
export type MonitorLimitRow = {
  device_id: number;
  code: string;
  day_lim: number;
  night_lim: number;
  /** any: one limit; day / night: the code is a day's or a night's level (Ld, Ln); time: by the period's time of day */
  mode: 'any' | 'day' | 'night' | 'time';
  incl: boolean;
  noise: boolean;
};

/** The monitor's own HJ 212 period data of the limited codes, per code and period, against the limits. */
export async function monitorFigures(db: Db, w: Window, offset: number, limits: MonitorLimitRow[]) {
  const res = await db.execute(sql`
    with lim as (
      select * from jsonb_to_recordset(${asJson(limits)})
        as l(device_id int, code text, day_lim float8, night_lim float8, mode text, incl boolean, noise boolean)
    ), a as (
      select a.device_id, a.period, a.code, a.at, a.avg, a.max, l.noise, l.incl,
        coalesce(a.flag, 'N') = 'N' as normal,
        case l.mode when 'any' then l.day_lim when 'day' then l.day_lim when 'night' then l.night_lim
          else case when a.period = 'day' then null
            when extract(hour from (a.at at time zone 'UTC') + make_interval(mins => ${offset}::int)) >= ${NOISE_DAY_FROM_HOUR}
              and extract(hour from (a.at at time zone 'UTC') + make_interval(mins => ${offset}::int)) < ${NOISE_DAY_TO_HOUR}
            then l.day_lim else l.night_lim end
        end as lim
      from hj212_aggregates a join lim l on l.device_id = a.device_id and lower(a.code) = l.code
      where a.device_id = any(${intArray(w.ids)}) and a.at >= ${iso(w.from)}::timestamptz and a.at < ${iso(w.to)}::timestamptz
    )
    select device_id, period, code,
      count(*) filter (where normal)::int as n,
      count(*) filter (where not normal)::int as flagged,
      (case when bool_or(noise) then 10 * log(avg(power(10::float8, least(avg, 200) / 10)) filter (where normal))
        else avg(avg) filter (where normal) end)::float8 as mean,
      max(avg) filter (where normal)::float8 as max_avg,
      ((array_agg(extract(epoch from at) * 1000 order by avg desc) filter (where normal and avg is not null))[1])::float8 as max_at,
      max(max) filter (where normal)::float8 as peak,
      bool_or(lim is not null) as has_lim,
      count(*) filter (where normal and (avg > lim or (incl and avg = lim)))::int as over_n
    from a group by 1, 2, 3 order by 1, 3, 2`);
  return rowsOf<{
    device_id: number;
    period: string;
    code: string;
    n: number;
    flagged: number;
    mean: number | null;
    max_avg: number | null;
    max_at: number | null;
    peak: number | null;
    has_lim: boolean;
    over_n: number;
  }>(res);
}
