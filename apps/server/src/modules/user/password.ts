import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resetPasswdBody, updatePasswdBody } from '@siteops/contracts/user';
import type { ModuleContext } from '../../app/context.ts';
import { users } from '../../db/schema/index.ts';
import { authOf } from '../../auth/guard.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { revokeUserSessions } from '../../auth/sessions.ts';
import { callerOf, scope } from '../../auth/scope.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { recordAudit } from '../audit/record.ts';
import { defaultPassword } from '../constant/service.ts';

export function registerPasswordRoutes(app: FastifyInstance, { db, config }: ModuleContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/user/updatePasswd',
    {
      config: { allowPendingPasswordChange: true },
      schema: {
        tags: ['user'],
        summary: "Change the caller's password; ends the caller's other sessions",
        body: updatePasswdBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const { user, sessionId } = authOf(request);
      const { oldPassword, newPassword } = request.body;
      if (!(await verifyPassword(user.password, oldPassword))) {
        throw badRequest('The old password is incorrect', { oldPassword: 'The old password is incorrect' });
      }
      if (oldPassword === newPassword) {
        throw badRequest('The new password must differ from the old one', {
          newPassword: 'The new password must differ from the old one',
        });
      }
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ password: await hashPassword(newPassword), mustChangePassword: false, updatedId: user.id })
          .where(eq(users.id, user.id));
        await revokeUserSessions(tx, user.id, 'password', sessionId);
      });
      await recordAudit(db, request, { action: 'user.updatePasswd', targetType: 'user', targetId: user.id });
      return ok(null, 'Save Success');
    },
  );

  r.put(
    '/api/user/resetPasswd',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['user'],
        summary:
          'Reset a user to the default password (constant user.defaultPassword); they must change it at next login',
        body: resetPasswdBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const actor = authOf(request).user;
      const { id } = request.body;
      const hashed = await hashPassword(await defaultPassword(db, config));
      const changed = await db.transaction(async (tx) => {
        const rows = await tx
          .update(users)
          .set({ password: hashed, mustChangePassword: true, lockedUntil: null, loginFailures: 0, updatedId: actor.id })
          .where(and(eq(users.id, id), scope.users(callerOf(actor))))
          .returning({ id: users.id });
        if (rows.length) await revokeUserSessions(tx, id, 'admin');
        return rows.length;
      });
      if (!changed) throw notFound('User not found');
      await recordAudit(db, request, { action: 'user.resetPasswd', targetType: 'user', targetId: id });
      return ok(null, 'Save Success');
    },
  );
}
