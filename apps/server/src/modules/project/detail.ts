import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idQuery } from '@siteops/contracts/pagination';
import { projectItem } from '@siteops/contracts/project';
import type { ModuleContext } from '../../app/context.ts';
import { authOf } from '../../auth/guard.ts';
import { callerOf } from '../../auth/scope.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { loadProjectInScope, toProjectItems } from './service.ts';

export function registerProjectDetail(app: FastifyInstance, { db }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/project/detail',
    {
      config: { roles: ['admin', 'manager'] },
      schema: {
        tags: ['project'],
        summary: "One project in the caller's scope, with its managers",
        querystring: idQuery,
        response: { 200: envelopeOf(projectItem) },
      },
    },
    async (request) => {
      const row = await loadProjectInScope(db, callerOf(authOf(request).user), request.query.id);
      return ok((await toProjectItems(db, [row]))[0]);
    },
  );
}
