import { and, eq, gte, like, lte } from 'drizzle-orm';
import type { auditApi } from '@siteops/contracts/audit/api';
import type { AuditDetail } from '@siteops/contracts/audit/schemas';
import { auditLog } from '../../db/schema/index.ts';
import { listTable } from '../../db/crud.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';
import { contains, equalFilters } from '../../core/list.ts';

/** `user.` matches every user action; `user.update` only that one. */
function actionFilter(action: string | undefined) {
  if (!action) return undefined;
  return action.endsWith('.')
    ? like(auditLog.action, `${action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    : eq(auditLog.action, action);
}

/** The audit rows in the caller's scope, filtered, newest first unless asked; paged. */
export const listAudit: Handler<typeof auditApi.listAll> = async (c, q) =>
  listTable(c.db, q, {
    table: auditLog,
    where: and(
      scope.audit(c.caller),
      contains(auditLog.actorName, q.actor),
      ...equalFilters(auditLog, q, ['actorId', 'targetType', 'targetId']),
      actionFilter(q.action),
      q.from ? gte(auditLog.createdAt, q.from) : undefined,
      q.to ? lte(auditLog.createdAt, q.to) : undefined,
    ),
    sort: {
      columns: {
        id: auditLog.id,
        createdAt: auditLog.createdAt,
        action: auditLog.action,
        actorName: auditLog.actorName,
      },
      id: auditLog.id,
      fallback: 'createdAt',
      order: 'desc',
    },
    map: (r) => ({
      ...r,
      detail: (r.detail as AuditDetail | null) ?? null,
      createdAt: r.createdAt.toISOString(),
    }),
  });
