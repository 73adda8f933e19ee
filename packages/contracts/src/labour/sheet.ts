import type { SheetLang } from '../device/sheet.ts';
import type { LabourTrade } from './schemas.ts';

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
