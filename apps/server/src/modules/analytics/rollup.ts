import { sql, type SQL } from 'drizzle-orm';
import { DUST_LIMITS } from '@siteops/contracts/analytics/schemas';
import type { Db } from '../../db/client.ts';
import { affectedOf, rowsOf } from '../../db/rows.ts';

/**
 * Where the analysis reads its numbers (decision 0020): for every whole UTC hour of the range the
 * rollup per device group (telemetry_group_hourly, events_group_hourly, added up by rollupGroups), or per
 * device (telemetry_hourly, events_hourly, kept by migration 0023's triggers) while the hour is dirty; the
 * raw rows only for the part hours at its ends. Both sides answer the same columns (sums and counts per bucket
 * and device group), so the series add them up without knowing which side a number came from.
 */

const HOUR_MS = 3_600_000;

export interface Source {
  /** The bucket start of a timestamp column (fleet.ts bucketing). */
  of: (col: SQL) => SQL;
  from: Date;
  to: Date;
  /** Whole hours are buckets' parts only when the viewer's offset is whole hours (not +05:30). */
  wholeHours: boolean;
  /** The range's dirty hours (dirtyHours): read per device, the rest per group. */
  dirty: Date[];
}

/**
 * The hours of the range the job has not added up per group since they changed. Read first, as a list:
 * the table is small and churns, and a per-row lookup in the series' statements cost more than the
 * statements themselves. An hour marked a moment later is read per group, as it stood a moment ago.
 */
export async function dirtyHours(db: Db, src: Omit<Source, 'dirty'>): Promise<Date[]> {
  const { hours } = split(src);
  if (!hours) return [];
  const res = await db.execute(sql`select hour from rollup_dirty_hours where ${within(sql`hour`, hours)}`);
  return rowsOf<{ hour: string | Date }>(res).map((r) => new Date(r.hour));
}

