import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { agentItem } from '@siteops/contracts/agent';
import { idQuery } from '@siteops/contracts/pagination';
import type { ModuleContext } from '../../app/context.ts';
import { authOf } from '../../auth/guard.ts';
import { callerOf } from '../../auth/scope.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { loadAgentInScope, toAgentItems } from './service.ts';

export function registerAgentDetail(app: FastifyInstance, { db }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/agent/detail',
    {
      config: { roles: ['admin', 'agent'] },
      schema: {
        tags: ['agent'],
        summary: "One agent in the caller's scope, with its admin user",
        querystring: idQuery,
        response: { 200: envelopeOf(agentItem) },
      },
    },
    async (request) => {
      const row = await loadAgentInScope(db, callerOf(authOf(request).user), request.query.id);
      const [item] = await toAgentItems(db, [row]);
      return ok(item);
    },
  );
}
