import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  COMPLIANCE_DEFAULT_UTC_OFFSET_MINUTES,
  NATIONAL_POLLUTANT_LIMITS,
  NOISE_DAY_FROM_HOUR,
  NOISE_DAY_TO_HOUR,
  NOISE_FIELD,
  type ComplianceLimit,
  type ComplianceMonitorFigure,
  type ComplianceNoise,
  type ComplianceNoiseDay,
  type CompliancePollutant,
  type ComplianceReport,
} from '@siteops/contracts/alarm/compliance';
import { codeInfo, HJ212_CODES } from '@siteops/contracts/hj212/pollutant-codes';
import type { Db } from '../../db/client.ts';
import { loadOr404 } from '../../db/crud.ts';
import { rowsOf } from '../../db/rows.ts';
import { alarmRules, devices, labourSettings, projects } from '../../db/schema/index.ts';
import { scope, type Caller } from '../../auth/scope.ts';
import { limitOf, noiseLimitsOf, pollutantFields, type LimitDevice, type LimitRule } from './complianceLimits.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The hourly rollup's columns of the pollutants it keeps (migration 0022): their hours come from there. */
const ROLLUP: Record<string, { sum: string; n: string }> = {
  a34004: { sum: 'pm25_sum', n: 'pm25_n' },
  a34002: { sum: 'pm10_sum', n: 'pm10_n' },
};

const iso = (ms: number) => new Date(ms).toISOString();
const round1 = (v: number) => Math.round(v * 10) / 10;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
/** A Postgres int[] literal of row ids (integers: nothing to escape). */
const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
const asJson = (rows: unknown) => sql`${JSON.stringify(rows)}::jsonb`;
const nameOf = (field: string) => codeInfo(field)?.name ?? field;
const unitOf = (field: string) => codeInfo(field)?.unit ?? '';

/** The month `YYYY-MM` on a wall clock `offset` minutes east of UTC, as instants, and its dates. */
export function monthRange(month: string, offset: number) {
  const [y, m] = month.split('-').map(Number);
  const from = Date.UTC(y, m - 1, 1) - offset * 60_000;
  const to = Date.UTC(y, m, 1) - offset * 60_000;
  const next = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
  return { from, to, firstDate: `${month}-01`, nextFirstDate: next };
}

/** Where the project's days start: its labour settings' wall clock when it has them, else China Standard Time. */
async function offsetOf(db: Db, projectId: number): Promise<number> {
  const [row] = await db
    .select({ offset: labourSettings.utcOffsetMinutes })
    .from(labourSettings)
    .where(eq(labourSettings.projectId, projectId));
  return row?.offset ?? COMPLIANCE_DEFAULT_UTC_OFFSET_MINUTES;
}

/** The enabled reading rules on dust monitors that may cover `monitors`. */
async function rulesOf(db: Db, projectId: number, monitors: readonly LimitDevice[]): Promise<LimitRule[]> {
  const agentIds = [...new Set(monitors.map((d) => d.agentId).filter((id): id is number => id !== null))];
  return db
    .select()
    .from(alarmRules)
    .where(
      and(
        eq(alarmRules.enabled, true),
        eq(alarmRules.deviceType, 'dust'),
        sql`${alarmRules.source}->>'kind' = 'reading'`,
        or(
          eq(alarmRules.scope, 'fleet'),
          agentIds.length ? and(eq(alarmRules.scope, 'agent'), inArray(alarmRules.agentId, agentIds)) : undefined,
          and(eq(alarmRules.scope, 'project'), eq(alarmRules.projectId, projectId)),
          and(
            eq(alarmRules.scope, 'device'),
            inArray(
              alarmRules.deviceId,
              monitors.map((d) => d.id),
            ),
          ),
        ),
      ),
    )
    .orderBy(asc(alarmRules.id));
}

interface Window {
  ids: number[];
  from: number;
  to: number;
}

type LimitRow = { device_id: number; field: string; lim: number; incl: boolean };

/**
 * Per monitor and pollutant, the month's hourly means (normal readings only; the rollup's hours for
 * PM2.5 and PM10, the raw readings' for the rest) added up against each limit in one statement.
 */
