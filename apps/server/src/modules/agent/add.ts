import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addAgentBody } from '@siteops/contracts/agent';
import type { ModuleContext } from '../../app/context.ts';
import { agents, users } from '../../db/schema/index.ts';
import { constraintOf, isUniqueViolation } from '../../db/errors.ts';
import { authOf } from '../../auth/guard.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { conflict } from '../../http/errors.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { changeSet, recordAudit } from '../audit/record.ts';
import { defaultPassword } from '../constant/service.ts';

/**
 * Create an agent and its admin user (role agent, isAgent) in one transaction: if either insert
 * fails, neither exists. Without a password the user gets the default one and must change it.
 */
export function registerAddAgent(app: FastifyInstance, { db, config }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/agent/add',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['agent'],
        summary: 'Create an agent and its admin user together (all or nothing)',
        body: addAgentBody,
        response: { 200: envelopeOf(z.object({ id: z.number(), userId: z.number() })) },
      },
    },
    async (request) => {
      const actor = authOf(request).user;
      const { user, ...agent } = request.body;
      const password = await hashPassword(user.password ?? (await defaultPassword(db, config)));
      try {
        const ids = await db.transaction(async (tx) => {
          const [{ id }] = await tx
            .insert(agents)
            .values({ ...agent, status: agent.status ?? 'valid', createdId: actor.id, updatedId: actor.id })
            .returning({ id: agents.id });
          const [{ id: userId }] = await tx
            .insert(users)
            .values({
              userName: user.userName,
              password,
              mustChangePassword: user.password === undefined,
              realName: user.realName,
              phone: user.phone ?? null,
              email: user.email ?? null,
              address: user.address ?? null,
              introduction: user.remark ?? null,
              enabled: user.enabled ?? 'enable',
              isAgent: true,
              role: 'agent',
              agentId: id,
              createdId: actor.id,
              updatedId: actor.id,
            })
            .returning({ id: users.id });
          await recordAudit(tx, request, {
            action: 'agent.add',
            targetType: 'agent',
            targetId: id,
            detail: changeSet({ ...agent, user: { ...user, password: undefined } }, { userId }),
          });
          return { id, userId };
        });
        return ok(ids, 'Save Success');
      } catch (err) {
        if (isUniqueViolation(err)) {
          throw constraintOf(err) === 'agents_name_unique'
            ? conflict(`The agent ${agent.name} already exists`, { field: 'name' })
            : conflict(`The account ${user.userName} already exists`, { field: 'user.userName' });
        }
        throw err;
      }
    },
  );
}
