import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { updateProjectBody } from '@siteops/contracts/project';
import type { ModuleContext } from '../../app/context.ts';
import { projects } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { authOf } from '../../auth/guard.ts';
import { callerOf } from '../../auth/scope.ts';
import { conflict, forbidden } from '../../http/errors.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { changeSet, recordAudit } from '../audit/record.ts';
import { assertAgentExists } from '../user/service.ts';
import { duplicateCode, loadProjectInScope, memberCounts } from './service.ts';

export function registerUpdateProject(app: FastifyInstance, { db }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/api/project/update',
    {
      config: { roles: ['admin', 'manager'] },
      schema: {
        tags: ['project'],
        summary: "Update a project in the caller's scope (only the fields sent)",
        body: updateProjectBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const actor = authOf(request).user;
      const { id, ...patch } = request.body;
      const project = await loadProjectInScope(db, callerOf(actor), id);
      if (patch.agentId !== undefined && patch.agentId !== project.agentId) {
        if (actor.role !== 'admin') throw forbidden('Only an administrator can move a project to another agent');
        const { managers, members } = await memberCounts(db, id);
        if (managers + members > 0) {
          throw conflict('Remove the project’s members before moving it to another agent', { field: 'agentId' });
        }
        if (patch.agentId !== null) await assertAgentExists(db, patch.agentId);
      }
      try {
        await db.transaction(async (tx) => {
          await tx
            .update(projects)
            .set({ ...patch, updatedId: actor.id })
            .where(eq(projects.id, id));
          await recordAudit(tx, request, {
            action: 'project.update',
            targetType: 'project',
            targetId: id,
            detail: changeSet(patch, { code: project.code }),
          });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicateCode(patch.code);
        throw err;
      }
      return ok(null, 'Save Success');
    },
  );
}
