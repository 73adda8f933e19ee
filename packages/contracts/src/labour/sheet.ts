import type { SheetLang } from '../device/sheet.ts';
import { WORKER_ID_TYPES, type LabourTrade } from './schemas.ts';

/** Trades as a spreadsheet names them (the month sheet's export). */
export const LABOUR_TRADE_LABELS: Record<LabourTrade, Record<SheetLang, string>> = {
  carpenter: { 'zh-CN': '木工', 'en-US': 'Carpenter' },
  rebarWorker: { 'zh-CN': '钢筋工', 'en-US': 'Rebar worker' },
  concreteWorker: { 'zh-CN': '混凝土工', 'en-US': 'Concrete worker' },
  mason: { 'zh-CN': '砌筑工', 'en-US': 'Mason' },
  scaffolder: { 'zh-CN': '架子工', 'en-US': 'Scaffolder' },
  electrician: { 'zh-CN': '电工', 'en-US': 'Electrician' },
  welder: { 'zh-CN': '电焊工', 'en-US': 'Welder' },
  plumber: { 'zh-CN': '水暖工', 'en-US': 'Plumber' },
  painter: { 'zh-CN': '油漆工', 'en-US': 'Painter' },
  plasterer: { 'zh-CN': '抹灰工', 'en-US': 'Plasterer' },
  towerCraneDriver: { 'zh-CN': '塔吊司机', 'en-US': 'Tower crane driver' },
  signaller: { 'zh-CN': '信号工', 'en-US': 'Signaller' },
  elevatorDriver: { 'zh-CN': '施工升降机司机', 'en-US': 'Construction elevator driver' },
  machineOperator: { 'zh-CN': '机械操作工', 'en-US': 'Machine operator' },
  labourer: { 'zh-CN': '普工', 'en-US': 'General labourer' },
  other: { 'zh-CN': '其他', 'en-US': 'Other' },
};

/** The month sheet's fixed columns and the mark of a day with passes but no complete in/out pair. */
export const MONTH_SHEET_TEXT: Record<
  SheetLang,
  {
    sheet: string;
    no: string;
    name: string;
    team: string;
    trade: string;
    days: string;
    hours: string;
    incomplete: string;
  }
> = {
  'zh-CN': {
    sheet: '考勤月报',
    no: '序号',
    name: '姓名',
    team: '班组',
    trade: '工种',
    days: '出勤天数',
    hours: '总工时',
    incomplete: '缺卡',
  },
  'en-US': {
    sheet: 'Monthly attendance',
    no: 'No.',
    name: 'Name',
    team: 'Team',
    trade: 'Trade',
    days: 'Days',
    hours: 'Hours',
    incomplete: 'inc.',
  },
};

/**
 * The roster import's columns (`POST /api/labour/importWorkers`): the header row names them in either
 * language or by key; ID type and trade are given as their labels in either language (or keys), the
 * team by its name in the project, the entry date as YYYY-MM-DD (today when empty).
 */
export const WORKER_IMPORT_COLUMNS = [
  { key: 'realName', 'zh-CN': '姓名', 'en-US': 'Name', required: true },
  { key: 'idType', 'zh-CN': '证件类型', 'en-US': 'ID type', required: false },
  { key: 'idNo', 'zh-CN': '证件号码', 'en-US': 'ID number', required: true },
  { key: 'phone', 'zh-CN': '手机号', 'en-US': 'Phone', required: true },
  { key: 'trade', 'zh-CN': '工种', 'en-US': 'Trade', required: true },
  { key: 'team', 'zh-CN': '班组', 'en-US': 'Team', required: false },
  { key: 'entryDate', 'zh-CN': '进场日期', 'en-US': 'Entry date', required: false },
  { key: 'bankCardNo', 'zh-CN': '工资银行卡号', 'en-US': 'Wage bank card number', required: false },
] as const;

/** Rows one roster import takes. */
export const WORKER_IMPORT_MAX_ROWS = 2000;

/** ID types as a spreadsheet names them. */
export const WORKER_ID_TYPE_LABELS: Record<(typeof WORKER_ID_TYPES)[number], Record<SheetLang, string>> = {
  mainland: { 'zh-CN': '居民身份证', 'en-US': 'Resident ID card' },
  hkMacau: { 'zh-CN': '港澳居民来往内地通行证', 'en-US': 'Mainland travel permit (HK/Macau)' },
  taiwan: { 'zh-CN': '台湾居民来往大陆通行证', 'en-US': 'Mainland travel permit (Taiwan)' },
  passport: { 'zh-CN': '护照', 'en-US': 'Passport' },
  foreign: { 'zh-CN': '外国人永久居留身份证', 'en-US': 'Foreign permanent resident ID' },
};
