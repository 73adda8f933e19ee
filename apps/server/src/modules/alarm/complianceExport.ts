import type ExcelJS from 'exceljs';
import type { alarmComplianceApi } from '@siteops/contracts/alarm/api';
import type { ComplianceLimit, ComplianceReport } from '@siteops/contracts/alarm/compliance';
import {
  flagEntries,
  limitText,
  localTime as local,
  utcClock as clock,
} from '@siteops/contracts/alarm/compliance-text';
import type { SheetLang } from '@siteops/contracts/device/sheet';
import type { Handler } from '../../http/endpoint.ts';
import { excel } from '../../xlsx/excel.ts';
import { neutralised } from '../../xlsx/text.ts';
import { sendWorkbook } from '../device/sheet.ts';
import { complianceReportOf } from './complianceReport.ts';

type Lang = SheetLang;
const L = (zh: string, en: string): Record<Lang, string> => ({ 'zh-CN': zh, 'en-US': en });

/** Every text of the workbook, in both languages. */
const TEXT = {
  file: L('达标报告', 'compliance'),
  summary: L('概要', 'Summary'),
  pollutants: L('污染物', 'Pollutants'),
  exceedances: L('超标小时', 'Exceedance hours'),
  noise: L('噪声', 'Noise'),
  monitor: L('监测仪数据', 'Monitor figures'),
  title: L('扬尘噪声达标报告', 'Dust and noise compliance report'),
  project: L('项目', 'Project'),
  projectCode: L('项目编号', 'Project code'),
  month: L('月份', 'Month'),
  clock: L('时区', 'Time zone'),
  period: L('统计时段', 'Period'),
  device: L('设备', 'Device'),
  sn: L('序列号', 'SN'),
  pollutant: L('污染物', 'Pollutant'),
  unit: L('单位', 'Unit'),
  limit: L('限值', 'Limit'),
  limitSource: L('限值来源', 'Limit from'),
  readings: L('有效读数', 'Valid readings'),
  hours: L('有效小时', 'Hours with data'),
  exceedanceHours: L('超标小时数', 'Exceedance hours'),
  mean: L('月均值', 'Month mean'),
  worstHour: L('最高小时', 'Worst hour'),
  worstMean: L('最高小时均值', 'Worst hour mean'),
  leftOut: L('剔除读数（数据标记）', 'Left out (data flag)'),
  hour: L('小时（当地时间）', 'Hour (local time)'),
  hourMean: L('小时均值', 'Hour mean'),
  date: L('日期', 'Date'),
  dayLeq: L('昼间 Leq', 'Day Leq'),
  dayLimit: L('昼间限值', 'Day limit'),
  dayOver: L('昼间超标', 'Day over'),
  dayReadings: L('昼间读数', 'Day readings'),
  nightLeq: L('夜间 Leq', 'Night Leq'),
  nightLimit: L('夜间限值', 'Night limit'),
  nightOver: L('夜间超标', 'Night over'),
  nightReadings: L('夜间读数', 'Night readings'),
  daysOver: L('昼间超标天数', 'Days over'),
  nightsOver: L('夜间超标天数', 'Nights over'),
  code: L('因子编码', 'Code'),
  name: L('名称', 'Name'),
  periodKind: L('数据类型', 'Data'),
  count: L('条数', 'Periods'),
  flaggedCount: L('剔除条数', 'Left out'),
  maxAvg: L('最大时段均值', 'Highest average'),
  maxAt: L('出现时间（当地时间）', 'At (local time)'),
  peak: L('最大值', 'Peak'),
  overCount: L('超标条数', 'Over the limit'),
  yes: L('超标', 'Over'),
  noMonitors: L('该项目没有扬尘监测设备。', 'The project has no dust monitors.'),
  notes: L('说明', 'Notes'),
  minute: L('分钟数据 (2051)', 'Minute data (2051)'),
  hourData: L('小时数据 (2061)', 'Hour data (2061)'),
  dayData: L('日数据 (2031)', 'Day data (2031)'),
};

const FLAG_NAMES: Record<string, Record<Lang, string>> = {
  M: L('维护', 'maintenance'),
  C: L('校准', 'calibration'),
  D: L('故障', 'fault'),
  F: L('停运', 'stopped'),
  S: L('手工数据', 'manual'),
  T: L('超测量上限', 'over range'),
  B: L('通讯异常', 'communication fault'),
  P: L('断电', 'power failure'),
};