/** [start, end) pieces of the range read from raw rows, and the whole hours read from the rollup. */
function split({ from, to, wholeHours }: Omit<Source, 'dirty'>) {
  if (!wholeHours) return { raw: [[from, to]] as [Date, Date][], hours: null };
  const first = new Date(Math.ceil(from.getTime() / HOUR_MS) * HOUR_MS);
  const last = new Date(Math.floor(to.getTime() / HOUR_MS) * HOUR_MS);
  if (first >= last) return { raw: [[from, to]] as [Date, Date][], hours: null };
  const raw = (
    [
      [from, first],
      [last, to],
    ] as [Date, Date][]
  ).filter(([a, b]) => a < b);
  return { raw, hours: [first, last] as [Date, Date] };
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const within = (col: SQL, [a, b]: [Date, Date]) => sql`(${col} >= ${ts(a)} and ${col} < ${ts(b)})`;

/** A numeric field of `t.data`, null when absent or not a number (a text value is never cast). */
const field = (key: string) =>
  sql`(case when jsonb_typeof(t.data -> ${key}::text) = 'number' then (t.data ->> ${key}::text)::float8 end)`;

const SUMS = sql.raw(`readings, pm25_n, pm25_sum, pm25_over, pm10_n, pm10_sum, pm10_over,
  noise_n, noise_sum, noise_over, load_n, load_sum, load_max`);
const hourList = (hours: Date[]) =>
  sql.join(
    hours.map((h) => ts(h)),
    sql`, `,
  );
/** The parts of the range's whole hours: per group (clean hours), per device (dirty ones, if any). */
function wholeHourParts(src: Source, group: (clean: SQL) => SQL, device: (dirty: SQL) => SQL): SQL[] {
  const { hours } = split(src);
  if (!hours) return [];
  const range = within(sql`g.hour`, hours);
  if (!src.dirty.length) return [group(range)];
  return [
    group(sql`${range} and g.hour not in (${hourList(src.dirty)})`),
    device(sql`r.hour in (${hourList(src.dirty)})`),
  ];
}
/**
 * The scoped devices' groups (a group is wholly in or out of scope: scope looks at nothing else), joined
 * to the rows of `alias` (columns agent_id, project_id, type). Presence samples are scoped the same way.
 */
export const groupsOf = (alias: string) =>
  sql.raw(`join (select distinct agent_id, project_id, type from d) s on s.type = ${alias}.type
    and coalesce(s.agent_id, 0) = coalesce(${alias}.agent_id, 0) and coalesce(s.project_id, 0) = coalesce(${alias}.project_id, 0)`);
const inList = (col: SQL, values: string[]) =>
  sql`${col} in (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;

/**
 * Telemetry per bucket and device group of the devices in `d` (a CTE: id, type, agent_id, project_id)
 * of `types`: at, type, project_id, readings and per field n / sum / over, load_max. Clean whole hours
 * from the group rollup, dirty ones from the per-device rollup, part hours from the raw rows.
 */
export function telemetrySource(src: Source, types: string[]): SQL {
  const { raw } = split(src);
  const parts = wholeHourParts(
    src,
    (clean) => sql`select ${src.of(sql`g.hour`)} as at, g.type, g.project_id, ${SUMS}
      from telemetry_group_hourly g ${groupsOf('g')}
      where ${inList(sql`g.type`, types)} and ${clean}`,
    (dirty) => sql`select ${src.of(sql`r.hour`)} as at, d.type, d.project_id, ${SUMS}
      from telemetry_hourly r join d on d.id = r.device_id
      where ${inList(sql`d.type`, types)} and ${dirty}`,
  );
  const dust = (key: keyof typeof DUST_LIMITS, name: string) =>
    sql`count(${field(key)}) as ${sql.raw(`${name}_n`)}, coalesce(sum(${field(key)}), 0) as ${sql.raw(`${name}_sum`)},
        count(*) filter (where ${field(key)} > ${DUST_LIMITS[key]}::float8) as ${sql.raw(`${name}_over`)}`;
  for (const piece of raw) {
    parts.push(sql`select ${src.of(sql`t.at`)} as at, d.type, d.project_id, count(*) as readings,
        ${dust('a34004', 'pm25')}, ${dust('a34002', 'pm10')}, ${dust('LA', 'noise')},
        count(${field('load')}) as load_n, coalesce(sum(${field('load')}), 0) as load_sum, max(${field('load')}) as load_max
      from device_telemetry t join d on d.id = t.device_id
      where ${inList(sql`d.type`, types)} and ${within(sql`t.at`, piece)}
      group by 1, 2, 3`);
  }
  return sql.join(parts, sql` union all `);
}

/** Events per bucket, device type and kind of the devices in `d` of `types` (all when null) and `kinds`. */
export function eventSource(src: Source, types: string[] | null, kind: SQL): SQL {
  const { raw } = split(src);
  const ofType = (col: SQL) => (types ? inList(col, types) : sql`true`);
  const parts = wholeHourParts(
    src,
    (clean) => sql`select ${src.of(sql`g.hour`)} as at, g.type, g.kind, g.count
      from events_group_hourly g ${groupsOf('g')}
      where ${ofType(sql`g.type`)} and ${kind} and ${clean}`,
    (dirty) => sql`select ${src.of(sql`r.hour`)} as at, d.type, r.kind, r.count
      from events_hourly r join d on d.id = r.device_id
      where ${ofType(sql`d.type`)} and ${kind} and ${dirty}`,
  );
  for (const piece of raw) {
    parts.push(sql`select ${src.of(sql`e.at`)} as at, d.type, e.kind, count(*) as count
      from device_events e join d on d.id = e.device_id
      where ${ofType(sql`d.type`)} and ${kind} and ${within(sql`e.at`, piece)}
      group by 1, 2, 3`);
  }
  return sql.join(parts, sql` union all `);
}

/**
 * The rollup job: the dirty hours that have ended, a day at a time, added up per device group again from
 * the per-device rows. Under a lock that holds off the per-device rows' writers (the storing transactions
 * wait milliseconds) and another instance's job, so an hour marked dirty meanwhile stays dirty, and two
 * instances never both count it. Catches up after downtime by itself (the marks persist). Answers how
 * many hours it added up.
 */
export async function rollupGroups(db: Db, batchHours = 24): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      await tx.execute(sql`lock table telemetry_hourly, events_hourly in share row exclusive mode`);
      const hours = sql`(select hour from done)`;
      const res = await tx.execute(sql`with next as (
          select hour from rollup_dirty_hours
          where hour < date_trunc('hour', now() at time zone 'UTC') at time zone 'UTC'
          order by hour limit ${batchHours}),
        done as (delete from rollup_dirty_hours x using next where x.hour = next.hour returning x.hour),
        t_gone as (delete from telemetry_group_hourly where hour in ${hours}),
        e_gone as (delete from events_group_hourly where hour in ${hours}),
        t_new as (insert into telemetry_group_hourly (hour, agent_id, project_id, type, ${SUMS})
          select r.hour, d.agent_id, d.project_id, d.type, sum(readings), sum(pm25_n), sum(pm25_sum),
            sum(pm25_over), sum(pm10_n), sum(pm10_sum), sum(pm10_over), sum(noise_n), sum(noise_sum),
            sum(noise_over), sum(load_n), sum(load_sum), max(load_max)
          from telemetry_hourly r join devices d on d.id = r.device_id
          where r.hour in ${hours} group by 1, 2, 3, 4),
        e_new as (insert into events_group_hourly (hour, agent_id, project_id, type, kind, count)
          select r.hour, d.agent_id, d.project_id, d.type, r.kind, sum(r.count)
          from events_hourly r join devices d on d.id = r.device_id
          where r.hour in ${hours} group by 1, 2, 3, 4, 5)
        select count(*)::int as n from done`);
      return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
    });
    total += n;
    if (n < batchHours) return total;
  }
}

/**
 * Recounts the rollup's hours in [from, to) from the raw rows (a repair: after DUST_LIMITS change, or rows
 * restored). Replaces, so running it twice, or on two instances at once, counts each row once; writers
 * wait meanwhile. Only for hours whose raw rows are all still kept: older hours would lose their history.
 */
export async function rebuildRollup(db: Db, from: Date, to: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select analytics_rollup_rebuild(${ts(from)}, ${ts(to)})`);
  });
}

/** Rollup hours older than `days` go (ANALYTICS_RETENTION_DAYS, far beyond the raw rows'); answers how many rows. */
export async function pruneRollup(db: Db, days: number): Promise<number> {
  const cut = sql`now() - make_interval(days => ${days}::int)`;
  let n = 0;
  for (const table of ['telemetry_hourly', 'events_hourly', 'telemetry_group_hourly', 'events_group_hourly']) {
    n += affectedOf(await db.execute(sql`delete from ${sql.raw(table)} where hour < ${cut}`));
  }
  return n;
}
