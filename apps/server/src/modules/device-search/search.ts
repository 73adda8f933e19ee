import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  decodeSearchCursor,
  encodeSearchCursor,
  SEARCH_COUNT_CAP,
  type SearchCursor,
  type searchExportQuery,
  type searchQuery,
  type SearchItem,
} from '@siteops/contracts/device-search/schemas';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { devices } from '../../db/schema/index.ts';
import { scope, type Caller } from '../../auth/scope.ts';
import { contains, equalFilters, pageWindow } from '../../core/list.ts';

type Filters = Omit<z.infer<typeof searchExportQuery>, 'lang'>;
type ListQuery = z.infer<typeof searchQuery>;

/** The devices whose rows may be searched: the caller's scope and the device filters. */
function deviceIds(caller: Caller, q: Filters): SQL {
  const where = and(
    scope.devices(caller),
    q.deviceType ? eq(devices.type, q.deviceType) : undefined,
    ...equalFilters(devices, q, ['projectId']),
    q.device ? or(contains(devices.devName, q.device), contains(devices.sn, q.device)) : undefined,
  );
  return sql`select ${devices.id} from ${devices} where ${where ?? sql`true`}`;
}

/**
 * `data[field]` strictly between the bounds. CASE, not AND, so a text value is never cast (PostgreSQL
 * may evaluate AND's operands in any order, and a failed cast would be a 500).
 */
function threshold(alias: string, q: Filters): SQL | undefined {
  if (!q.field || (q.above === undefined && q.below === undefined)) return undefined;
  const data = sql.raw(`${alias}.data`);
  const value = sql`(case when jsonb_typeof(${data} -> ${q.field}::text) = 'number' then (${data} ->> ${q.field}::text)::float8 end)`;
  return and(
    q.above !== undefined ? sql`${value} > ${q.above}::float8` : undefined,
    q.below !== undefined ? sql`${value} < ${q.below}::float8` : undefined,
  );
}

/**
 * The first `take` rows newest first, after `cursor` when there is one: each branch of {@link searchRows}
 * then walks its time index backwards from the cursor (or the range's end) and stops after `take` rows,
 * instead of the union being sorted whole (bench/RESULTS.md, "Device search").
 */
export interface NewestFirst {
  take: number;
  cursor?: SearchCursor;
}

/**
 * Readings and events in one relation `r` (source, event_id, ekey, device_id, at, kind, level, data),
 * each branch narrowed by time first (the `(device_id, at)` and `(at)` indexes), then by device and value.
 * A reading filter on event fields (kind, level) leaves the readings out.
 */
export function searchRows(caller: Caller, q: Filters, newest?: NewestFirst): SQL {
  const from = sql`${q.from.toISOString()}::timestamptz`;
  const to = sql`${q.to.toISOString()}::timestamptz`;
  const ids = deviceIds(caller, q);
  // Newest first: a branch's own order and limit, and the cursor as its columns (see afterCursor).
  const head = (at: SQL, key: SQL, order: string) => ({
    after: newest?.cursor ? afterCursor(newest.cursor, at, key) : undefined,
    tail: newest ? sql` order by ${sql.raw(order)} limit ${newest.take}` : sql``,
  });
  const parts: SQL[] = [];
  if (q.source !== 'event' && !q.eventKind && !q.level) {
    const { after, tail } = head(
      sql`t.at`,
      sql`t.device_id, 'telemetry'::text, ''::text`,
      't.at desc, t.device_id desc',
    );
    parts.push(sql`(select 'telemetry'::text as source, null::uuid as event_id, ''::text as ekey, t.device_id, t.at,
        null::varchar as kind, null::varchar as level, t.data
      from device_telemetry t
      where ${and(sql`t.at >= ${from}`, sql`t.at < ${to}`, sql`t.device_id in (${ids})`, threshold('t', q), after)}${tail})`);
  }
  if (q.source !== 'telemetry') {
    const { after, tail } = head(
      sql`e.at`,
      sql`e.device_id, 'event'::text, e.id::text`,
      'e.at desc, e.device_id desc, e.id::text desc',
    );
    parts.push(sql`(select 'event'::text as source, e.id as event_id, e.id::text as ekey, e.device_id, e.at,
        e.kind, e.level, e.data
      from device_events e
      where ${and(
        sql`e.at >= ${from}`,
        sql`e.at < ${to}`,
        sql`e.device_id in (${ids})`,
        q.eventKind ? sql`e.kind = ${q.eventKind}` : undefined,
        q.level ? sql`e.level = ${q.level}` : undefined,
        threshold('e', q),
        after,
      )}${tail})`);
  }
  return sql.join(parts, sql` union all `);
}

