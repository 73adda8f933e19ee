import { z } from 'zod';
import { aboutDevice } from '../shared/row-fields.ts';
import { DEVICE_TYPES, EVENT_LEVELS } from '../device-protocol.ts';
import { SHEET_LANGS } from '../device/sheet.ts';
import {
  cappedPageOf,
  checkInstantRange,
  instant,
  rowIdParam,
  sortedPageQuery,
  textFilter,
} from '../shared/pagination.ts';
import { text } from '../shared/text.ts';

/**
 * The telemetry and event search (spec 2 "search table", bound to "what happened on site X last night")
 * and the device-type catalogue (spec 2 "card list"), both in the caller's device scope: admin every
 * device, an agent its agent's, a manager its projects', a user none.
 */

/** Longest time range one search covers: telemetry is kept 30 days (TELEMETRY_RETENTION_DAYS). */
const SEARCH_MAX_DAYS = 31;
/**
 * The most rows a search counts for its total: counting a month of a large fleet's readings cost more
 * than finding the page (bench/device-search.ts); past it the answer says "more than".
 */
export const SEARCH_COUNT_CAP = 10_000;
/** The most rows one export writes (newest first); the filters narrow it. */
export const SEARCH_EXPORT_MAX = 100_000;
/** Alarms shown per type on the catalogue, and how far back they are looked for. */
export const CATALOGUE_ALARMS = 3;
export const CATALOGUE_ALARM_DAYS = 30;

export const SEARCH_SOURCES = ['telemetry', 'event'] as const;
type SearchSource = (typeof SEARCH_SOURCES)[number];
const SEARCH_SORT_FIELDS = ['at', 'devName', 'sn', 'deviceType'] as const;

const filters = z.object({
  deviceType: z.enum(DEVICE_TYPES).optional(),
  /** Name or sn contains. */
  device: textFilter(64),
  projectId: rowIdParam().optional(),
  from: instant,
  to: instant,
  /** Telemetry readings, events, or both when absent. */
  source: z.enum(SEARCH_SOURCES).optional(),
  /** Events of this kind only (implies events). */
  eventKind: textFilter(32),
  level: z.enum(EVENT_LEVELS).optional(),
  /** A numeric field of the reading or event data, with a lower and/or upper bound (exclusive). */
  field: text()
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,31}$/, 'field must be a telemetry field name')
    .optional(),
  above: z.coerce.number().finite().optional(),
  below: z.coerce.number().finite().optional(),
});

type Filters = z.infer<typeof filters>;
/** The rules across fields, each a field error naming the field to correct. */
function checkFilters(q: Filters, ctx: z.RefinementCtx) {
  checkInstantRange(q, ctx, SEARCH_MAX_DAYS);
  if ((q.above !== undefined || q.below !== undefined) && !q.field) {
    ctx.addIssue({ code: 'custom', path: ['field'], message: 'field is required' });
  }
}

/**
 * Where the next page of the newest-first search starts: the sort key of the page's last row — its time
 * in microseconds since the epoch (the database keeps microseconds; a JS date only milliseconds), its
 * device, and for an event its id ('' for a reading) — and whether the range held more rows than
 * {@link SEARCH_COUNT_CAP} (then the next page need not count them again). Clients pass it back as they
 * got it (`next` → `after`).
 */
export interface SearchCursor {
  micros: number;
  deviceId: number;
  source: SearchSource;
  ekey: string;
  capped: boolean;
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The cursor as URL-safe text (base64url of a JSON array). */
export function encodeSearchCursor(c: SearchCursor): string {
  return btoa(JSON.stringify([c.micros, c.deviceId, c.source, c.ekey, c.capped ? 1 : 0]))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The cursor {@link encodeSearchCursor} wrote, or undefined for any other text. */
export function decodeSearchCursor(text: string): SearchCursor | undefined {
  try {
    const parsed: unknown = JSON.parse(atob(text.replace(/-/g, '+').replace(/_/g, '/')));
    if (!Array.isArray(parsed) || parsed.length !== 5) return undefined;
    const [micros, deviceId, source, ekey, capped] = parsed as unknown[];
    if (capped !== 0 && capped !== 1) return undefined;
    if (!Number.isSafeInteger(micros) || !Number.isInteger(deviceId) || typeof ekey !== 'string') return undefined;
    if ((deviceId as number) < 1 || (deviceId as number) > 2_147_483_647) return undefined;
    if (!(source === 'telemetry' && ekey === '') && !(source === 'event' && UUID.test(ekey))) return undefined;
    return { micros: micros as number, deviceId: deviceId as number, source, ekey, capped: capped === 1 };
  } catch {
    return undefined;
  }
}

/** `GET /api/deviceSearch/listAll`: readings and events of the devices in scope, newest first by default. */
export const searchQuery = sortedPageQuery(SEARCH_SORT_FIELDS)
  .extend({
    ...filters.shape,
    /**
     * The `next` of the previous page: this page then starts after that row (keyset) instead of skipping
     * `(page - 1) * pageSize` rows; `page` is only echoed. Newest first only; ignored under another sort.
     */
    after: z.string().max(200).optional(),
  })
  .superRefine((q, ctx) => {
    checkFilters(q, ctx);
    if (q.after !== undefined && !decodeSearchCursor(q.after)) {
      ctx.addIssue({ code: 'custom', path: ['after'], message: 'after is not a page cursor of this search' });
    }
  });
export type SearchQuery = z.input<typeof searchQuery>;

/** `GET /api/deviceSearch/export`: the same filters, no paging, as an xlsx in `lang`. */
export const searchExportQuery = filters
  .extend({ lang: z.enum(SHEET_LANGS).default('zh-CN') })
  .superRefine(checkFilters);

const searchItem = z.object({
  /** Unique per row: `e:<event id>` or `t:<device id>:<ms>`. */
  key: z.string(),
  source: z.enum(SEARCH_SOURCES),
  eventId: z.string().nullable(),
  ...aboutDevice,
  deviceType: z.string(),
  projectName: z.string().nullable(),
  /** Event kind; null for a reading. */
  kind: z.string().nullable(),
  level: z.string().nullable(),
  /** Device time (ISO). */
  at: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type SearchItem = z.infer<typeof searchItem>;

/** A page of the search: its total counted up to {@link SEARCH_COUNT_CAP}, and the next page's cursor. */
export const searchPageAnswer = cappedPageOf(searchItem).extend({
  /** Pass as `after` for the page after this one (newest first only); null on the last page or under another sort. */
  next: z.string().nullable(),
});

const catalogueAlarm = z.object({
  id: z.string(),
  ...aboutDevice,
  kind: z.string(),
  at: z.string(),
});
const catalogueType = z.object({
  type: z.enum(DEVICE_TYPES),
  total: z.number(),
  online: z.number(),
  offline: z.number(),
  /** Never reported its presence. */
  unknown: z.number(),
  /** Auth status not `authorize`. */
  unauthorised: z.number(),
  /** Newest first, at most {@link CATALOGUE_ALARMS}, of the last {@link CATALOGUE_ALARM_DAYS} days. */
  alarms: z.array(catalogueAlarm),
});
export type CatalogueType = z.infer<typeof catalogueType>;
export const catalogueAnswer = z.object({ types: z.array(catalogueType) });
export type CatalogueAnswer = z.infer<typeof catalogueAnswer>;
