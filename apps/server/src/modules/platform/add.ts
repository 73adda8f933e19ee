import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addPlatformBody } from '@siteops/contracts/device';
import type { ModuleContext } from '../../app/context.ts';
import { authPlatforms } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { changeSet, recordAudit } from '../audit/record.ts';
import { duplicatePlatformName } from './service.ts';

export function registerAddPlatform(app: FastifyInstance, { db }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/platform/add',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['platform'],
        summary: 'Create an authorisation platform (unique name)',
        body: addPlatformBody,
        response: { 200: envelopeOf(z.object({ id: z.number() })) },
      },
    },
    async (request) => {
      const body = request.body;
      try {
        const id = await db.transaction(async (tx) => {
          const [{ id }] = await tx.insert(authPlatforms).values(body).returning({ id: authPlatforms.id });
          await recordAudit(tx, request, {
            action: 'platform.add',
            targetType: 'platform',
            targetId: id,
            detail: changeSet(body),
          });
          return id;
        });
        return ok({ id }, 'Save Success');
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicatePlatformName(body.platformName);
        throw err;
      }
    },
  );
}
