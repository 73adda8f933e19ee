import { z } from 'zod';
import { DEVICE_TYPES } from '../device-protocol.ts';
import { DEVICE_DIRECTIONS, deviceListQuery } from './schemas.ts';

// Spreadsheets: import template, import, export.

export const SHEET_LANGS = ['zh-CN', 'en-US'] as const;
export type SheetLang = (typeof SHEET_LANGS)[number];
const sheetLang = z.enum(SHEET_LANGS).default('zh-CN');

export const DEVICE_TYPE_LABELS: Record<(typeof DEVICE_TYPES)[number], Record<SheetLang, string>> = {
  face: { 'zh-CN': '人脸识别', 'en-US': 'Face recognition' },
  dust: { 'zh-CN': '扬尘监测', 'en-US': 'Dust monitor' },
  broadcast: { 'zh-CN': '云广播', 'en-US': 'Cloud broadcasting' },
  aiBox: { 'zh-CN': 'AI盒子', 'en-US': 'AI box' },
  towerCrane: { 'zh-CN': '塔吊', 'en-US': 'Tower crane' },
  elevator: { 'zh-CN': '升降机', 'en-US': 'Elevator' },
  towerElevatorFace: { 'zh-CN': '塔吊升降机人脸', 'en-US': 'Tower/elevator face' },
  plate: { 'zh-CN': '车牌识别', 'en-US': 'Plate recognition' },
  gateway: { 'zh-CN': '通用网关', 'en-US': 'Universal gateway' },
};
export const DEVICE_DIRECTION_LABELS: Record<(typeof DEVICE_DIRECTIONS)[number], Record<SheetLang, string>> = {
  none: { 'zh-CN': '无', 'en-US': 'None' },
  in: { 'zh-CN': '进', 'en-US': 'In' },
  out: { 'zh-CN': '出', 'en-US': 'Out' },
};

/**
 * Columns of the import template, in order. An import matches header cells to these by either
 * language's label or by key (so an exported file imports again); unknown columns are ignored.
 * `type` and `direction` take the key or either language's label. `agent` is the agent's name,
 * `projectCode` the project's code.
 */
export const DEVICE_IMPORT_COLUMNS = [
  { key: 'type', required: true, 'zh-CN': '设备类型', 'en-US': 'Device type' },
  { key: 'sn', required: true, 'zh-CN': '设备序列号', 'en-US': 'Serial number' },
  { key: 'mac', required: true, 'zh-CN': 'MAC地址', 'en-US': 'MAC address' },
  { key: 'devName', required: false, 'zh-CN': '设备名称', 'en-US': 'Device name' },
  { key: 'factoryName', required: false, 'zh-CN': '厂家', 'en-US': 'Manufacturer' },
  { key: 'ip', required: false, 'zh-CN': 'IP地址', 'en-US': 'IP address' },
  { key: 'installSite', required: false, 'zh-CN': '安装位置', 'en-US': 'Install site' },
  { key: 'direction', required: false, 'zh-CN': '进出方向', 'en-US': 'Direction' },
  { key: 'version', required: false, 'zh-CN': '版本', 'en-US': 'Version' },
  { key: 'devVer', required: false, 'zh-CN': '设备版本', 'en-US': 'Device version' },
  { key: 'frpcVer', required: false, 'zh-CN': 'FRPC版本', 'en-US': 'FRPC version' },
  { key: 'remoteAccount', required: false, 'zh-CN': '远程账号', 'en-US': 'Remote account' },
  { key: 'hj212Mn', required: false, 'zh-CN': 'HJ 212 MN', 'en-US': 'HJ 212 MN' },
  { key: 'hj212Pw', required: false, 'zh-CN': 'HJ 212 访问密码', 'en-US': 'HJ 212 password' },
  { key: 'agent', required: false, 'zh-CN': '代理商', 'en-US': 'Agent' },
  { key: 'projectCode', required: false, 'zh-CN': '项目编号', 'en-US': 'Project code' },
  { key: 'remark', required: false, 'zh-CN': '备注', 'en-US': 'Remark' },
] as const;
export type DeviceImportColumnKey = (typeof DEVICE_IMPORT_COLUMNS)[number]['key'];

