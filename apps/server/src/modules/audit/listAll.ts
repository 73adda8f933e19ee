import { and, desc, eq, gte, like, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditItem, auditListQuery } from '@siteops/contracts/audit';
import { pageOf } from '@siteops/contracts/pagination';
import type { ModuleContext } from '../../app/context.ts';
import { auditLog } from '../../db/schema/index.ts';
import { authOf } from '../../auth/guard.ts';
import { callerOf, scope } from '../../auth/scope.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { contains, countAll, pageWindow } from '../../http/list.ts';

/** `user.` matches every user action; `user.update` only that one. */
function actionFilter(action: string | undefined) {
  if (!action) return undefined;
  return action.endsWith('.')
    ? like(auditLog.action, `${action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    : eq(auditLog.action, action);
}

export function registerListAudit(app: FastifyInstance, { db }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/audit/listAll',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['audit'],
        summary: 'The audit log, newest first, filtered by actor, action, target and time range',
        querystring: auditListQuery,
        response: { 200: envelopeOf(pageOf(auditItem)) },
      },
    },
    async (request) => {
      const q = request.query;
      const where = and(
        scope.audit(callerOf(authOf(request).user)),
        contains(auditLog.actorName, q.actor),
        q.actorId ? eq(auditLog.actorId, q.actorId) : undefined,
        actionFilter(q.action),
        q.targetType ? eq(auditLog.targetType, q.targetType) : undefined,
        q.targetId ? eq(auditLog.targetId, q.targetId) : undefined,
        q.from ? gte(auditLog.createdAt, q.from) : undefined,
        q.to ? lte(auditLog.createdAt, q.to) : undefined,
      );
      const [rows, [{ total }]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(pageWindow(q).limit)
          .offset(pageWindow(q).offset),
        db.select({ total: countAll }).from(auditLog).where(where),
      ]);
      return ok({
        list: rows.map((r) => ({
          ...r,
          detail: (r.detail as Record<string, unknown> | null) ?? null,
          createdAt: r.createdAt.toISOString(),
        })),
        total,
        page: q.page,
        pageSize: q.pageSize,
      });
    },
  );
}
