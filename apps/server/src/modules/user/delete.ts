import { z } from 'zod';
import { and, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idsBody } from '@siteops/contracts/pagination';
import type { ModuleContext } from '../../app/context.ts';
import { users } from '../../db/schema/index.ts';
import { authOf } from '../../auth/guard.ts';
import { callerOf, scope } from '../../auth/scope.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { recordAudit } from '../audit/record.ts';
import { enabledAdminsBesides, filesOwnedBy } from './service.ts';

/**
 * Delete users in the caller's scope, all or none: one id outside the scope (or missing) is a 404
 * for the batch. Nobody deletes themselves; the last enabled admin is never deleted. Their
 * sessions, memberships and images go with them.
 */
export function registerDeleteUser(app: FastifyInstance, { db, storage }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().delete(
    '/api/user/delete',
    {
      config: { roles: ['admin', 'agent'] },
      schema: {
        tags: ['user'],
        summary: 'Delete users ({ ids }); all or none',
        body: idsBody,
        response: { 200: envelopeOf(z.object({ deleted: z.number() })) },
      },
    },
    async (request) => {
      const actor = authOf(request).user;
      const ids = [...new Set(request.body.ids)];
      if (ids.includes(actor.id)) throw conflict('You cannot delete your own account');
      const blobs = await db.transaction(async (tx) => {
        const adminsLeft = await enabledAdminsBesides(tx, ids);
        const rows = await tx
          .select({ id: users.id, userName: users.userName, role: users.role })
          .from(users)
          .where(and(inArray(users.id, ids), scope.users(callerOf(actor))));
        const missing = ids.filter((id) => !rows.some((r) => r.id === id));
        if (missing.length) throw notFound(`User ${missing.join(', ')} not found`);
        if (rows.some((r) => r.role === 'admin') && adminsLeft === 0) {
          throw conflict('You cannot delete the last enabled administrator');
        }
        const owned = await filesOwnedBy(tx, ids);
        await tx.delete(users).where(inArray(users.id, ids));
        for (const row of rows) {
          await recordAudit(tx, request, {
            action: 'user.delete',
            targetType: 'user',
            targetId: row.id,
            detail: { userName: row.userName, role: row.role },
          });
        }
        return owned;
      });
      await Promise.all(blobs.map((key) => storage.delete(key).catch(() => {})));
      return ok({ deleted: ids.length }, 'Delete Success');
    },
  );
}
