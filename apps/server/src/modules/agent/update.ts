import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { updateAgentBody } from '@siteops/contracts/agent';
import type { ModuleContext } from '../../app/context.ts';
import { agents, users } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { authOf } from '../../auth/guard.ts';
import { callerOf } from '../../auth/scope.ts';
import { agentBlock, agentExpiredSql, revokeAgentSessions, revokeUserSessions } from '../../auth/sessions.ts';
import { conflict, forbidden } from '../../http/errors.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { changeSet, recordAudit } from '../audit/record.ts';
import { agentAdminUser, loadAgentInScope } from './service.ts';

/**
 * Change an agent in the caller's scope (an agent: only its own, and never its status or expiry).
 * When the result is invalid or expired, every session of its users ends at once.
 */
export function registerUpdateAgent(app: FastifyInstance, { db }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/api/agent/update',
    {
      config: { roles: ['admin', 'agent'] },
      schema: {
        tags: ['agent'],
        summary: 'Update an agent and optionally its admin user; invalid or expired ends its users’ sessions',
        body: updateAgentBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const actor = authOf(request).user;
      const caller = callerOf(actor);
      const { id, user, ...patch } = request.body;
      const { agent: current } = await loadAgentInScope(db, caller, id);
      // Sending the values it already has (a form posting every field) changes nothing and is fine.
      const changesValidity =
        (patch.status !== undefined && patch.status !== current.status) ||
        (patch.expDate !== undefined && patch.expDate !== current.expDate);
      if (caller.role !== 'admin' && changesValidity) {
        throw forbidden('Only an administrator can change an agent’s status or expiry date');
      }
      const admin = user ? await agentAdminUser(db, id) : undefined;
      if (user && admin?.id === actor.id && user.enabled !== undefined && user.enabled !== 'enable') {
        throw conflict('You cannot disable your own account');
      }
      try {
        await db.transaction(async (tx) => {
          await tx
            .update(agents)
            .set({ ...patch, updatedId: actor.id })
            .where(eq(agents.id, id));
          if (user && admin) {
            const { remark, ...rest } = user;
            await tx
              .update(users)
              .set({ ...rest, ...(remark !== undefined ? { introduction: remark } : {}), updatedId: actor.id })
              .where(eq(users.id, admin.id));
            if (user.enabled === 'disable' && admin.enabled !== 'disable') {
              await revokeUserSessions(tx, admin.id, 'disabled');
            }
          }
          const [after] = await tx
            .select({ status: agents.status, expDate: agents.expDate, expired: agentExpiredSql })
            .from(agents)
            .where(eq(agents.id, id));
          const blocked = agentBlock(after);
          if (blocked) await revokeAgentSessions(tx, id);
          await recordAudit(tx, request, {
            action: 'agent.update',
            targetType: 'agent',
            targetId: id,
            detail: changeSet({ ...patch, ...(user ? { user } : {}) }, blocked ? { sessionsEnded: true } : {}),
          });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(`The agent ${patch.name} already exists`, { field: 'name' });
        throw err;
      }
      return ok(null, 'Save Success');
    },
  );
}
