import { z } from 'zod';
import { rowIdParam, sortedPageQuery, textFilter } from '../shared/pagination.ts';
import { DEVICE_DIRECTIONS } from '../device/schemas.ts';
import { SHEET_LANGS, importAnswer, type SheetLang } from '../device/sheet.ts';
import { nullableRef, nullableString } from '../shared/row-fields.ts';

/**
 * Spec 2/3's visitor device authorisation: the access devices (face terminals and tower/elevator face
 * readers) that visitors may pass, each with its direction. The valid visitors of a device's project are
 * published to it (docs/device-protocol.md 5.2).
 */
export const VISITOR_DEVICE_TYPES = ['face', 'towerElevatorFace'] as const;

const VISITOR_DEVICE_SORT_FIELDS = ['createdAt', 'devName', 'sn', 'installSite'] as const;

export const visitorDeviceQuery = sortedPageQuery(VISITOR_DEVICE_SORT_FIELDS).extend({
  /** Device name, serial number or MAC (contains). */
  keyword: textFilter(64),
  projectId: rowIdParam().optional(),
  direction: z.enum(DEVICE_DIRECTIONS).optional(),
});

export const visitorDeviceItem = z.object({
  /** The device id. */
  id: z.number(),
  type: z.enum(VISITOR_DEVICE_TYPES),
  devName: nullableString,
  sn: z.string(),
  mac: nullableString,
  direction: z.enum(DEVICE_DIRECTIONS),
  installSite: nullableString,
  ...nullableRef('project'),
  onlineStatus: z.string(),
  /** When it was put on the list. */
  createdAt: z.string(),
  /** Visitors the device holds now, and changes (additions, removals) still to send it. */
  persons: z.number(),
  pending: z.number(),
});
export type VisitorDeviceItem = z.infer<typeof visitorDeviceItem>;

/** The authorisation import: one row per device, by serial number, with its direction. */
export const VISITOR_DEVICE_IMPORT_COLUMNS = [
  { key: 'sn', required: true, 'zh-CN': '设备序列号', 'en-US': 'Serial number' },
  { key: 'direction', required: false, 'zh-CN': '方向', 'en-US': 'Direction' },
] as const satisfies readonly ({ key: string; required: boolean } & Record<SheetLang, string>)[];
export const VISITOR_DEVICE_IMPORT_MAX_ROWS = 5_000;

export const importVisitorDevicesQuery = z.object({ lang: z.enum(SHEET_LANGS).optional() });
export const visitorDeviceTemplateQuery = z.object({ lang: z.enum(SHEET_LANGS).default('zh-CN') });

/**
 * HTTP 200 once the file was read. All or nothing: any failed row (listed in `errors`) means nothing
 * was written (`committed` false).
 */
export const importVisitorDevicesAnswer = importAnswer;