/** The report's notes: how each figure is computed and where its limits come from. */
export function complianceNotes(r: ComplianceReport, lang: Lang): string[] {
  const zh = lang === 'zh-CN';
  const notes = zh
    ? [
        '超标小时：该小时内有效读数的均值高于限值的自然小时。',
        '限值：设备所在范围内启用的告警规则（设备、项目、代理商、全局，取最窄范围、最低阈值）；无规则时取国家标准：PM2.5 75、PM10 150、TSP 300 µg/m³（GB 3095-2012 二级 24 小时平均），噪声昼间 70、夜间 55 dB(A)（GB 12523-2011）。',
        `昼间 06:00–22:00，夜间 22:00–次日 06:00，按项目当地时间（UTC${clock(r.utcOffsetMinutes)}）；夜间归属其开始的日期。`,
        'Leq = 10·lg(平均(10^(L/10)))，按每日昼间、夜间的有效读数计算；Leq 高于限值即该昼（夜）超标。',
        '数据标记非 N（维护 M、校准 C、故障 D 等）的读数不参与计算，单独计数。',
        'PM2.5、PM10 的小时均值取自小时汇总表；其他因子取自原始读数。监测仪数据为设备自身上传的 HJ 212 分钟/小时/日数据。',
      ]
    : [
        'Exceedance hour: a clock hour whose mean of the valid readings is above the limit.',
        "Limits: the monitor's active alarm rule (device, project, agent or fleet; the narrowest scope, the lowest threshold); without one the national standard: PM2.5 75, PM10 150, TSP 300 µg/m³ (GB 3095-2012 grade II 24-hour averages), noise 70 dB(A) by day and 55 by night (GB 12523-2011).",
        `Day is 06:00–22:00 and night 22:00–06:00 on the project's local time (UTC${clock(r.utcOffsetMinutes)}); a night belongs to the date it starts.`,
        'Leq = 10·log10(mean(10^(L/10))) over the valid readings of each day and night; a day (night) whose Leq is above the limit is over.',
        'Readings with a data flag other than N (maintenance M, calibration C, fault D...) are left out of every figure and counted separately.',
        'PM2.5 and PM10 hourly means come from the hourly rollup, the other pollutants from the readings. Monitor figures are the HJ 212 minute/hour/day data the monitor computed itself.',
      ];
  if (r.readingsKeptFrom) {
    const kept = local(r.readingsKeptFrom, r.utcOffsetMinutes);
    notes.push(
      zh
        ? `原始读数只保留到 ${kept} 之后：此前的噪声、TSP 及剔除计数不完整。`
        : `Raw readings are kept from ${kept} only: noise, TSP and the left-out counts before then are incomplete.`,
    );
  }
  return notes;
}

function limitSource(l: ComplianceLimit, national: string, lang: Lang) {
  if (l.source === 'national') return national;
  const name = neutralised(l.ruleName ?? '');
  return lang === 'zh-CN' ? `告警规则「${name}」` : `Alarm rule "${name}"`;
}

function flagsText(flags: Record<string, number>, lang: Lang) {
  return flagEntries(flags)
    .map(([flag, n]) => `${FLAG_NAMES[flag]?.[lang] ?? neutralised(flag)} (${neutralised(flag)}) ${n}`)
    .join(lang === 'zh-CN' ? '；' : '; ');
}

function table(ws: ExcelJS.Worksheet, headers: string[], widths: number[]) {
  ws.addRow(headers).font = { bold: true };
  widths.forEach((w, i) => (ws.getColumn(i + 1).width = w));
  ws.views = [{ state: 'frozen', ySplit: 1 }];
}

