import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idQuery } from '@siteops/contracts/pagination';
import { deviceItem } from '@siteops/contracts/device';
import type { ModuleContext } from '../../app/context.ts';
import { authOf } from '../../auth/guard.ts';
import { callerOf } from '../../auth/scope.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { loadDeviceInScope, toDeviceItems } from './service.ts';

export function registerDeviceDetail(app: FastifyInstance, { db }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/device/detail',
    {
      config: { roles: ['admin', 'agent'] },
      schema: {
        tags: ['device'],
        summary: "One device in the caller's scope (never its terminal password)",
        querystring: idQuery,
        response: { 200: envelopeOf(deviceItem) },
      },
    },
    async (request) => {
      const row = await loadDeviceInScope(db, callerOf(authOf(request).user), request.query.id);
      return ok((await toDeviceItems(db, [row]))[0]);
    },
  );
}
