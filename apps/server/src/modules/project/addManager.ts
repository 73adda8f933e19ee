import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addManagerBody } from '@siteops/contracts/project';
import type { ModuleContext } from '../../app/context.ts';
import { projectMembers, users } from '../../db/schema/index.ts';
import { authOf } from '../../auth/guard.ts';
import { callerOf } from '../../auth/scope.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { recordAudit } from '../audit/record.ts';
import { candidatesOf, loadProjectInScope } from './service.ts';

export function registerAddManager(app: FastifyInstance, { db }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/project/addManager',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['project'],
        summary: 'Make a user with role manager a manager of the project',
        body: addManagerBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const actor = authOf(request).user;
      const { projectId, userId } = request.body;
      const project = await loadProjectInScope(db, callerOf(actor), projectId);
      const [user] = await db
        .select({ id: users.id, role: users.role, userName: users.userName })
        .from(users)
        .where(and(eq(users.id, userId), candidatesOf(project)));
      if (!user) throw notFound('User not found');
      if (user.role !== 'manager') {
        throw badRequest('userId: the user must have the role manager', {
          userId: 'The user must have the role manager',
        });
      }
      await db.transaction(async (tx) => {
        await tx
          .insert(projectMembers)
          .values({ projectId, userId, role: 'manager', createdId: actor.id })
          .onConflictDoUpdate({
            target: [projectMembers.projectId, projectMembers.userId],
            set: { role: 'manager' },
          });
        await recordAudit(tx, request, {
          action: 'project.addManager',
          targetType: 'project',
          targetId: projectId,
          detail: { fields: ['managers'], values: { userId, userName: user.userName } },
        });
      });
      return ok(null, 'Save Success');
    },
  );
}
