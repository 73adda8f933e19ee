import type { deviceSearchApi } from '@siteops/contracts/device-search/api';
import { DEVICE_TYPE_LABELS, type SheetLang } from '@siteops/contracts/device/sheet';
import type { DeviceType } from '@siteops/contracts/device-protocol';
import { SEARCH_EXPORT_MAX } from '@siteops/contracts/device-search/schemas';
import type { Handler } from '../../http/endpoint.ts';
import { neutralised } from '../../xlsx/text.ts';
import { EXPORT_CHUNK, sendSheetStream } from '../device/export.ts';
import { cursorOf, exportPage, toItem } from './search.ts';

const SHEET = { 'zh-CN': '遥测与事件', 'en-US': 'Telemetry and events' } as const;
const COLUMNS: { key: string; 'zh-CN': string; 'en-US': string; width: number }[] = [
  { key: 'at', 'zh-CN': '时间 (UTC)', 'en-US': 'Time (UTC)', width: 20 },
  { key: 'deviceType', 'zh-CN': '设备类型', 'en-US': 'Device type', width: 16 },
  { key: 'devName', 'zh-CN': '设备名称', 'en-US': 'Device name', width: 20 },
  { key: 'sn', 'zh-CN': '序列号', 'en-US': 'SN', width: 20 },
  { key: 'projectName', 'zh-CN': '项目', 'en-US': 'Project', width: 20 },
  { key: 'source', 'zh-CN': '类别', 'en-US': 'Kind', width: 10 },
  { key: 'kind', 'zh-CN': '事件类型', 'en-US': 'Event kind', width: 14 },
  { key: 'level', 'zh-CN': '级别', 'en-US': 'Level', width: 10 },
  { key: 'data', 'zh-CN': '数据', 'en-US': 'Data', width: 60 },
];
const SOURCE = {
  telemetry: { 'zh-CN': '遥测', 'en-US': 'Reading' },
  event: { 'zh-CN': '事件', 'en-US': 'Event' },
} as const;
const LEVEL: Record<string, Record<SheetLang, string>> = {
  info: { 'zh-CN': '信息', 'en-US': 'Info' },
  warning: { 'zh-CN': '警告', 'en-US': 'Warning' },
  alarm: { 'zh-CN': '告警', 'en-US': 'Alarm' },
};

/** `2026-11-23 13:05:09.123` (UTC) as text, the same in every spreadsheet. */
const when = (iso: string) => iso.slice(0, 23).replace('T', ' ');

/**
 * Stream an xlsx of what the search's filters match in the caller's scope, newest first, in keyset
 * pages (as the device export): memory holds one page whatever the range. Device names, kinds and
 * the data text are device- or user-supplied, so each is neutralised against formula injection.
 */
export const exportSearch: Handler<typeof deviceSearchApi.export> = async ({ db, caller, request, reply }, q) => {
  const { lang } = q;
  return sendSheetStream(request, reply, {
    sheet: SHEET[lang],
    asciiName: 'device-search',
    columns: COLUMNS.map((c) => ({ header: c[lang], key: c.key, width: c.width })),
    first: await exportPage(db, caller, q, EXPORT_CHUNK),
    isLast: (page, written) => page.length < EXPORT_CHUNK || written >= SEARCH_EXPORT_MAX,
    after: (page, written) =>
      exportPage(db, caller, q, Math.min(EXPORT_CHUNK, SEARCH_EXPORT_MAX - written), cursorOf(page[page.length - 1])),
    cells: (r) => {
      const item = toItem(r);
      const text = (v: string | null) => (v === null ? null : neutralised(v));
      return {
        at: when(item.at),
        deviceType: DEVICE_TYPE_LABELS[item.deviceType as DeviceType]?.[lang] ?? text(item.deviceType),
        devName: text(item.devName),
        sn: text(item.sn),
        projectName: text(item.projectName),
        source: SOURCE[item.source][lang],
        kind: text(item.kind),
        level: item.level ? (LEVEL[item.level]?.[lang] ?? text(item.level)) : null,
        data: neutralised(JSON.stringify(item.data)),
      };
    },
    failure: 'search export failed',
  });
};
