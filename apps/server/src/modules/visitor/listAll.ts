import { and, eq } from 'drizzle-orm';
import type { visitorApi } from '@siteops/contracts/api/visitor';
import { VISITOR_SORT_FIELDS } from '@siteops/contracts/visitor';
import { visitors } from '../../db/schema/index.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';
import { contains, countAll, orderBy, pageWindow } from '../../http/list.ts';
import { selectVisitors, toVisitorItem } from './service.ts';

const SORT_COLUMNS = {
  id: visitors.id,
  realName: visitors.realName,
  visitStart: visitors.visitStart,
  visitEnd: visitors.visitEnd,
  createdAt: visitors.createdAt,
  auditedAt: visitors.auditedAt,
} satisfies Record<(typeof VISITOR_SORT_FIELDS)[number], unknown>;

/**
 * Visitors in the caller's scope (admin all; a manager its projects'), newest first. The ID number
 * matches exactly, through its keyed hash (it is stored encrypted, so "contains" cannot exist).
 */
export const listVisitors: Handler<typeof visitorApi.listAll> = async (c, q) => {
  const { db, pii } = c;
  const where = and(
    scope.visitors(c.caller),
    contains(visitors.realName, q.realName),
    contains(visitors.phone, q.phone),
    q.idNo ? eq(visitors.idNoHash, pii.searchHash(q.idNo.replace(/\s+/g, '').toUpperCase())) : undefined,
    q.status ? eq(visitors.status, q.status) : undefined,
    q.projectId ? eq(visitors.projectId, q.projectId) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    selectVisitors(db, where)
      .orderBy(...orderBy(SORT_COLUMNS, visitors.id, q.sortField, q.sortOrder, 'createdAt'))
      .limit(limit)
      .offset(offset),
    db.select({ total: countAll }).from(visitors).where(where),
  ]);
  return { list: rows.map((r) => toVisitorItem(r, c)), total, page: q.page, pageSize: q.pageSize };
};
