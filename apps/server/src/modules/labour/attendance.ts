import { sql, type SQL } from 'drizzle-orm';
import type { LabourSettings, LabourTrade, WorkerStatus } from '@siteops/contracts/labour/schemas';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * Attendance, worked out on read from `labour_passes` (docs/decisions/0025): per worker and work day,
 * the first in-pass, the last out-pass, the hours between them and whether both are there. A work day
 * runs from the cut-off hour to the next day's cut-off hour on the project's wall clock, so a night
 * shift's passes after midnight belong to the day it started. Passes are read by the device's time, so
 * the order they arrived in never matters, and a pass sent twice is one row (the table's key).
 */

export interface DayAttendance {
  /** The work day, as days since 1970-01-01 (see {@link dayNumber}). */
  day: number;
  firstIn: Date | null;
  lastOut: Date | null;
  /** The day's latest pass was an in-pass. */
  lastIn: boolean;
  passes: number;
}

/** Both passes there, the out after the in. */
export const isComplete = (d: DayAttendance) => d.firstIn !== null && d.lastOut !== null && d.lastOut > d.firstIn;

/** Hours from first in to last out (2 decimals), when complete. */
export const hoursOf = (d: DayAttendance) =>
  isComplete(d) ? Math.round((d.lastOut!.getTime() - d.firstIn!.getTime()) / 36_000) / 100 : null;

const DAY_MS = 86_400_000;

/** A date YYYY-MM-DD as days since 1970-01-01, the key attendance is grouped by. */
export const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** The instant work day `day` (YYYY-MM-DD) starts: its cut-off hour on the project's wall clock. */
export const dayStart = (s: LabourSettings, day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + s.cutoffHour * 3_600_000 - s.utcOffsetMinutes * 60_000);

/** `day` plus `n` days, YYYY-MM-DD. */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/**
 * Each worker's attendance on the `days` work days from `firstDay`, by worker id and day number: one
 * grouped scan of the project's passes in that window (index labour_passes_project_at_idx). The work day
 * is integer arithmetic on the epoch and instants travel as epoch milliseconds: a month of a 500-worker
 * project is 30,000 passes in 15,000 groups, and formatting dates or parsing timestamps for each of them
 * cost more than the scan (bench/labour.ts).
 */
export async function attendanceOf(
  db: Db,
  s: LabourSettings,
  firstDay: string,
  days: number,
  /** Only this worker's passes (its key's index then). */
  workerId?: number,
): Promise<Map<number, Map<number, DayAttendance>>> {
  const from = dayStart(s, firstDay);
  const to = dayStart(s, addDays(firstDay, days));
  const shiftSeconds = s.utcOffsetMinutes * 60 - s.cutoffHour * 3600;
  const ms = (expr: SQL) => sql`(extract(epoch from ${expr}) * 1000)::float8`;
  const res = await db.execute(sql`
    select worker_id, floor((extract(epoch from at) + ${shiftSeconds}::int) / 86400)::int as day,
      ${ms(sql`min(at) filter (where direction = 'in')`)} as first_in,
      ${ms(sql`max(at) filter (where direction = 'out')`)} as last_out,
      ${ms(sql`max(at) filter (where direction = 'in')`)} as last_in,
      count(*)::int as passes
    from labour_passes
    where project_id = ${s.projectId} and at >= ${from.toISOString()}::timestamptz and at < ${to.toISOString()}::timestamptz
      ${workerId === undefined ? sql`` : sql`and worker_id = ${workerId}`}
    group by 1, 2`);
  const out = new Map<number, Map<number, DayAttendance>>();
  const date = (v: number | null) => (v === null ? null : new Date(v));
  for (const r of rowsOf<{
    worker_id: number;
    day: number;
    first_in: number | null;
    last_out: number | null;
    last_in: number | null;
    passes: number;
  }>(res)) {
    let byDay = out.get(r.worker_id);
    if (!byDay) out.set(r.worker_id, (byDay = new Map()));
    byDay.set(r.day, {
      day: r.day,
      firstIn: date(r.first_in),
      lastOut: date(r.last_out),
      lastIn: r.last_in !== null && (r.last_out === null || r.last_in > r.last_out),
      passes: r.passes,
    });
  }
  return out;
}

export interface SheetWorker {
  id: number;
  realName: string;
  teamId: number | null;
  teamName: string | null;
  trade: LabourTrade;
  status: WorkerStatus;
  /** Registered on site on the day(s) asked: entered by then, not left before, not blacklisted. */
  expected: boolean;
}

/**
 * The workers a sheet of `firstDay`..`lastDay` lists: those registered on site then, and any other with
 * passes in the window (`withPasses`), in team and name order.
 */
export async function sheetWorkers(
  db: Db,
  projectId: number,
  firstDay: string,
  lastDay: string,
  withPasses: readonly number[],
  teamId?: number,
): Promise<SheetWorker[]> {
  const res = await db.execute(sql`
    select w.id, w.real_name, w.team_id, t.name as team_name, w.trade, w.status,
      (w.entry_date <= ${lastDay}::date and (w.exit_date is null or w.exit_date >= ${firstDay}::date)
        and w.status <> 'blacklisted') as expected
    from labour_workers w left join labour_teams t on t.id = w.team_id
    where w.project_id = ${projectId} ${teamId ? sql`and w.team_id = ${teamId}` : sql``}
      and ((w.entry_date <= ${lastDay}::date and (w.exit_date is null or w.exit_date >= ${firstDay}::date)
        and w.status <> 'blacklisted')
        or w.id in (select value::int from jsonb_array_elements_text(${JSON.stringify(withPasses)}::jsonb)))
    order by t.name nulls last, w.real_name, w.id`);
  return rowsOf<{
    id: number;
    real_name: string;
    team_id: number | null;
    team_name: string | null;
    trade: LabourTrade;
    status: WorkerStatus;
    expected: boolean;
  }>(res).map((r) => ({
    id: r.id,
    realName: r.real_name,
    teamId: r.team_id,
    teamName: r.team_name,
    trade: r.trade,
    status: r.status,
    expected: r.expected,
  }));
}