/** The report as a workbook: summary with the notes, pollutants, exceedance hours, noise, monitor figures. */
export async function complianceWorkbook(r: ComplianceReport, lang: Lang): Promise<ExcelJS.Workbook> {
  const T = (k: keyof typeof TEXT) => TEXT[k][lang];
  const off = r.utcOffsetMinutes;
  const devices = new Map(r.devices.map((d) => [d.id, { label: neutralised(d.name ?? d.sn), sn: neutralised(d.sn) }]));
  const dev = (id: number) => devices.get(id) ?? { label: String(id), sn: '' };
  const ExcelJS = await excel();
  const wb = new ExcelJS.Workbook();
  wb.creator = 'SiteOps';

  const summary = wb.addWorksheet(T('summary'));
  summary.getColumn(1).width = 22;
  summary.getColumn(2).width = 60;
  summary.addRow([T('title')]).font = { bold: true, size: 14 };
  summary.addRow([T('project'), neutralised(r.project.name)]);
  summary.addRow([T('projectCode'), neutralised(r.project.code)]);
  summary.addRow([T('month'), r.month]);
  summary.addRow([T('clock'), `UTC${clock(off)}`]);
  summary.addRow([T('period'), `${local(r.from, off)} – ${local(r.to, off)}`]);
  summary.addRow([]);
  if (r.devices.length === 0) summary.addRow([T('noMonitors')]);
  for (const n of r.noise) {
    summary.addRow([dev(n.deviceId).label, `${T('daysOver')} ${n.daysOver} / ${T('nightsOver')} ${n.nightsOver}`]);
  }
  summary.addRow([]);
  summary.addRow([T('notes')]).font = { bold: true };
  for (const note of complianceNotes(r, lang)) summary.addRow([note]);

  const pollutants = wb.addWorksheet(T('pollutants'));
  table(
    pollutants,
    [
      T('device'),
      T('sn'),
      T('pollutant'),
      T('unit'),
      T('limit'),
      T('limitSource'),
      T('hours'),
      T('exceedanceHours'),
      T('mean'),
      T('worstHour'),
      T('worstMean'),
      T('readings'),
      T('leftOut'),
    ],
    [18, 18, 10, 8, 10, 24, 12, 12, 10, 18, 12, 12, 30],
  );
  for (const p of r.pollutants) {
    pollutants.addRow([
      dev(p.deviceId).label,
      dev(p.deviceId).sn,
      p.name,
      p.unit,
      limitText(p.limit),
      limitSource(p.limit, 'GB 3095-2012', lang),
      p.hours,
      p.exceedanceHours,
      p.mean,
      p.worst ? local(p.worst.hour, off) : null,
      p.worst?.mean ?? null,
      p.readings,
      flagsText(p.flagged, lang),
    ]);
  }

  const exceedances = wb.addWorksheet(T('exceedances'));
  table(exceedances, [T('device'), T('pollutant'), T('hour'), T('hourMean'), T('limit')], [18, 10, 18, 12, 10]);
  for (const p of r.pollutants) {
    for (const e of p.exceedances) {
      exceedances.addRow([dev(p.deviceId).label, p.name, local(e.hour, off), e.mean, limitText(p.limit)]);
    }
  }

  const noise = wb.addWorksheet(T('noise'));
  table(
    noise,
    [
      T('device'),
      T('date'),
      T('dayLeq'),
      T('dayLimit'),
      T('dayOver'),
      T('dayReadings'),
      T('nightLeq'),
      T('nightLimit'),
      T('nightOver'),
      T('nightReadings'),
    ],
    [18, 12, 10, 10, 10, 12, 10, 10, 10, 12],
  );
  for (const n of r.noise) {
    for (const d of n.days) {
      noise.addRow([
        dev(n.deviceId).label,
        d.date,
        d.day?.leq ?? null,
        limitText(n.dayLimit),
        d.day?.over ? T('yes') : null,
        d.day?.readings ?? 0,
        d.night?.leq ?? null,
        limitText(n.nightLimit),
        d.night?.over ? T('yes') : null,
        d.night?.readings ?? 0,
      ]);
    }
  }

  const monitor = wb.addWorksheet(T('monitor'));
  table(
    monitor,
    [
      T('device'),
      T('code'),
      T('name'),
      T('periodKind'),
      T('count'),
      T('flaggedCount'),
      T('mean'),
      T('maxAvg'),
      T('maxAt'),
      T('peak'),
      T('overCount'),
    ],
    [18, 10, 22, 18, 8, 10, 10, 12, 18, 10, 10],
  );
  const periodText = { minute: T('minute'), hour: T('hourData'), day: T('dayData') };
  for (const f of r.monitor) {
    monitor.addRow([
      dev(f.deviceId).label,
      neutralised(f.code),
      neutralised(f.name),
      periodText[f.period],
      f.count,
      f.flagged,
      f.mean,
      f.maxAvg,
      f.maxAt ? local(f.maxAt, off) : null,
      f.peak,
      f.over,
    ]);
  }
  return wb;
}

/** The month's report as an xlsx in the requester's language (`lang`). */
export const exportCompliance: Handler<typeof alarmComplianceApi.complianceExport> = async (c, q) => {
  const report = await complianceReportOf(c.db, c.caller, q, c.config.deviceLink.telemetryRetentionDays);
  const wb = await complianceWorkbook(report, q.lang);
  const base = `compliance-${report.project.code}-${q.month}`;
  return sendWorkbook(c.reply, wb, {
    fileName: `${TEXT.file[q.lang]}-${report.project.name}-${q.month}.xlsx`,
    asciiName: `${base.replace(/[^\w.-]/g, '_')}.xlsx`,
    noStore: true,
  });
};
