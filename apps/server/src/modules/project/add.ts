import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addProjectBody } from '@siteops/contracts/project';
import type { ModuleContext } from '../../app/context.ts';
import { projects } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { authOf } from '../../auth/guard.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { changeSet, recordAudit } from '../audit/record.ts';
import { assertAgentExists } from '../user/service.ts';
import { duplicateCode } from './service.ts';

export function registerAddProject(app: FastifyInstance, { db }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/project/add',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['project'],
        summary: 'Create a project (unique code)',
        body: addProjectBody,
        response: { 200: envelopeOf(z.object({ id: z.number() })) },
      },
    },
    async (request) => {
      const actor = authOf(request).user;
      const body = request.body;
      if (body.agentId != null) await assertAgentExists(db, body.agentId);
      try {
        const id = await db.transaction(async (tx) => {
          const [{ id }] = await tx
            .insert(projects)
            .values({ ...body, createdId: actor.id, updatedId: actor.id })
            .returning({ id: projects.id });
          await recordAudit(tx, request, {
            action: 'project.add',
            targetType: 'project',
            targetId: id,
            detail: changeSet(body),
          });
          return id;
        });
        return ok({ id }, 'Save Success');
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicateCode(body.code);
        throw err;
      }
    },
  );
}
