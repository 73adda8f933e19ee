import { z } from 'zod';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idsBody } from '@siteops/contracts/pagination';
import type { ModuleContext } from '../../app/context.ts';
import { authPlatforms } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { recordAudit } from '../audit/record.ts';

export function registerDeletePlatform(app: FastifyInstance, { db }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().delete(
    '/api/platform/delete',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['platform'],
        summary: 'Delete authorisation platforms ({ ids }), all or none',
        body: idsBody,
        response: { 200: envelopeOf(z.object({ deleted: z.number() })) },
      },
    },
    async (request) => {
      const ids = [...new Set(request.body.ids)];
      await db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: authPlatforms.id, platformName: authPlatforms.platformName })
          .from(authPlatforms)
          .where(inArray(authPlatforms.id, ids))
          .for('update');
        const missing = ids.filter((id) => !rows.some((r) => r.id === id));
        if (missing.length) throw notFound(`Platform ${missing.join(', ')} not found`);
        await tx.delete(authPlatforms).where(inArray(authPlatforms.id, ids));
        for (const row of rows) {
          await recordAudit(tx, request, {
            action: 'platform.delete',
            targetType: 'platform',
            targetId: row.id,
            detail: { platformName: row.platformName },
          });
        }
      });
      return ok({ deleted: ids.length }, 'Delete Success');
    },
  );
}
