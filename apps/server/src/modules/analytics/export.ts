import { excel } from '../../xlsx/excel.ts';
import type { analyticsApi } from '@siteops/contracts/analytics/api';
import type { AnalyticsChart, PresenceDimension, PresencePoint } from '@siteops/contracts/analytics/schemas';
import { DEVICE_TYPE_LABELS, type SheetLang } from '@siteops/contracts/device/sheet';
import type { DeviceType } from '@siteops/contracts/device-protocol';
import type { Handler } from '../../http/endpoint.ts';
import { neutralised } from '../../xlsx/text.ts';
import { sendWorkbook } from '../device/sheet.ts';
import { inSnapshot } from '../../db/snapshot.ts';
import { fleet } from './fleet.ts';

type Col = { key: string; 'zh-CN': string; 'en-US': string };
const c = (key: string, zh: string, en: string): Col => ({ key, 'zh-CN': zh, 'en-US': en });
const AT = c('at', '时段开始 (UTC)', 'Bucket start (UTC)');
const TYPE = c('deviceType', '设备类型', 'Device type');

const SHEETS: Record<AnalyticsChart, { 'zh-CN': string; 'en-US': string; cols: Col[] }> = {
  dust: {
    'zh-CN': '扬尘',
    'en-US': 'Dust',
    cols: [
      AT,
      c('projectName', '项目', 'Project'),
      c('readings', '读数', 'Readings'),
      c('pm25', 'PM2.5 均值', 'PM2.5 average'),
      c('pm10', 'PM10 均值', 'PM10 average'),
      c('noise', '噪声均值', 'Noise average'),
      c('pm25Over', 'PM2.5 超标次数', 'PM2.5 exceedances'),
      c('pm10Over', 'PM10 超标次数', 'PM10 exceedances'),
      c('noiseOver', '噪声超标次数', 'Noise exceedances'),
    ],
  },
  lifting: {
    'zh-CN': '起重',
    'en-US': 'Lifting',
    cols: [
      AT,
      TYPE,
      c('readings', '读数', 'Readings'),
      c('avgLoad', '平均载重', 'Average load'),
      c('maxLoad', '最大载重', 'Maximum load'),
      c('alarms', '告警', 'Alarms'),
    ],
  },
  passes: { 'zh-CN': '通行', 'en-US': 'Passes', cols: [AT, c('count', '通行次数', 'Passes')] },
  events: {
    'zh-CN': '事件',
    'en-US': 'Events',
    cols: [AT, TYPE, c('kind', '事件类型', 'Event kind'), c('count', '次数', 'Count')],
  },
  presence: {
    'zh-CN': '在线率',
    'en-US': 'Online rate',
    // The group column's header follows the chosen dimension (PRESENCE_HEADER).
    cols: [AT, c('group', '', ''), c('onlinePct', '在线率 (%)', 'Online rate (%)')],
  },
};

const PRESENCE_HEADER: Record<PresenceDimension, Col> = {
  deviceType: TYPE,
  project: c('group', '项目', 'Project'),
  agent: c('group', '代理商', 'Agent'),
};
/** What a presence row's group is called when it names no project or agent. */
const NO_GROUP: Record<PresenceDimension, Record<SheetLang, string>> = {
  deviceType: { 'zh-CN': '', 'en-US': '' },
  project: { 'zh-CN': '无项目', 'en-US': 'No project' },
  agent: { 'zh-CN': '无代理商', 'en-US': 'No agent' },
};

const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** One chart's series as a small xlsx (at most 31 days of buckets), in the caller's scope. */
export const exportAnalytics: Handler<typeof analyticsApi.export> = async ({ db, caller, reply }, q) => {
  const { chart, lang } = q;
  // One snapshot, as the fleet route reads it (routes.ts).
  const data = await inSnapshot(db, (snapshot) => fleet(snapshot, caller, q));
  const sheet = SHEETS[chart];
  const ExcelJS = await excel();
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet[lang]);
  const cols = sheet.cols.map((col) => (col.key === 'group' ? PRESENCE_HEADER[q.presenceBy] : col));
  ws.columns = cols.map((col) => ({ header: col[lang], key: col.key, width: col.key === 'at' ? 20 : 16 }));
  const typeLabel = (type: string, l: SheetLang) => DEVICE_TYPE_LABELS[type as DeviceType]?.[l] ?? neutralised(type);
  const groupLabel = (r: PresencePoint) =>
    q.presenceBy === 'deviceType'
      ? typeLabel(r.group ?? '', lang)
      : r.groupName === null
        ? NO_GROUP[q.presenceBy][lang]
        : neutralised(r.groupName);
  const rows = chart === 'presence' ? data.presence.map((r) => ({ ...r, group: groupLabel(r) })) : data[chart];
  for (const row of rows as Record<string, unknown>[]) {
    ws.addRow({
      ...row,
      at: when(row.at as string),
      ...(typeof row.projectName === 'string' ? { projectName: neutralised(row.projectName) } : {}),
      ...(typeof row.deviceType === 'string' ? { deviceType: typeLabel(row.deviceType, lang) } : {}),
      ...(typeof row.kind === 'string' ? { kind: neutralised(row.kind) } : {}),
    });
  }
  const stamp = q.from.toISOString().slice(0, 10);
  return sendWorkbook(reply, wb, {
    fileName: `${sheet[lang]}-${stamp}.xlsx`,
    asciiName: `analytics-${chart}-${stamp}.xlsx`,
    noStore: true,
  });
};