const SORTS: Record<NonNullable<ListQuery['sortField']>, string> = {
  at: 'r.at',
  devName: 'd.dev_name',
  sn: 'd.sn',
  deviceType: 'd.type',
};

interface Row {
  source: 'telemetry' | 'event';
  event_id: string | null;
  ekey: string;
  device_id: number;
  at: string | Date;
  at_text: string;
  /** `at` in microseconds since the epoch (bigint: text from some drivers). */
  micros: number | string;
  kind: string | null;
  level: string | null;
  data: Record<string, unknown> | string;
  dev_name: string | null;
  sn: string;
  type: string;
  project_name: string | null;
}

/** The columns every search answer reads: the row, its device and its project. */
const SELECT = sql.raw(`r.source, r.event_id, r.ekey, r.device_id, r.at, r.at::text as at_text,
  (extract(epoch from r.at) * 1000000)::bigint as micros, r.kind, r.level, r.data,
  d.dev_name, d.sn, d.type, p.name as project_name`);
const JOINS = sql.raw(`join devices d on d.id = r.device_id left join projects p on p.id = d.project_id`);

export function toItem(r: Row): SearchItem {
  const at = new Date(r.at);
  return {
    key: r.event_id ? `e:${r.event_id}` : `t:${r.device_id}:${r.at_text}`,
    source: r.source,
    eventId: r.event_id,
    deviceId: Number(r.device_id),
    devName: r.dev_name,
    sn: r.sn,
    deviceType: r.type,
    projectName: r.project_name,
    kind: r.kind,
    level: r.level,
    at: at.toISOString(),
    data: typeof r.data === 'string' ? (JSON.parse(r.data) as Record<string, unknown>) : r.data,
  };
}

/** Newest first: the default order, the one keyset pages and the export follow (every column descending). */
const NEWEST_FIRST = sql.raw('r.at desc, r.device_id desc, r.source desc, r.ekey desc');

/**
 * Rows after the cursor's row in {@link NEWEST_FIRST} order, of a branch whose time is `at` and whose
 * other sort columns are `key` (device, source, event key). The bound on the time alone lets the branch
 * seek its time index to the cursor (a row comparison is no index condition there); the row comparison
 * then drops the rows at that instant already shown.
 */
function afterCursor(c: SearchCursor, at: SQL, key: SQL): SQL {
  const cut = sql`(timestamptz 'epoch' + ${c.micros}::bigint * interval '1 microsecond')`;
  return sql`${at} <= ${cut} and (${at}, ${key}) < (${cut}, ${c.deviceId}::int, ${c.source}::text, ${c.ekey}::text)`;
}

/** The cursor after a row: its sort key in {@link NEWEST_FIRST} order, and whether the range passed the cap. */
export const cursorOf = (r: Row, capped = false): SearchCursor => ({
  micros: Number(r.micros),
  deviceId: Number(r.device_id),
  source: r.source,
  ekey: r.ekey,
  capped,
});

