import { and, eq, sql } from 'drizzle-orm';
import type { labourApi } from '@siteops/contracts/labour/api';
import { WORKER_SORT_FIELDS } from '@siteops/contracts/labour/schemas';
import { labourWorkers } from '../../db/schema/index.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';
import { readPage } from '../../http/readPage.ts';
import { contains, countAll, equalFilters, orderBy } from '../../core/list.ts';
import { selectWorkers, toWorkerItem, WORKER_COLUMNS } from './service.ts';
import { certificateStateSql } from './certificateGate.ts';

const SORT_COLUMNS = {
  id: labourWorkers.id,
  realName: labourWorkers.realName,
  entryDate: labourWorkers.entryDate,
  createdAt: labourWorkers.createdAt,
} satisfies Record<(typeof WORKER_SORT_FIELDS)[number], unknown>;

/**
 * Workers of the caller's projects, newest first; the ID number matches exactly through its keyed hash;
 * each with its required certificate's state today (a filter too).
 */
export const listWorkers: Handler<typeof labourApi.listAll> = async (c, q) => {
  const { db, pii } = c;
  const where = and(
    scope.labour(c.caller, labourWorkers.projectId),
    ...equalFilters(labourWorkers, q, ['projectId', 'teamId', 'subcontractorId', 'trade', 'status']),
    contains(labourWorkers.realName, q.realName),
    q.idNo ? eq(labourWorkers.idNoHash, pii.searchHash(q.idNo.replace(/\s+/g, '').toUpperCase())) : undefined,
    q.certificateState ? sql`${certificateStateSql(WORKER_COLUMNS)} = ${q.certificateState}` : undefined,
  );
  const { rows, total } = await readPage(
    q,
    selectWorkers(db, where).orderBy(...orderBy(SORT_COLUMNS, labourWorkers.id, q.sortField, q.sortOrder, 'createdAt')),
    db.select({ total: countAll }).from(labourWorkers).where(where),
  );
  return { list: rows.map((r) => toWorkerItem(r, c)), total, page: q.page, pageSize: q.pageSize };
};
