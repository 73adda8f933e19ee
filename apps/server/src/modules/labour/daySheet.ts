import type { labourApi } from '@siteops/contracts/labour/api';
import type { DaySheetRow } from '@siteops/contracts/labour/schemas';
import type { Handler } from '../../http/endpoint.ts';
import { attendanceOf, dayNumber, hoursOf, isComplete, sheetWorkers } from './attendance.ts';
import { loadLabourProject, settingsOf } from './service.ts';

/** One work day of a project: every worker registered on site that day or who passed, with the day's figures. */
export const daySheet: Handler<typeof labourApi.daySheet> = async ({ db, caller }, q) => {
  const project = await loadLabourProject(db, caller, q.projectId);
  const settings = await settingsOf(db, project.id);
  const attendance = await attendanceOf(db, settings, q.date, 1);
  const workers = await sheetWorkers(db, project.id, q.date, q.date, [...attendance.keys()], q.teamId);
  const rows: DaySheetRow[] = workers.map((w) => {
    const d = attendance.get(w.id)?.get(dayNumber(q.date));
    return {
      workerId: w.id,
      realName: w.realName,
      teamId: w.teamId,
      teamName: w.teamName,
      trade: w.trade,
      status: w.status,
      firstIn: d?.firstIn?.toISOString() ?? null,
      lastOut: d?.lastOut?.toISOString() ?? null,
      hours: d ? hoursOf(d) : null,
      complete: d ? isComplete(d) : false,
      came: d !== undefined,
      onSiteNow: d?.lastIn ?? false,
      passes: d?.passes ?? 0,
    };
  });
  const expected = workers.filter((w) => w.expected);
  const came = rows.filter((r) => r.came);
  return {
    date: q.date,
    cutoffHour: settings.cutoffHour,
    summary: {
      expected: expected.length,
      came: came.length,
      absent: rows.filter((r, i) => workers[i].expected && !r.came).length,
      complete: rows.filter((r) => r.complete).length,
      onSiteNow: rows.filter((r) => r.onSiteNow).length,
    },
    rows,
  };
};
