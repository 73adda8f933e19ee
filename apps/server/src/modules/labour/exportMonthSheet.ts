import type { labourApi } from '@siteops/contracts/labour/api';
import { LABOUR_TRADE_LABELS, MONTH_SHEET_TEXT } from '@siteops/contracts/labour/sheet';
import type { Handler } from '../../http/endpoint.ts';
import { excel } from '../../xlsx/excel.ts';
import { neutralised } from '../../xlsx/text.ts';
import { sendWorkbook } from '../device/sheet.ts';
import { monthSheetOf } from './monthSheet.ts';
import { loadLabourProject, settingsOf } from './service.ts';

/**
 * The month sheet as wage clerks lay it out: one row per worker (number, name, team, trade), one column
 * per day with the day's hours (a day with passes but no complete pair marked), then days and hours.
 */
export const exportMonthSheet: Handler<typeof labourApi.exportMonthSheet> = async ({ db, caller, reply }, q) => {
  const project = await loadLabourProject(db, caller, q.projectId);
  const sheet = await monthSheetOf(db, await settingsOf(db, project.id), q.month, q.teamId);
  const text = MONTH_SHEET_TEXT[q.lang];
  const ExcelJS = await excel();
  const wb = new ExcelJS.Workbook();
  wb.creator = 'SiteOps';
  const ws = wb.addWorksheet(text.sheet, { views: [{ state: 'frozen', xSplit: 4, ySplit: 2 }] });
  ws.addRow([`${neutralised(project.name)} ${q.month}`]);
  const days = Array.from({ length: sheet.daysInMonth }, (_, i) => String(i + 1));
  ws.addRow([text.no, text.name, text.team, text.trade, ...days, text.days, text.hours]).font = { bold: true };
  sheet.rows.forEach((r, i) => {
    ws.addRow([
      i + 1,
      neutralised(r.realName),
      neutralised(r.teamName ?? ''),
      LABOUR_TRADE_LABELS[r.trade][q.lang],
      ...r.hours.map((h) => (h === null ? null : h === 0 ? text.incomplete : h)),
      r.days,
      r.totalHours,
    ]);
  });
  ws.getColumn(2).width = 12;
  ws.getColumn(3).width = 14;
  ws.getColumn(4).width = 12;
  for (let c = 5; c < 5 + sheet.daysInMonth; c++) ws.getColumn(c).width = 5;
  const base = `attendance-${project.code}-${q.month}`;
  return sendWorkbook(reply, wb, {
    fileName: `${q.lang === 'zh-CN' ? '考勤月报' : 'attendance'}-${project.name}-${q.month}.xlsx`,
    asciiName: `${base.replace(/[^\w.-]/g, '_')}.xlsx`,
    noStore: true,
  });
};
