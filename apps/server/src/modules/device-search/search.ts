import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  SEARCH_COUNT_CAP,
  type searchExportQuery,
  type searchQuery,
  type SearchItem,
} from '@siteops/contracts/deviceSearch';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { devices } from '../../db/schema/index.ts';
import { scope, type Caller } from '../../auth/scope.ts';
import { contains, pageWindow } from '../../http/list.ts';

type Filters = Omit<z.infer<typeof searchExportQuery>, 'lang'>;
type ListQuery = z.infer<typeof searchQuery>;

/** The devices whose rows may be searched: the caller's scope and the device filters. */
function deviceIds(caller: Caller, q: Filters): SQL {
  const where = and(
    scope.devices(caller),
    q.deviceType ? eq(devices.type, q.deviceType) : undefined,
    q.projectId ? eq(devices.projectId, q.projectId) : undefined,
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
 * Readings and events in one relation `r` (source, event_id, ekey, device_id, at, kind, level, data),
 * each branch narrowed by time first (the `(device_id, at)` and `(at)` indexes), then by device and value.
 * A reading filter on event fields (kind, level) leaves the readings out.
 */
export function searchRows(caller: Caller, q: Filters): SQL {
  const from = sql`${q.from.toISOString()}::timestamptz`;
  const to = sql`${q.to.toISOString()}::timestamptz`;
  const ids = deviceIds(caller, q);
  const parts: SQL[] = [];
  if (q.source !== 'event' && !q.eventKind && !q.level) {
    parts.push(sql`select 'telemetry'::text as source, null::uuid as event_id, ''::text as ekey, t.device_id, t.at,
        null::varchar as kind, null::varchar as level, t.data
      from device_telemetry t
      where ${and(sql`t.at >= ${from}`, sql`t.at < ${to}`, sql`t.device_id in (${ids})`, threshold('t', q))}`);
  }
  if (q.source !== 'telemetry') {
    parts.push(sql`select 'event'::text as source, e.id as event_id, e.id::text as ekey, e.device_id, e.at,
        e.kind, e.level, e.data
      from device_events e
      where ${and(
        sql`e.at >= ${from}`,
        sql`e.at < ${to}`,
        sql`e.device_id in (${ids})`,
        q.eventKind ? sql`e.kind = ${q.eventKind}` : undefined,
        q.level ? sql`e.level = ${q.level}` : undefined,
        threshold('e', q),
      )}`);
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
  kind: string | null;
  level: string | null;
  data: Record<string, unknown> | string;
  dev_name: string | null;
  sn: string;
  type: string;
  project_name: string | null;
}

/** The columns every search answer reads: the row, its device and its project. */
const SELECT = sql.raw(`r.source, r.event_id, r.ekey, r.device_id, r.at, r.at::text as at_text, r.kind, r.level, r.data,
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

/**
 * One page of the search and its total, counted up to SEARCH_COUNT_CAP. Two statements, not a window
 * count: `count(*) over ()` read and sorted the whole range for every page, while the page alone, newest
 * first, walks the time indexes and stops after it, and the capped count stops at the cap.
 */
export async function searchPage(db: Db, caller: Caller, q: ListQuery) {
  const { limit, offset } = pageWindow(q);
  const dir = sql.raw(q.sortOrder === 'asc' ? 'asc' : 'desc');
  const primary = sql.raw(SORTS[q.sortField ?? 'at']);
  const rows = searchRows(caller, q);
  const found = rowsOf<Row>(
    await db.execute(sql`select ${SELECT}
      from (${rows}) r ${JOINS}
      order by ${primary} ${dir} nulls last, r.at ${dir}, r.device_id ${dir}, r.source ${dir}, r.ekey ${dir}
      limit ${limit} offset ${offset}`),
  );
  const [counted] = rowsOf<{ n: number | string }>(
    await db.execute(sql`select count(*) as n from (select 1 from (${rows}) r limit ${SEARCH_COUNT_CAP + 1}) c`),
  );
  const n = Number(counted.n);
  return {
    list: found.map(toItem),
    total: Math.min(n, SEARCH_COUNT_CAP),
    totalCapped: n > SEARCH_COUNT_CAP,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** The cursor after a row of {@link exportPage}: its sort key, the time as PostgreSQL wrote it (microseconds). */
export type Cursor = Pick<Row, 'at_text' | 'device_id' | 'source' | 'ekey'>;

/** One keyset page of the export, newest first, after `cursor`. */
export async function exportPage(db: Db, rows: SQL, size: number, cursor?: Cursor) {
  const after = cursor
    ? sql`where (r.at, r.device_id, r.source, r.ekey) < (${cursor.at_text}::timestamptz, ${cursor.device_id}::int, ${cursor.source}::text, ${cursor.ekey}::text)`
    : sql``;
  return rowsOf<Row>(
    await db.execute(sql`select ${SELECT} from (${rows}) r ${JOINS} ${after}
      order by r.at desc, r.device_id desc, r.source desc, r.ekey desc limit ${size}`),
  );
}