/**
 * Columns of an export, in order: the import columns (so a file round-trips) plus read-only ones.
 * The terminal password and the HJ 212 password are never exported.
 */
export const DEVICE_EXPORT_COLUMNS = [
  ...DEVICE_IMPORT_COLUMNS.filter((c) => c.key !== 'remark' && c.key !== 'hj212Pw'),
  { key: 'projectName', required: false, 'zh-CN': '项目名称', 'en-US': 'Project' },
  { key: 'authStatus', required: false, 'zh-CN': '授权状态', 'en-US': 'Auth status' },
  { key: 'onlineStatus', required: false, 'zh-CN': '在线状态', 'en-US': 'Online status' },
  { key: 'allow', required: false, 'zh-CN': '允许', 'en-US': 'Allowed' },
  { key: 'anyAccess', required: false, 'zh-CN': '任意通行', 'en-US': 'Any access' },
  { key: 'licenceExpiresAt', required: false, 'zh-CN': '授权到期', 'en-US': 'Licence expires' },
  { key: 'additionDatetime', required: false, 'zh-CN': '添加时间', 'en-US': 'Added' },
  { key: 'heartbeatDatetime', required: false, 'zh-CN': '心跳时间', 'en-US': 'Last heartbeat' },
  { key: 'remark', required: false, 'zh-CN': '备注', 'en-US': 'Remark' },
] as const;

/** `GET /api/device/importTemplate?lang=`: an xlsx (headers in `lang`, a second sheet explains the columns). */
export const importTemplateQuery = z.object({ lang: sheetLang });

export const DEVICE_IMPORT_MODES = ['all-or-nothing', 'valid-rows'] as const;
export type DeviceImportMode = (typeof DEVICE_IMPORT_MODES)[number];
/** Most data rows one import takes. */
export const DEVICE_IMPORT_MAX_ROWS = 20_000;

/**
 * `POST /api/device/import` (admin, agent): multipart with the xlsx in part `file` and `mode`
 * (`all-or-nothing`, default, or `valid-rows`) as a form field or in the query string. Idempotent by
 * sn: a known sn is updated (empty cells leave its fields as they are), a new one created. An agent
 * imports only into its own agent and projects. Row messages are in `lang` when given, otherwise in the
 * request's language (Accept-Language, docs/decisions/0011).
 */
export const importDevicesQuery = z.object({
  mode: z.enum(DEVICE_IMPORT_MODES).optional(),
  lang: z.enum(SHEET_LANGS).optional(),
  /** A UUID the console chose: progress is published on the live topic `job:<userId>:<jobId>` (contracts/live/schemas.ts). */
  jobId: z.uuid('jobId must be a UUID').optional(),
});
const importRowError = z.object({
  /** The spreadsheet row number (the header is row 1). */
  row: z.number(),
  /** The column key (see DEVICE_IMPORT_COLUMNS), or null for the whole row. */
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowError>;

/** What an xlsx import did: its rows, how many were created, updated or failed, and the failed rows. */
export const importAnswer = z.object({
  rows: z.number(),
  created: z.number(),
  updated: z.number(),
  failed: z.number(),
  committed: z.boolean(),
  errors: z.array(importRowError),
});
/**
 * Always HTTP 200 once the file was read: `failed` rows are listed in `errors` (at most 1,000
 * entries). In `all-or-nothing` mode any failed row means created = updated = 0 and `committed` false.
 */
export const importDevicesAnswer = importAnswer.extend({ mode: z.enum(DEVICE_IMPORT_MODES) });

/**
 * `GET /api/device/export?<listAll filters>&lang=`: a streamed xlsx of every device the filters match
 * in the caller's scope, in id order (page, pageSize and sort are not used).
 */
export const deviceExportQuery = deviceListQuery.omit({ page: true, pageSize: true }).extend({ lang: sheetLang });
