import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addUserBody } from '@siteops/contracts/user';
import type { ModuleContext } from '../../app/context.ts';
import { users } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { authOf } from '../../auth/guard.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { conflict } from '../../http/errors.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { recordAudit } from '../audit/record.ts';

export function registerAddUser(app: FastifyInstance, { db, config }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/user/add',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['user'],
        summary: 'Create a user; without a password they get the default one and must change it',
        body: addUserBody,
        response: { 200: envelopeOf(z.object({ id: z.number() })) },
      },
    },
    async (request) => {
      const actor = authOf(request).user;
      const body = request.body;
      let id: number;
      try {
        [{ id }] = await db
          .insert(users)
          .values({
            userName: body.userName,
            password: await hashPassword(body.password ?? config.defaultPassword),
            mustChangePassword: body.password === undefined,
            realName: body.realName,
            role: body.role,
            isAgent: body.role === 'agent',
            agentId: body.agentId,
            phone: body.phone,
            email: body.email,
            createdId: actor.id,
            updatedId: actor.id,
          })
          .returning({ id: users.id });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(`The account ${body.userName} already exists`);
        throw err;
      }
      await recordAudit(db, request, {
        action: 'user.add',
        targetType: 'user',
        targetId: id,
        detail: { userName: body.userName, role: body.role },
      });
      return ok({ id }, 'Save Success');
    },
  );
}
