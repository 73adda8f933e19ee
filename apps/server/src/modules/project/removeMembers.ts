import { z } from 'zod';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { projectMembersBody } from '@siteops/contracts/project';
import type { ModuleContext } from '../../app/context.ts';
import { projectMembers } from '../../db/schema/index.ts';
import { authOf } from '../../auth/guard.ts';
import { callerOf } from '../../auth/scope.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { recordAudit } from '../audit/record.ts';
import { loadProjectInScope } from './service.ts';

export function registerRemoveMembers(app: FastifyInstance, { db }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/project/removeMembers',
    {
      config: { roles: ['admin', 'manager'] },
      schema: {
        tags: ['project'],
        summary: 'Remove members (or managers) from the project, all or none',
        body: projectMembersBody,
        response: { 200: envelopeOf(z.object({ removed: z.number() })) },
      },
    },
    async (request) => {
      const actor = authOf(request).user;
      const { projectId } = request.body;
      const userIds = [...new Set(request.body.userIds)];
      await loadProjectInScope(db, callerOf(actor), projectId);
      if (actor.role !== 'admin' && userIds.includes(actor.id)) {
        throw conflict('You cannot remove yourself from the project; ask an administrator');
      }
      const removed = await db.transaction(async (tx) => {
        const rows = await tx
          .delete(projectMembers)
          .where(and(eq(projectMembers.projectId, projectId), inArray(projectMembers.userId, userIds)))
          .returning({ userId: projectMembers.userId });
        const missing = userIds.filter((id) => !rows.some((r) => r.userId === id));
        // All or none: the transaction rolls the deletions back.
        if (missing.length) throw notFound(`User ${missing.join(', ')} is not a member of this project`);
        await recordAudit(tx, request, {
          action: 'project.removeMembers',
          targetType: 'project',
          targetId: projectId,
          detail: { fields: ['members'], values: { removed: userIds } },
        });
        return rows.length;
      });
      return ok({ removed }, 'Save Success');
    },
  );
}