/**
 * One page of the search, its total counted up to SEARCH_COUNT_CAP, and newest first the cursor of the
 * next page (bench/RESULTS.md, "Device search").
 *
 * The first statement keeps the range's first SEARCH_COUNT_CAP + 1 rows (unordered: it stops there),
 * counts them, and when they are the whole range (at most the cap) sorts the page out of them: one
 * reading of the range answers page and total. Past the cap a second statement reads the page from the
 * whole range (newest first it walks the time indexes and stops after the page).
 *
 * Newest first, a page asked with `after` (the previous page's `next`) starts after that row instead of
 * skipping `(page - 1) * pageSize` rows, so the console's "next page" costs the same on page 2 and page
 * 400; a page asked by its number alone (a jump in the pager, a shared link) still skips. Another sort
 * pages by OFFSET only and ignores `after`. When the cursor says the range already passed the cap, the
 * next page is not counted again: rows only join a past range (retention removes them after 30 days), so
 * "more than SEARCH_COUNT_CAP" still holds, and that page is the one statement that reads it.
 */
export async function searchPage(db: Db, caller: Caller, q: ListQuery) {
  const { limit, offset } = pageWindow(q);
  const newestFirst = (q.sortField ?? 'at') === 'at' && q.sortOrder !== 'asc';
  const cursor = newestFirst && q.after ? decodeSearchCursor(q.after) : undefined;
  const dir = sql.raw(q.sortOrder === 'asc' ? 'asc' : 'desc');
  const order = newestFirst
    ? NEWEST_FIRST
    : sql`${sql.raw(SORTS[q.sortField ?? 'at'])} ${dir} nulls last, r.at ${dir}, r.device_id ${dir}, r.source ${dir}, r.ekey ${dir}`;
  const keyset = cursor ? afterCursor(cursor, sql`r.at`, sql`r.device_id, r.source, r.ekey`) : undefined;
  const skip = keyset ? sql`` : sql`offset ${offset}`;
  const rows = searchRows(caller, q);
  // Past the cap, from the whole range; newest first, each branch stops after what the page needs.
  const pageOf = async () =>
    rowsOf<Row>(
      await db.execute(sql`select ${SELECT}
        from (${newestFirst ? searchRows(caller, q, { take: cursor ? limit : offset + limit, cursor }) : rows}) r ${JOINS}
        order by ${order} limit ${limit} ${skip}`),
    );
  const answer = (found: Row[], n: number) => ({
    list: found.map(toItem),
    total: Math.min(n, SEARCH_COUNT_CAP),
    totalCapped: n > SEARCH_COUNT_CAP,
    page: q.page,
    pageSize: q.pageSize,
    next:
      newestFirst && found.length === limit
        ? encodeSearchCursor(cursorOf(found[found.length - 1], n > SEARCH_COUNT_CAP))
        : null,
  });
  if (cursor?.capped) return answer(await pageOf(), SEARCH_COUNT_CAP + 1);

  const [first, ...rest] = rowsOf<Row & { n: number | string }>(
    await db.execute(sql`with c as materialized (select * from (${rows}) r limit ${SEARCH_COUNT_CAP + 1}),
        n as (select count(*) as n from c)
      select n.n, p.* from n left join lateral (
        select ${SELECT} from c r ${JOINS} where ${and(keyset, sql`n.n <= ${SEARCH_COUNT_CAP}`)}
        order by ${order} limit ${limit} ${skip}) p on true`),
  );
  const n = Number(first.n);
  if (n > SEARCH_COUNT_CAP) return answer(await pageOf(), n);
  return answer(first.source === null ? [] : [first, ...rest], n);
}

/** One keyset page of the export, newest first, after `cursor`. */
export async function exportPage(db: Db, caller: Caller, q: Filters, size: number, cursor?: SearchCursor) {
  return rowsOf<Row>(
    await db.execute(sql`select ${SELECT} from (${searchRows(caller, q, { take: size, cursor })}) r ${JOINS}
      order by ${NEWEST_FIRST} limit ${size}`),
  );
}
