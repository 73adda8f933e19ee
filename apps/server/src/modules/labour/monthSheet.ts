import type { labourApi } from '@siteops/contracts/labour/api';
import type { LabourSettings, MonthSheetAnswer } from '@siteops/contracts/labour/schemas';
import type { Db } from '../../db/client.ts';
import type { Handler } from '../../http/endpoint.ts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.ts';
import { addDays, dayNumber, dayStart, sheetWorkers } from './attendance.ts';
import { loadLabourProject, settingsOf } from './service.ts';

/** Days in month `YYYY-MM`. */
export const daysIn = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
};

/**
 * Per worker, the hours of each of the `n` work days from `first` (index 0 is `first`): a complete day's
 * hours, 0 for a day with passes but no in-pass before an out-pass, null for no pass. Worked out in SQL
 * and answered as one row per worker with two arrays: a 500-worker month is 15,000 worker-days, and one
 * row each cost more to read into JavaScript than the scan itself (bench/labour.ts, decision 0025).
 */
async function monthHours(db: Db, s: LabourSettings, first: string, n: number) {
  const from = dayStart(s, first);
  const to = dayStart(s, addDays(first, n));
  const shiftSeconds = s.utcOffsetMinutes * 60 - s.cutoffHour * 3600;
  const res = await db.execute(sql`
    select worker_id, array_agg(day - ${dayNumber(first)}::int) as days, array_agg(hours) as hours
    from (
      select worker_id, floor((extract(epoch from at) + ${shiftSeconds}::int) / 86400)::int as day,
        coalesce(greatest(round((extract(epoch from max(at) filter (where direction = 'out')
          - min(at) filter (where direction = 'in')) / 3600)::numeric, 2), 0), 0)::float8 as hours
      from labour_passes
      where project_id = ${s.projectId} and at >= ${from.toISOString()}::timestamptz and at < ${to.toISOString()}::timestamptz
      group by 1, 2) d
    group by worker_id`);
  const out = new Map<number, (number | null)[]>();
  for (const r of rowsOf<{ worker_id: number; days: number[]; hours: number[] }>(res)) {
    const row: (number | null)[] = Array.from({ length: n }, () => null);
    r.days.forEach((d, i) => (row[d] = Number(r.hours[i])));
    out.set(r.worker_id, row);
  }
  return out;
}

/** The month sheet of a project: per worker, the hours of each day (0: passes but incomplete), days and total. */
export async function monthSheetOf(
  db: Db,
  settings: LabourSettings,
  month: string,
  teamId?: number,
): Promise<MonthSheetAnswer> {
  const first = `${month}-01`;
  const n = daysIn(month);
  const byWorker = await monthHours(db, settings, first, n);
  const workers = await sheetWorkers(
    db,
    settings.projectId,
    first,
    addDays(first, n - 1),
    [...byWorker.keys()],
    teamId,
  );
  const rows = workers.map((w) => {
    const hours = byWorker.get(w.id) ?? Array.from({ length: n }, () => null);
    return {
      workerId: w.id,
      realName: w.realName,
      teamName: w.teamName,
      trade: w.trade,
      hours,
      days: hours.filter((h) => h !== null).length,
      totalHours: Math.round(hours.reduce<number>((a, h) => a + (h ?? 0), 0) * 100) / 100,
    };
  });
  return { month, daysInMonth: n, rows };
}

export const monthSheet: Handler<typeof labourApi.monthSheet> = async ({ db, caller }, q) => {
  const project = await loadLabourProject(db, caller, q.projectId);
  return monthSheetOf(db, await settingsOf(db, project.id), q.month, q.teamId);
};
