import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { accountApi } from '@siteops/contracts/account/api';
import { SECURITY_ACTIONS } from '@siteops/contracts/account/schemas';
import { auditLog, certifications } from '../../db/schema/index.ts';
import { listTable } from '../../db/crud.ts';
import type { Handler } from '../../http/endpoint.ts';

/**
 * The security log is the audit rows about the caller's account: what the caller did to it and what
 * an administrator did to it (a reset, an edit, a certification review), security actions only.
 */
export const securityLog: Handler<typeof accountApi.securityLog> = async (c, q) => {
  const me = c.user.id;
  const myCertifications = sql`select c_m.id::text from ${certifications} c_m where c_m.user_id = ${me}`;
  return listTable(c.db, q, {
    table: auditLog,
    where: and(
      inArray(auditLog.action, [...SECURITY_ACTIONS]),
      or(
        and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, String(me))),
        and(eq(auditLog.targetType, 'certification'), sql`${auditLog.targetId} in (${myCertifications})`),
      ),
    ),
    sort: { columns: { createdAt: auditLog.id }, id: auditLog.id, fallback: 'createdAt', order: 'desc' },
    map: (r) => ({
      id: r.id,
      action: r.action,
      actorName: r.actorName,
      byOther: r.actorId !== me,
      ip: r.ip,
      createdAt: r.createdAt.toISOString(),
    }),
  });
};
