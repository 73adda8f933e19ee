import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { visitorApi } from '@siteops/contracts/visitor/api';
import { VISITOR_SORT_FIELDS } from '@siteops/contracts/visitor/schemas';
import type { Db } from '../../db/client.ts';
import { visitors } from '../../db/schema/index.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';
import { contains, countAll, equalFilters, orderBy, pageWindow } from '../../core/list.ts';
import { selectVisitors, toVisitorItem } from './service.ts';
import { cappedTotal } from '../../db/crud.ts';

const SORT_COLUMNS = {
  id: visitors.id,
  realName: visitors.realName,
  visitStart: visitors.visitStart,
  visitEnd: visitors.visitEnd,
  createdAt: visitors.createdAt,
  auditedAt: visitors.auditedAt,
} satisfies Record<(typeof VISITOR_SORT_FIELDS)[number], unknown>;

type SortQuery = Parameters<Handler<typeof visitorApi.listAll>>[1];

/**
 * Visitors in the caller's scope (admin all; a manager its projects'), newest first. The ID number
 * matches exactly, through its keyed hash (it is stored encrypted, so "contains" cannot exist). The
 * total is counted up to LIST_COUNT_CAP; a name or phone search counts its matches exactly.
 */
export const listVisitors: Handler<typeof visitorApi.listAll> = async (c, q) => {
  const { db, pii } = c;
  const where = and(
    scope.visitors(c.caller),
    contains(visitors.realName, q.realName),
    contains(visitors.phone, q.phone),
    q.idNo ? eq(visitors.idNoHash, pii.searchHash(q.idNo.replace(/\s+/g, '').toUpperCase())) : undefined,
    ...equalFilters(visitors, q, ['status', 'projectId']),
  );
  const order = orderBy(SORT_COLUMNS, visitors.id, q.sortField, q.sortOrder, 'createdAt');
  const { limit, offset } = pageWindow(q);
  if (q.realName || q.phone) {
    const { ids, total } = await searchPage(db, where, q);
    const rows = ids.length ? await selectVisitors(db, inArray(visitors.id, ids)).orderBy(...order) : [];
    const list = rows.map((r) => toVisitorItem(r, c));
    return { list, total, totalCapped: false, page: q.page, pageSize: q.pageSize };
  }
  const [rows, counted] = await Promise.all([
    selectVisitors(db, where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    cappedTotal(db, visitors, where),
  ]);
  return { list: rows.map((r) => toVisitorItem(r, c)), ...counted, page: q.page, pageSize: q.pageSize };
};

/**
 * A "contains" search's page (its ids, in the list's order) and total from one reading of the matches.
 *
 * Asked as one query with `order by … limit`, PostgreSQL may walk the sort column's index (newest
 * first: `visitors_created_idx`) and filter every row it meets until the page is full, expecting the
 * matches spread evenly and as many as its estimate. The estimate of `ilike '%…%'` comes from sampled
 * values and is coarse (at 100,000 visitors a full name matching 100 rows was estimated at ~1,000), so
 * a search for a rare name read ~20,000 rows through that index instead of its ~100 matches through the
 * trigram index (bench/RESULTS.md, "Visitors": the admin's name search, p95 53 ms with p50 8 ms).
 *
 * Here the matches are found in a subquery that also counts them (`count(*) over ()`): a subquery with a
 * window function is planned on its own, for all its rows, so the planner takes the cheapest way to
 * the matches (the trigram index when the text allows it) and only then sorts them for the page. That
 * reading is the one the total needs anyway, so a search costs one pass over its matches, however many.
 * A page past the last match has no row to carry the total: it is counted then.
 */
async function searchPage(db: Db, where: SQL | undefined, q: SortQuery): Promise<{ ids: number[]; total: number }> {
  const { limit, offset } = pageWindow(q);
  const m = db
    .select({ ...SORT_COLUMNS, total: sql<number>`count(*) over ()`.as('total') })
    .from(visitors)
    .where(where)
    .as('matches');
  const columns = {
    id: m.id,
    realName: m.realName,
    visitStart: m.visitStart,
    visitEnd: m.visitEnd,
    createdAt: m.createdAt,
    auditedAt: m.auditedAt,
  } satisfies Record<keyof typeof SORT_COLUMNS, unknown>;
  const page = await db
    .select({ id: m.id, total: m.total })
    .from(m)
    .orderBy(...orderBy(columns, m.id, q.sortField, q.sortOrder, 'createdAt'))
    .limit(limit)
    .offset(offset);
  if (page.length) return { ids: page.map((r) => r.id), total: Number(page[0].total) };
  if (offset === 0) return { ids: [], total: 0 };
  const [{ total }] = await db.select({ total: countAll }).from(visitors).where(where);
  return { ids: [], total };
}