async function pollutantHours(db: Db, w: Window, limits: LimitRow[]) {
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
async function flaggedReadings(db: Db, w: Window, fields: string[]) {
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
async function noisePeriods(db: Db, w: Window, offset: number, firstDate: string, nextFirstDate: string) {
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

/** The codes a monitor's period data may name for `field`, lower-cased (units write `La`, `LEQ`). */
const codesOf = (field: string) =>
  field === NOISE_FIELD
    ? HJ212_CODES.filter((c) => (c.field ?? c.code) === NOISE_FIELD).map((c) => c.code.toLowerCase())
    : [field.toLowerCase()];

type MonitorLimitRow = {
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
async function monitorFigures(db: Db, w: Window, offset: number, limits: MonitorLimitRow[]) {
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

const PERIOD_ORDER: Record<string, number> = { minute: 0, hour: 1, day: 2 };

/**
 * The compliance report of project `projectId` for `month`, as `caller` may see it (404 outside its
 * scope): the project's dust monitors in the caller's device scope, their limits (an active rule's, else
 * the national), and the four statements over the stored data. `keptDays`: how long raw readings are kept.
 */
export async function complianceReportOf(
  db: Db,
  caller: Caller,
  q: { projectId: number; month: string },
  keptDays: number,
  now = Date.now(),
): Promise<ComplianceReport> {
  const project = await loadOr404<typeof projects, { id: number; name: string; code: string }>(db, {
    table: projects,
    idColumn: projects.id,
    id: q.projectId,
    scope: scope.projects(caller),
    what: 'Project',
    select: { id: projects.id, name: projects.name, code: projects.code },
  });
  const offset = await offsetOf(db, project.id);
  const range = monthRange(q.month, offset);
  const monitors = await db
    .select({
      id: devices.id,
      sn: devices.sn,
      name: devices.devName,
      type: devices.type,
      agentId: devices.agentId,
      projectId: devices.projectId,
    })
    .from(devices)
    .where(and(eq(devices.projectId, project.id), eq(devices.type, 'dust'), scope.devices(caller)))
    .orderBy(asc(devices.id));
  const keptFrom = now - keptDays * DAY_MS;
  const report: ComplianceReport = {
    project,
    month: q.month,
    utcOffsetMinutes: offset,
    from: iso(range.from),
    to: iso(range.to),
    readingsKeptFrom: keptFrom > range.from ? iso(keptFrom) : null,
    devices: monitors.map((d) => ({ id: d.id, sn: d.sn, name: d.name })),
    pollutants: [],
    noise: [],
    monitor: [],
  };
  if (monitors.length === 0) return report;

  const rules = await rulesOf(db, project.id, monitors);
  const fields = pollutantFields(rules, monitors);
  const limits = new Map<string, ComplianceLimit>();
  const key = (deviceId: number, field: string) => `${deviceId}|${field}`;
  for (const d of monitors) {
    for (const field of fields) {
      const limit = limitOf(rules, d, field, NATIONAL_POLLUTANT_LIMITS[field]);
      if (limit) limits.set(key(d.id, field), limit);
    }
  }
  const noiseLimits = new Map(monitors.map((d) => [d.id, noiseLimitsOf(rules, d)]));
  const limitRows: LimitRow[] = [...limits].map(([k, l]) => {
    const [id, field] = k.split('|');
    return { device_id: Number(id), field, lim: l.value, incl: l.inclusive };
  });
  const monitorLimits: MonitorLimitRow[] = [];
  for (const row of limitRows) {
    monitorLimits.push({
      ...row,
      code: row.field.toLowerCase(),
      day_lim: row.lim,
      night_lim: row.lim,
      mode: 'any',
      noise: false,
    });
  }
  for (const [deviceId, n] of noiseLimits) {
    const base = { device_id: deviceId, day_lim: n.day.value, night_lim: n.night.value, noise: true };
    for (const code of codesOf(NOISE_FIELD)) {
      monitorLimits.push({ ...base, code, mode: 'time', incl: n.day.inclusive });
    }
    monitorLimits.push({ ...base, code: 'ld', mode: 'day', incl: n.day.inclusive });
    monitorLimits.push({ ...base, code: 'ln', mode: 'night', incl: n.night.inclusive });
  }

  const w: Window = { ids: monitors.map((d) => d.id), from: range.from, to: range.to };
  // Four statements, side by side where the database has several connections (PostgreSQL).
  const [hours, flagged, noise, figures] = await Promise.all([
    pollutantHours(db, w, limitRows),
    flaggedReadings(db, w, fields),
    noisePeriods(db, w, offset, range.firstDate, range.nextFirstDate),
    monitorFigures(db, w, offset, monitorLimits),
  ]);

  const flagsOf = (rows: { flag: string; n: number }[]) => {
    const out: Record<string, number> = {};
    for (const r of rows) out[r.flag] = (out[r.flag] ?? 0) + r.n;
    return out;
  };
  for (const d of monitors) {
    for (const field of fields) {
      const limit = limits.get(key(d.id, field));
      if (!limit) continue;
      const h = hours.find((r) => r.device_id === d.id && r.field === field);
      report.pollutants.push({
        deviceId: d.id,
        field,
        name: nameOf(field),
        unit: unitOf(field),
        limit,
        readings: h?.readings ?? 0,
        hours: h?.hours ?? 0,
        exceedanceHours: h?.over_hours ?? 0,
        mean: h?.mean === null || h?.mean === undefined ? null : round1(Number(h.mean)),
        worst:
          h && h.worst_at !== null && h.worst_mean !== null
            ? { hour: iso(Number(h.worst_at)), mean: round1(Number(h.worst_mean)) }
            : null,
        exceedances: (h?.exceedances ?? []).map(([at, mean]) => ({ hour: iso(Number(at)), mean: round1(mean) })),
        flagged: flagsOf(flagged.filter((r) => r.device_id === d.id && r.field === field)),
      } satisfies CompliancePollutant);
    }

    const limitsOfDevice = noiseLimits.get(d.id)!;
    const rows = noise.filter((r) => r.device_id === d.id);
    const days = new Map<string, ComplianceNoiseDay>();
    for (const r of rows) {
      if (r.flag !== 'N' || r.leq === null) continue;
      const day = days.get(r.day) ?? { date: r.day, day: null, night: null };
      const limit = r.is_day ? limitsOfDevice.day : limitsOfDevice.night;
      // Judged as reported, to 0.1 dB: 10·log10(10^6.5) must not come out above 65.
      const leq = round1(Number(r.leq));
      day[r.is_day ? 'day' : 'night'] = {
        leq,
        lmax: round1(Number(r.lmax)),
        readings: r.n,
        hours: r.hours,
        over: leq > limit.value || (limit.inclusive && leq === limit.value),
      };
      days.set(r.day, day);
    }
    const list = [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
    report.noise.push({
      deviceId: d.id,
      dayLimit: limitsOfDevice.day,
      nightLimit: limitsOfDevice.night,
      days: list,
      daysOver: list.filter((x) => x.day?.over).length,
      nightsOver: list.filter((x) => x.night?.over).length,
      flagged: flagsOf(rows.filter((r) => r.flag !== 'N')),
    } satisfies ComplianceNoise);
  }

  report.monitor = figures
    .map((f): ComplianceMonitorFigure => ({
      deviceId: f.device_id,
      code: f.code,
      name: nameOf(f.code),
      unit: unitOf(f.code),
      period: f.period as ComplianceMonitorFigure['period'],
      count: f.n,
      flagged: f.flagged,
      mean: num(f.mean) === null ? null : round1(Number(f.mean)),
      maxAvg: num(f.max_avg) === null ? null : round1(Number(f.max_avg)),
      maxAt: f.max_at === null ? null : iso(Number(f.max_at)),
      peak: num(f.peak) === null ? null : round1(Number(f.peak)),
      over: f.has_lim ? f.over_n : null,
    }))
    .filter((f) => f.period in PERIOD_ORDER)
    .sort(
      (a, b) =>
        a.deviceId - b.deviceId || a.code.localeCompare(b.code) || PERIOD_ORDER[a.period] - PERIOD_ORDER[b.period],
    );
  return report;
}
