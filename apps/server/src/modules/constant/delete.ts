import { z } from 'zod';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idsBody } from '@siteops/contracts/pagination';
import type { ModuleContext } from '../../app/context.ts';
import { constants } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { recordAudit } from '../audit/record.ts';
import { invalidateConstants } from './service.ts';

/** Delete constants, all or none; a constant the server reads falls back to its configured default. */
export function registerDeleteConstant(app: FastifyInstance, { db }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().delete(
    '/api/constant/delete',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['constant'],
        summary: 'Delete system constants ({ ids }); all or none',
        body: idsBody,
        response: { 200: envelopeOf(z.object({ deleted: z.number() })) },
      },
    },
    async (request) => {
      const ids = [...new Set(request.body.ids)];
      try {
        await db.transaction(async (tx) => {
          const rows = await tx
            .delete(constants)
            .where(inArray(constants.id, ids))
            .returning({ id: constants.id, key: constants.key });
          const missing = ids.filter((id) => !rows.some((r) => r.id === id));
          if (missing.length) throw notFound(`Constant ${missing.join(', ')} not found`);
          for (const row of rows) {
            await recordAudit(tx, request, {
              action: 'constant.delete',
              targetType: 'constant',
              targetId: row.id,
              detail: { key: row.key },
            });
          }
        });
      } finally {
        invalidateConstants(db);
      }
      return ok({ deleted: ids.length }, 'Delete Success');
    },
  );
}
