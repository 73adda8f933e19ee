import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addUserBody } from '@siteops/contracts/user';
import type { ModuleContext } from '../../app/context.ts';
import { users } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { authOf } from '../../auth/guard.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { callerOf } from '../../auth/scope.ts';
import { badRequest, conflict, forbidden } from '../../http/errors.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { changeSet, recordAudit } from '../audit/record.ts';
import { defaultPassword } from '../constant/service.ts';
import { assertAgentExists, attachImages, columnsOf } from './service.ts';

/**
 * Admin: any user, of any agent. Agent: users of its own agent only, never an admin. Without a
 * password the user gets the default one (constant user.defaultPassword) and must change it.
 */
export function registerAddUser(app: FastifyInstance, ctx: ModuleContext) {
  const { db, config, pii } = ctx;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/user/add',
    {
      config: { roles: ['admin', 'agent'] },
      schema: {
        tags: ['user'],
        summary: 'Create a user from the personal-info form; without a password they get the default one',
        body: addUserBody,
        response: { 200: envelopeOf(z.object({ id: z.number() })) },
      },
    },
    async (request) => {
      const actor = authOf(request).user;
      const caller = callerOf(actor);
      const body = { ...request.body };
      if (caller.role === 'agent') {
        if (body.role === 'admin') throw forbidden('An agent cannot create administrators');
        if (caller.agentId === null) throw forbidden('Your account is not attached to an agent');
        if (body.agentId != null && body.agentId !== caller.agentId) {
          throw badRequest('agentId: users you create belong to your agent', {
            agentId: 'Users you create belong to your own agent',
          });
        }
        body.agentId = caller.agentId;
      } else if (body.agentId != null) {
        await assertAgentExists(db, body.agentId);
      }
      if (body.role === 'agent' && body.agentId == null) {
        throw badRequest('agentId: required for role agent', { agentId: 'agentId is required for role agent' });
      }
      const { password, ...profile } = body;
      const hashed = await hashPassword(password ?? (await defaultPassword(db, config)));
      let id: number;
      try {
        id = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(users)
            .values({
              ...columnsOf(profile, pii),
              userName: body.userName,
              password: hashed,
              mustChangePassword: password === undefined,
              isAgent: body.role === 'agent',
              createdId: actor.id,
              updatedId: actor.id,
            })
            .returning({ id: users.id });
          // The row already names the images; this checks the caller may hand them over, or rolls back.
          await attachImages(tx, actor.id, { id: row.id }, profile);
          await recordAudit(tx, request, {
            action: 'user.add',
            targetType: 'user',
            targetId: row.id,
            detail: changeSet(profile, { userName: body.userName, defaultPassword: password === undefined }),
          });
          return row.id;
        });
      } catch (err) {
        if (isUniqueViolation(err))
          throw conflict(`The account ${body.userName} already exists`, { field: 'userName' });
        throw err;
      }
      return ok({ id }, 'Save Success');
    },
  );
}
