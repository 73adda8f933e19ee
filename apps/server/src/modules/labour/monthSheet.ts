import type { labourApi } from '@siteops/contracts/labour/api';
import type { LabourSettings, MonthSheetAnswer } from '@siteops/contracts/labour/schemas';
import type { Db } from '../../db/client.ts';
import type { Handler } from '../../http/endpoint.ts';
import { addDays, attendanceOf, hoursOf, sheetWorkers } from './attendance.ts';
import { loadLabourProject, settingsOf } from './service.ts';

/** Days in month `YYYY-MM`. */
export const daysIn = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
};

/** The month sheet of a project: per worker, the hours of each day (0: passes but incomplete), days and total. */
export async function monthSheetOf(
  db: Db,
  settings: LabourSettings,
  month: string,
  teamId?: number,
): Promise<MonthSheetAnswer> {
  const first = `${month}-01`;
  const n = daysIn(month);
  const attendance = await attendanceOf(db, settings, first, n);
  const workers = await sheetWorkers(
    db,
    settings.projectId,
    first,
    addDays(first, n - 1),
    [...attendance.keys()],
    teamId,
  );
  const rows = workers.map((w) => {
    const byDay = attendance.get(w.id);
    const hours = Array.from({ length: n }, (_, i) => {
      const d = byDay?.get(addDays(first, i));
      return d ? (hoursOf(d) ?? 0) : null;
    });
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
