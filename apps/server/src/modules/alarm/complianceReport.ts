import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  COMPLIANCE_DEFAULT_UTC_OFFSET_MINUTES,
  NATIONAL_POLLUTANT_LIMITS,
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
import { alarmRules, devices, labourSettings, projects } from '../../db/schema/index.ts';
import { scope, type Caller } from '../../auth/scope.ts';
import { limitOf, noiseLimitsOf, pollutantFields, type LimitDevice, type LimitRule } from './complianceLimits.ts';
import {
  flaggedReadings,
  iso,
  monitorFigures,
  noisePeriods,
  pollutantHours,
  type LimitRow,
  type MonitorLimitRow,
  type Window,
} from './complianceStatements.ts';

const DAY_MS = 86_400_000;
const round1 = (v: number) => Math.round(v * 10) / 10;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
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

/** The codes a monitor's period data may name for `field`, lower-cased (units write `La`, `LEQ`). */
const codesOf = (field: string) =>
  field === NOISE_FIELD
    ? HJ212_CODES.filter((c) => (c.field ?? c.code) === NOISE_FIELD).map((c) => c.code.toLowerCase())
    : [field.toLowerCase()];

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
