import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { updatePlatformBody } from '@siteops/contracts/device';
import type { ModuleContext } from '../../app/context.ts';
import { authPlatforms } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { changeSet, recordAudit } from '../audit/record.ts';
import { duplicatePlatformName, loadPlatform } from './service.ts';

export function registerUpdatePlatform(app: FastifyInstance, { db }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/api/platform/update',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['platform'],
        summary: 'Update an authorisation platform (only the fields sent)',
        body: updatePlatformBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const { id, ...patch } = request.body;
      const row = await loadPlatform(db, id);
      try {
        await db.transaction(async (tx) => {
          await tx.update(authPlatforms).set(patch).where(eq(authPlatforms.id, id));
          await recordAudit(tx, request, {
            action: 'platform.update',
            targetType: 'platform',
            targetId: id,
            detail: changeSet(patch, { platformName: row.platformName }),
          });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicatePlatformName(patch.platformName);
        throw err;
      }
      return ok(null, 'Save Success');
    },
  );
}
