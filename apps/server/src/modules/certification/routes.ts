import { and, eq, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { certificationApi } from '@siteops/contracts/certification/api';
import type { ModuleContext } from '../../ports/context.ts';
import { certifications, users } from '../../db/schema/index.ts';
import { route, type HandlerContext } from '../../http/endpoint.ts';
import { contains, countAll, orderBy, pageWindow } from '../../core/list.ts';
import { latestOf, ownedBy, selectCertifications, toItem, visibleTo } from './service.ts';
import { reviewCertification, withdrawCertification } from './review.ts';
import { submitCertification } from './submit.ts';
import { mustExist } from '../../core/errors.ts';

const SORT = { createdAt: certifications.id };

/** One page of certifications under `where`, newest first (ids grow with time). */
async function page(c: HandlerContext, q: { page: number; pageSize: number; sortOrder?: 'asc' | 'desc' }, where?: SQL) {
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    selectCertifications(c.db, where)
      .orderBy(...orderBy(SORT, certifications.id, 'createdAt', q.sortOrder, 'createdAt'))
      .limit(limit)
      .offset(offset),
    c.db
      .select({ total: countAll })
      .from(certifications)
      .innerJoin(users, eq(users.id, certifications.userId))
      .where(where),
  ]);
  return { list: rows.map((r) => toItem(r, c.pii)), total, page: q.page, pageSize: q.pageSize };
}

/** /api/certification/* (declared in contracts' `api/certification.ts`). */
export function registerCertificationModule(app: FastifyInstance, ctx: ModuleContext) {
  route(app, ctx, certificationApi.current, async (c) => {
    const [current, auditing] = await Promise.all([
      latestOf(c.db, c.pii, c.user.id, 'passed'),
      latestOf(c.db, c.pii, c.user.id, 'auditing'),
    ]);
    const status = current ? ('auth' as const) : auditing ? ('unknown' as const) : ('new' as const);
    return { status, current, auditing };
  });
  route(app, ctx, certificationApi.submit, submitCertification);
  route(app, ctx, certificationApi.listAll, async (c, q) =>
    page(c, q, and(ownedBy(c.caller), q.status ? eq(certifications.status, q.status) : undefined)),
  );
  route(app, ctx, certificationApi.detail, async (c, { id }) => {
    const [row] = await selectCertifications(c.db, and(eq(certifications.id, id), visibleTo(c.caller))).limit(1);
    return toItem(mustExist(row, 'Certification'), c.pii);
  });
  route(app, ctx, certificationApi.withdraw, withdrawCertification);
  route(app, ctx, certificationApi.reviewList, async (c, q) =>
    page(
      c,
      q,
      and(
        eq(certifications.status, q.status ?? 'auditing'),
        q.keyword
          ? or(contains(users.userName, q.keyword), contains(certifications.enterpriseName, q.keyword))
          : undefined,
      ),
    ),
  );
  route(app, ctx, certificationApi.review, reviewCertification);
}
