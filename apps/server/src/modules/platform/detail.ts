import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idQuery } from '@siteops/contracts/pagination';
import { platformItem } from '@siteops/contracts/device';
import type { ModuleContext } from '../../app/context.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { loadPlatform, toPlatformItem } from './service.ts';

export function registerPlatformDetail(app: FastifyInstance, { db }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/platform/detail',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['platform'],
        summary: 'One authorisation platform',
        querystring: idQuery,
        response: { 200: envelopeOf(platformItem) },
      },
    },
    async (request) => ok(toPlatformItem(await loadPlatform(db, request.query.id))),
  );
}
