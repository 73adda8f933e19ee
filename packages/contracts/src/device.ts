import { z } from 'zod';
import { text } from './text.ts';
import { DEVICE_TYPES } from './device-protocol.ts';
import { calendarDate, idsBody, pageQuery, rowId, rowIdParam, sortQuery } from './pagination.ts';

export const DEVICE_AUTH_STATUSES = ['authorize', 'forbidden', 'unknown'] as const;
export const DEVICE_ONLINE_STATUSES = ['online', 'offline', 'unknown'] as const;
export const DEVICE_DIRECTIONS = ['none', 'in', 'out'] as const;

/** Six hex pairs separated by `:`, `-` or nothing; normalised to AA:BB:CC:DD:EE:FF. */
export const macAddress = text({ error: (iss) => (iss.input === undefined ? 'mac is required' : 'mac must be text') })
  .trim()
  .regex(/^[0-9A-Fa-f]{2}([:-]?)[0-9A-Fa-f]{2}(\1[0-9A-Fa-f]{2}){4}$/, 'mac must look like AA:BB:CC:DD:EE:FF')
  .transform((v) => v.replace(/[:-]/g, '').toUpperCase().match(/.{2}/g)!.join(':'));

const optionalText = (name: string, max: number) =>
  text()
    .trim()
    .max(max, `${name} is at most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** Fields an agent may edit on its own devices. */
export const DEVICE_AGENT_FIELDS = ['devName', 'installSite', 'remark', 'direction'] as const;

/** Spec 3's Device fields a person may set. */
export const deviceFields = {
  type: z.enum(DEVICE_TYPES, { error: `type must be one of ${DEVICE_TYPES.join(', ')}` }),
  sn: text({ error: (iss) => (iss.input === undefined ? 'sn is required' : 'sn must be text') })
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'sn must be 1-64 letters, digits or _ . : -'),
  mac: macAddress,
  devName: optionalText('devName', 128),
  factoryName: optionalText('factoryName', 128),
  ip: optionalText('ip', 64),
  installSite: optionalText('installSite', 256),
  frpcVer: optionalText('frpcVer', 64),
  devVer: optionalText('devVer', 64),
  version: optionalText('version', 64),
  remoteAccount: optionalText('remoteAccount', 64),
  /** Stored encrypted; never answered. */
  terminalPassword: optionalText('terminalPassword', 128),
  remark: optionalText('remark', 512),
  direction: z.enum(DEVICE_DIRECTIONS).optional(),
  allow: z.boolean().optional(),
  anyAccess: z.boolean().optional(),
  agentId: rowId().nullable().optional(),
  projectId: rowId().nullable().optional(),
};

export const addDeviceBody = z.object(deviceFields);
export type AddDeviceBody = z.input<typeof addDeviceBody>;

export const updateDeviceBody = z
  .object(deviceFields)
  .partial()
  .extend({ id: rowId('id is required') });
export type UpdateDeviceBody = z.input<typeof updateDeviceBody>;

export const DEVICE_SORT_FIELDS = [
  'id',
  'devName',
  'sn',
  'mac',
  'ip',
  'type',
  'authStatus',
  'onlineStatus',
  'factoryName',
  'version',
  'additionDatetime',
  'heartbeatDatetime',
  'updatedAt',
] as const;

const filterText = (max: number) => text().trim().max(max).optional();

export const deviceListQuery = pageQuery.extend({
  ...sortQuery(DEVICE_SORT_FIELDS).shape,
  /** The text filters are "contains". */
  devName: filterText(128),
  sn: filterText(64),
  mac: filterText(17),
  ip: filterText(64),
  factoryName: filterText(128),
  version: filterText(64),
  type: z.enum(DEVICE_TYPES).optional(),
  agentId: rowIdParam().optional(),
  projectId: rowIdParam().optional(),
  authStatus: z.enum(DEVICE_AUTH_STATUSES).optional(),
  onlineStatus: z.enum(DEVICE_ONLINE_STATUSES).optional(),
  /** Added on or after this day (inclusive). */
  addedFrom: calendarDate.optional(),
  /** Added on or before this day (inclusive). */
  addedTo: calendarDate.optional(),
});
export type DeviceListQuery = z.input<typeof deviceListQuery>;

/** `POST /api/device/authorize`. */
export const authorizeDevicesBody = idsBody.extend({
  authStatus: z.enum(['authorize', 'forbidden'], { error: 'authStatus must be authorize or forbidden' }),
});
/** `POST /api/device/divideAgent`: null takes the devices back to the platform. */
export const divideAgentBody = idsBody.extend({
  agentId: rowId('agentId is required').nullable(),
});
/** `POST /api/device/divideProject`: null takes the devices out of any project. */
export const divideProjectBody = idsBody.extend({
  projectId: rowId('projectId is required').nullable(),
});

/** What a batch answers: how many rows it changed (all selected, or none on failure). */
export const changedAnswer = z.object({ changed: z.number() });

/** A device as lists and details answer it; the terminal password is never in it. */
export const deviceItem = z.object({
  id: z.number(),
  type: z.string(),
  devName: z.string().nullable(),
  factoryName: z.string().nullable(),
  sn: z.string(),
  mac: z.string().nullable(),
  ip: z.string().nullable(),
  agentId: z.number().nullable(),
  agentName: z.string().nullable(),
  projectId: z.number().nullable(),
  projectName: z.string().nullable(),
  installSite: z.string().nullable(),
  frpcVer: z.string().nullable(),
  devVer: z.string().nullable(),
  version: z.string().nullable(),
  authStatus: z.string(),
  onlineStatus: z.string(),
  allow: z.boolean(),
  anyAccess: z.boolean(),
  remoteAccount: z.string().nullable(),
  /** Whether a terminal password is set; the value itself never leaves the server. */
  hasTerminalPassword: z.boolean(),
  direction: z.string(),
  remark: z.string().nullable(),
  licenceExpiresAt: z.string().nullable(),
  additionDatetime: z.string(),
  heartbeatDatetime: z.string().nullable(),
  updatedAt: z.string(),
  createdId: z.number().nullable(),
  updatedId: z.number().nullable(),
  /** The newest value of every telemetry field (dust, cranes, elevators; null before the first reading). */
  latest: z.record(z.string(), z.union([z.number(), z.boolean(), z.string()])).nullable(),
  /** When the newest reading arrived; answered by the device list only. */
  latestAt: z.string().nullable().optional(),
});
export type DeviceItem = z.infer<typeof deviceItem>;

/** Authorisation platforms (admin). */
export const platformFields = {
  platformName: text({
    error: (iss) => (iss.input === undefined ? 'platformName is required' : 'platformName must be text'),
  })
    .trim()
    .min(1, 'platformName cannot be empty')
    .max(128, 'platformName is at most 128 characters'),
  expirationDate: calendarDate,
  attachInfo: optionalText('attachInfo', 1024),
};
export const addPlatformBody = z.object(platformFields);
export const updatePlatformBody = z
  .object(platformFields)
  .partial()
  .extend({ id: rowId('id is required') });
export const PLATFORM_SORT_FIELDS = ['id', 'platformName', 'expirationDate', 'createdAt', 'updatedAt'] as const;
export const platformListQuery = pageQuery.extend({
  ...sortQuery(PLATFORM_SORT_FIELDS).shape,
  platformName: text().trim().max(128).optional(),
});
export const platformItem = z.object({
  id: z.number(),
  platformName: z.string(),
  expirationDate: z.string(),
  attachInfo: z.string().nullable(),
  /** The expiration date is before today (UTC). */
  expired: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PlatformItem = z.infer<typeof platformItem>;

// ---------------------------------------------------------------------------------------------------
// Licences (admin). The licence file itself is signed on the server; `@siteops/contracts/licence`
// (Node only) verifies one. The schemas live here so the console can type the answers too.

/** What a licence grants, exactly the bytes that are signed (through canonicalJson). */
export const licenceBody = z.object({
  licenceId: z.string(),
  sn: z.string(),
  mac: z.string(),
  platforms: z.array(z.string()),
  expiresAt: z.string(),
  attachInfo: z.string().nullable(),
  issuedAt: z.string(),
  /** The device proves itself to the gateway with this; the server keeps only its hash. */
  deviceSecret: z.string(),
});
export type LicenceBody = z.infer<typeof licenceBody>;

/** The content of a `<sn>.lic` file. */
export const licenceFile = z.object({
  format: z.literal('siteops-licence/1'),
  licence: licenceBody,
  signature: z.string(),
});
export type LicenceFile = z.infer<typeof licenceFile>;

/**
 * `POST /api/device/grant` (admin). `expiresAt` is a date (the licence is valid through the end of
 * that day, UTC) or a date-time; it must be in the future and not after the latest chosen platform's
 * expiration date. An expired platform is refused. Granting creates the device when the sn is new
 * (type from the body, default `gateway`), sets it `authorize` and rotates its secret: the previous
 * licence of the device stops working on the gateway.
 */
export const grantLicenceBody = z.object({
  sn: deviceFields.sn,
  mac: macAddress,
  platformIds: z.array(rowId()).max(100).default([]),
  expiresAt: text({ error: (iss) => (iss.input === undefined ? 'expiresAt is required' : 'expiresAt must be text') })
    .trim()
    .refine((s) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) && !Number.isNaN(Date.parse(s)), {
      message: 'expiresAt must be a date YYYY-MM-DD or an ISO 8601 date-time',
    }),
  attachInfo: optionalText('attachInfo', 1024),
  /** Only used when the grant creates the device (default `gateway`); an existing device keeps its type unless given. */
  type: deviceFields.type.optional(),
});
export type GrantLicenceBody = z.input<typeof grantLicenceBody>;

/**
 * `?download=1` answers the file itself (`application/json`, `Content-Disposition: attachment;
 * filename="<sn>.lic"`) instead of the envelope. Failures are envelopes either way.
 */
export const grantLicenceQuery = z.object({
  download: z.enum(['true', 'false', '1', '0']).optional(),
});

/**
 * The envelope answer of a grant: the file name, the exact file text to save (`content`) and the same
 * file parsed. The server keeps only the secret's hash, so this is the only time the file exists:
 * there is no "download again" route; grant again for a new one (which rotates the secret).
 */
export const grantLicenceAnswer = z.object({
  fileName: z.string(),
  content: z.string(),
  file: licenceFile,
  deviceId: z.number(),
  /** The grant created the device (its sn was new). */
  created: z.boolean(),
});
export type GrantLicenceAnswer = z.infer<typeof grantLicenceAnswer>;

/** `GET /api/device/licencePublicKey` (public; `?download=1` answers the PEM file). */
export const licencePublicKeyAnswer = z.object({
  algorithm: z.literal('Ed25519'),
  /** SPKI PEM. */
  pem: z.string(),
  /** SHA-256 of the DER public key, hex. */
  fingerprint: z.string(),
});
export type LicencePublicKeyAnswer = z.infer<typeof licencePublicKeyAnswer>;
export const licencePublicKeyQuery = grantLicenceQuery;

/** `GET /api/device/grants` (admin): the grant history, newest first. */
export const grantListQuery = pageQuery.extend({
  /** Contains. */
  sn: text().trim().max(64).optional(),
  deviceId: rowIdParam().optional(),
});
export const grantItem = z.object({
  licenceId: z.string(),
  deviceId: z.number(),
  sn: z.string(),
  mac: z.string(),
  platforms: z.array(z.string()),
  expiresAt: z.string(),
  attachInfo: z.string().nullable(),
  issuedById: z.number().nullable(),
  issuedByName: z.string().nullable(),
  issuedAt: z.string(),
});
export type GrantItem = z.infer<typeof grantItem>;

// ---------------------------------------------------------------------------------------------------
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
  { key: 'agent', required: false, 'zh-CN': '代理商', 'en-US': 'Agent' },
  { key: 'projectCode', required: false, 'zh-CN': '项目编号', 'en-US': 'Project code' },
  { key: 'remark', required: false, 'zh-CN': '备注', 'en-US': 'Remark' },
] as const;
export type DeviceImportColumnKey = (typeof DEVICE_IMPORT_COLUMNS)[number]['key'];

/**
 * Columns of an export, in order: the import columns (so a file round-trips) plus read-only ones.
 * The terminal password is never exported.
 */
export const DEVICE_EXPORT_COLUMNS = [
  ...DEVICE_IMPORT_COLUMNS.filter((c) => c.key !== 'remark'),
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
  /** A UUID the console chose: progress is published on the live topic `job:<jobId>` (contracts/live.ts). */
  jobId: z.uuid('jobId must be a UUID').optional(),
});
export const importRowError = z.object({
  /** The spreadsheet row number (the header is row 1). */
  row: z.number(),
  /** The column key (see DEVICE_IMPORT_COLUMNS), or null for the whole row. */
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowError>;
/**
 * Always HTTP 200 once the file was read: `failed` rows are listed in `errors` (at most 1,000
 * entries). In `all-or-nothing` mode any failed row means created = updated = 0 and `committed` false.
 */
export const importDevicesAnswer = z.object({
  mode: z.enum(DEVICE_IMPORT_MODES),
  rows: z.number(),
  created: z.number(),
  updated: z.number(),
  failed: z.number(),
  committed: z.boolean(),
  errors: z.array(importRowError),
});
export type ImportDevicesAnswer = z.infer<typeof importDevicesAnswer>;

/**
 * `GET /api/device/export?<listAll filters>&lang=`: a streamed xlsx of every device the filters match
 * in the caller's scope, in id order (page, pageSize and sort are not used).
 */
export const deviceExportQuery = deviceListQuery.omit({ page: true, pageSize: true }).extend({ lang: sheetLang });
export type DeviceExportQuery = z.input<typeof deviceExportQuery>;
