import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { updateUserBody } from '@siteops/contracts/user';
import type { ModuleContext } from '../../app/context.ts';
import { users } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { authOf } from '../../auth/guard.ts';
import { callerOf } from '../../auth/scope.ts';
import { revokeUserSessions } from '../../auth/sessions.ts';
import { badRequest, conflict, forbidden } from '../../http/errors.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { changeSet, recordAudit } from '../audit/record.ts';
import { assertAgentExists, attachImages, columnsOf, enabledAdminsBesides, loadUserInScope } from './service.ts';

/**
 * Change some fields of a user in the caller's scope (404 outside it). `enabled: 'disable'` ends
 * the user's sessions at once. Nobody disables or demotes themselves, and the last enabled admin
 * stays an enabled admin.
 */
export function registerUpdateUser(app: FastifyInstance, ctx: ModuleContext) {
  const { db, pii, storage } = ctx;
  app.withTypeProvider<ZodTypeProvider>().put(
    '/api/user/update',
    {
      config: { roles: ['admin', 'agent'] },
      schema: {
        tags: ['user'],
        summary: 'Update a user (only the fields sent); disabling ends their sessions',
        body: updateUserBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const actor = authOf(request).user;
      const caller = callerOf(actor);
      const { id, ...patch } = request.body;
      const target = await loadUserInScope(db, caller, id);

      if (caller.role === 'agent') {
        if (patch.role === 'admin') throw forbidden('An agent cannot make administrators');
        if (patch.agentId !== undefined && patch.agentId !== target.agentId) {
          throw badRequest('agentId: an agent cannot move users to another agent', {
            agentId: 'An agent cannot move users to another agent',
          });
        }
      } else if (patch.agentId != null && patch.agentId !== target.agentId) {
        await assertAgentExists(db, patch.agentId);
      }
      if (id === actor.id) {
        if (patch.enabled !== undefined && patch.enabled !== target.enabled && patch.enabled !== 'enable') {
          throw conflict('You cannot disable your own account');
        }
        if (patch.role !== undefined && patch.role !== target.role) throw conflict('You cannot change your own role');
      }
      const role = patch.role ?? target.role;
      const agentId = patch.agentId !== undefined ? patch.agentId : target.agentId;
      if (role === 'agent' && agentId === null) {
        throw badRequest('agentId: required for role agent', { agentId: 'agentId is required for role agent' });
      }
      const disabling = patch.enabled === 'disable' && target.enabled !== 'disable';

      let replaced: string[];
      try {
        replaced = await db.transaction(async (tx) => {
          const losesAdmin =
            target.role === 'admin' &&
            (role !== 'admin' || (patch.enabled === 'disable' && target.enabled !== 'disable'));
          if (losesAdmin && (await enabledAdminsBesides(tx, [id])) === 0) {
            throw conflict('This is the last enabled administrator; it must stay an enabled administrator');
          }
          await tx
            .update(users)
            .set({
              ...columnsOf(patch, pii),
              ...(patch.role ? { isAgent: patch.role === 'agent' } : {}),
              updatedId: actor.id,
            })
            .where(eq(users.id, id));
          const orphans = await attachImages(tx, actor.id, target, patch);
          if (disabling) await revokeUserSessions(tx, id, 'disabled');
          await recordAudit(tx, request, {
            action: disabling ? 'user.disable' : 'user.update',
            targetType: 'user',
            targetId: id,
            detail: changeSet(patch, { userName: target.userName }),
          });
          return orphans;
        });
      } catch (err) {
        if (isUniqueViolation(err))
          throw conflict(`The account ${patch.userName} already exists`, { field: 'userName' });
        throw err;
      }
      await Promise.all(replaced.map((key) => storage.delete(key).catch(() => {})));
      return ok(null, 'Save Success');
    },
  );
}
