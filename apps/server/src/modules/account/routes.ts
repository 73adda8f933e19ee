import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accountApi } from '@siteops/contracts/account/api';
import { SECURITY_ACTIONS } from '@siteops/contracts/account/schemas';
import type { ModuleContext } from '../../ports/context.ts';
import { auditLog, certifications } from '../../db/schema/index.ts';
import { listTable } from '../../db/crud.ts';
import { route } from '../../http/endpoint.ts';
import { exportMine } from './exportMine.ts';
import { securityState, setSecurityQuestion, unbindSecurity } from './security.ts';
import { bindSecurityTarget, requestSecurityCode } from './securityCode.ts';
import { recoverPassword, recoverQuestion } from './recover.ts';
import { saveSocial, socialInfo } from './social.ts';
import { recoverByCode, requestRecoveryCode } from './recoverCode.ts';

/**
 * /api/account/*: the caller's own account. The security log is the audit rows about it: what the
 * caller did to its account and what an administrator did to it (a reset, an edit, a certification
 * review), security actions only.
 */
export function registerAccountModule(app: FastifyInstance, ctx: ModuleContext) {
  route(app, ctx, accountApi.securityLog, async (c, q) => {
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
  });
  route(app, ctx, accountApi.exportMine, exportMine);
  route(app, ctx, accountApi.security, securityState);
  route(app, ctx, accountApi.securityQuestion, setSecurityQuestion);
  route(app, ctx, accountApi.securityCode, requestSecurityCode);
  route(app, ctx, accountApi.securityBind, bindSecurityTarget);
  route(app, ctx, accountApi.securityUnbind, unbindSecurity);
  route(app, ctx, accountApi.social, socialInfo);
  route(app, ctx, accountApi.saveSocial, saveSocial);
  route(app, ctx, accountApi.recoverQuestion, recoverQuestion);
  route(app, ctx, accountApi.recoverPassword, recoverPassword);
  route(app, ctx, accountApi.recoverCode, requestRecoveryCode);
  route(app, ctx, accountApi.recoverByCode, recoverByCode);
}
