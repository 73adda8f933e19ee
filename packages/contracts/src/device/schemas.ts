import { z } from 'zod';
import { multilineText, text } from '../shared/text.ts';
import { notText, optionalTextOf } from '../shared/text-fields.ts';
import { DEVICE_TYPES } from '../device-protocol.ts';
import {
  calendarDate,
  idsBody,
  rowId,
  rowIdParam,
  sortedPageQuery,
  textFilter,
  updateBodyOf,
} from '../shared/pagination.ts';
import { editTimes, editorIds, nullableRef } from '../shared/row-fields.ts';

export const DEVICE_AUTH_STATUSES = ['authorize', 'forbidden', 'unknown'] as const;
export const DEVICE_ONLINE_STATUSES = ['online', 'offline', 'unknown'] as const;
export const DEVICE_DIRECTIONS = ['none', 'in', 'out'] as const;

/** Six hex pairs separated by `:`, `-` or nothing; normalised to AA:BB:CC:DD:EE:FF. */
export const macAddress = text({ error: notText('mac') })
  .trim()
  .regex(/^[0-9A-Fa-f]{2}([:-]?)[0-9A-Fa-f]{2}(\1[0-9A-Fa-f]{2}){4}$/, 'mac must look like AA:BB:CC:DD:EE:FF')
  .transform((v) => v.replace(/[:-]/g, '').toUpperCase().match(/.{2}/g)!.join(':'));

// Device fields answer zod's own message for a value that is not text (as they always have), hence
// plain text() here rather than text-fields' optionalText, which names the field.

/** An optional text field named `name`: trimmed, at most `max` characters, '' stored as null. */
const optionalText = (name: string, max: number) => optionalTextOf(text(), name, max);

/** An optional multi-line text field named `name` (a remark): newlines kept, '' stored as null. */
const optionalMultiline = (name: string, max: number) => optionalTextOf(multilineText(), name, max);

/** Fields an agent may edit on its own devices. */
export const DEVICE_AGENT_FIELDS = ['devName', 'installSite', 'remark', 'direction'] as const;

/** Spec 3's Device fields a person may set. */
export const deviceFields = {
  type: z.enum(DEVICE_TYPES, { error: `type must be one of ${DEVICE_TYPES.join(', ')}` }),
  sn: text({ error: notText('sn') })
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
  remark: optionalMultiline('remark', 512),
  /** An HJ 212 monitor's MN (unique); '' clears it. */
  hj212Mn: text()
    .trim()
    .regex(/^([0-9A-Za-z]{1,32})?$/, 'hj212Mn must be 1-32 letters or digits')
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  /** The HJ 212 access password (PW); stored encrypted, never answered. */
  hj212Pw: optionalText('hj212Pw', 32),
  direction: z.enum(DEVICE_DIRECTIONS).optional(),
  allow: z.boolean().optional(),
  anyAccess: z.boolean().optional(),
  agentId: rowId().nullable().optional(),
  projectId: rowId().nullable().optional(),
};

export const addDeviceBody = z.object(deviceFields);

export const updateDeviceBody = updateBodyOf(deviceFields);
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

export const deviceListQuery = sortedPageQuery(DEVICE_SORT_FIELDS).extend({
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
  /** The address the device last linked from. */
  ip: z.string().nullable(),
  /** How it last linked: ws, mqtt or hj212; null before its first link. */
  transport: z.string().nullable(),
  ...nullableRef('agent'),
  ...nullableRef('project'),
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
  /** The HJ 212 MN, on a monitor that speaks HJ 212. */
  hj212Mn: z.string().nullable().optional(),
  /** Whether an HJ 212 access password is set; the value never leaves the server. */
  hasHj212Pw: z.boolean().optional(),
  licenceExpiresAt: z.string().nullable(),
  additionDatetime: z.string(),
  heartbeatDatetime: z.string().nullable(),
  updatedAt: z.string(),
  ...editorIds,
  /** The newest value of every telemetry field (dust, cranes, elevators; null before the first reading). */
  latest: z.record(z.string(), z.union([z.number(), z.boolean(), z.string()])).nullable(),
  /** The data flag other than N (HJ 212: C calibration, M maintenance...) of latest values that had one. */
  latestFlags: z.record(z.string(), z.string()).optional(),
  /** When the newest reading arrived; answered by the device list only. */
  latestAt: z.string().nullable().optional(),
});
export type DeviceItem = z.infer<typeof deviceItem>;

/** Authorisation platforms (admin). */
const platformFields = {
  platformName: text({
    error: notText('platformName'),
  })
    .trim()
    .min(1, 'platformName cannot be empty')
    .max(128, 'platformName is at most 128 characters'),
  expirationDate: calendarDate,
  attachInfo: optionalMultiline('attachInfo', 1024),
};
export const addPlatformBody = z.object(platformFields);
export const updatePlatformBody = updateBodyOf(platformFields);
const PLATFORM_SORT_FIELDS = ['id', 'platformName', 'expirationDate', 'createdAt', 'updatedAt'] as const;
export const platformListQuery = sortedPageQuery(PLATFORM_SORT_FIELDS).extend({
  platformName: textFilter(128),
});
export const platformItem = z.object({
  id: z.number(),
  platformName: z.string(),
  expirationDate: z.string(),
  attachInfo: z.string().nullable(),
  /** The expiration date is before today (UTC). */
  expired: z.boolean(),
  ...editTimes,
});
export type PlatformItem = z.infer<typeof platformItem>;
