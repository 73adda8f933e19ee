import { z } from 'zod';
import { and, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { projectMembersBody } from '@siteops/contracts/project';
import type { ModuleContext } from '../../app/context.ts';
import { projectMembers, users } from '../../db/schema/index.ts';
import { authOf } from '../../auth/guard.ts';
import { callerOf } from '../../auth/scope.ts';
import { notFound } from '../../http/errors.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { recordAudit } from '../audit/record.ts';
import { candidatesOf, loadProjectInScope } from './service.ts';

export function registerAddMembers(app: FastifyInstance, { db }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/project/addMembers',
    {
      config: { roles: ['admin', 'manager'] },
      schema: {
        tags: ['project'],
        summary: "Add users of the project's agent as members (already-members are left as they are)",
        body: projectMembersBody,
        response: { 200: envelopeOf(z.object({ added: z.number() })) },
      },
    },
    async (request) => {
      const actor = authOf(request).user;
      const { projectId } = request.body;
      const userIds = [...new Set(request.body.userIds)];
      const project = await loadProjectInScope(db, callerOf(actor), projectId);
      const added = await db.transaction(async (tx) => {
        const found = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(inArray(users.id, userIds), candidatesOf(project)));
        const missing = userIds.filter((id) => !found.some((u) => u.id === id));
        if (missing.length) throw notFound(`User ${missing.join(', ')} not found`);
        const rows = await tx
          .insert(projectMembers)
          .values(userIds.map((userId) => ({ projectId, userId, role: 'member', createdId: actor.id })))
          .onConflictDoNothing()
          .returning({ userId: projectMembers.userId });
        await recordAudit(tx, request, {
          action: 'project.addMembers',
          targetType: 'project',
          targetId: projectId,
          detail: { fields: ['members'], values: { added: rows.map((r) => r.userId) } },
        });
        return rows.length;
      });
      return ok({ added }, 'Save Success');
    },
  );
}
