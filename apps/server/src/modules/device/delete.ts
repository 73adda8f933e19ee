import { z } from 'zod';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idsBody } from '@siteops/contracts/pagination';
import type { ModuleContext } from '../../app/context.ts';
import { devices } from '../../db/schema/index.ts';
import { authOf } from '../../auth/guard.ts';
import { callerOf } from '../../auth/scope.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { recordAudit } from '../audit/record.ts';
import { cutOffLinks, lockDevicesInScope } from './service.ts';

export function registerDeleteDevice(app: FastifyInstance, { db }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().delete(
    '/api/device/delete',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['device'],
        summary: 'Delete devices ({ ids }), all or none',
        body: idsBody,
        response: { 200: envelopeOf(z.object({ changed: z.number() })) },
      },
    },
    async (request) => {
      const actor = authOf(request).user;
      const ids = [...new Set(request.body.ids)];
      const changed = await db.transaction(async (tx) => {
        const rows = await lockDevicesInScope(tx, callerOf(actor), ids);
        await tx.delete(devices).where(inArray(devices.id, ids));
        for (const row of rows) {
          await recordAudit(tx, request, {
            action: 'device.delete',
            targetType: 'device',
            targetId: row.id,
            detail: { sn: row.sn },
          });
        }
        return rows.length;
      });
      await cutOffLinks(app, ids);
      return ok({ changed }, 'Delete Success');
    },
  );
}
