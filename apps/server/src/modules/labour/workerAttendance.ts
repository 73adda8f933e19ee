import type { labourApi } from '@siteops/contracts/labour/api';
import type { Handler } from '../../http/endpoint.ts';
import { addDays, attendanceOf, dayNumber, hoursOf, isComplete } from './attendance.ts';
import { daysIn } from './monthSheet.ts';
import { loadWorkerInScope, settingsOf } from './service.ts';

/**
 * A worker's own history (issue 35): its attendance of one month, day by day, worked out on read as the
 * sheets are (decision 0025), from its passes only. 404 outside the caller's projects.
 */
export const workerAttendance: Handler<typeof labourApi.workerAttendance> = async (c, { id, month }) => {
  const worker = await loadWorkerInScope(c.db, c.caller, id);
  const settings = await settingsOf(c.db, worker.projectId);
  const first = `${month}-01`;
  const n = daysIn(month);
  const byDay = (await attendanceOf(c.db, settings, first, n, worker.id)).get(worker.id) ?? new Map();
  const base = dayNumber(first);
  const days = [...byDay.values()]
    .sort((a, b) => a.day - b.day)
    .map((d) => ({
      date: addDays(first, d.day - base),
      firstIn: d.firstIn?.toISOString() ?? null,
      lastOut: d.lastOut?.toISOString() ?? null,
      hours: hoursOf(d),
      complete: isComplete(d),
      passes: d.passes,
    }));
  const complete = days.filter((d) => d.complete);
  return {
    workerId: worker.id,
    month,
    cutoffHour: settings.cutoffHour,
    days,
    daysCame: days.length,
    daysComplete: complete.length,
    totalHours: Math.round(complete.reduce((a, d) => a + (d.hours ?? 0), 0) * 100) / 100,
  };
};
