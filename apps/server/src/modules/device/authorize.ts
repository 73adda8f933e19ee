import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authorizeDevicesBody, changedAnswer } from '@siteops/contracts/device';
import type { ModuleContext } from '../../app/context.ts';
import { devices } from '../../db/schema/index.ts';
import { authOf } from '../../auth/guard.ts';
import { callerOf } from '../../auth/scope.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { recordAudit } from '../audit/record.ts';
import { cutOffLinks, lockDevicesInScope } from './service.ts';

export function registerAuthorizeDevices(app: FastifyInstance, { db }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/device/authorize',
    {
      config: { roles: ['admin', 'agent'] },
      schema: {
        tags: ['device'],
        summary: "Authorise or forbid devices in the caller's scope, all or none",
        body: authorizeDevicesBody,
        response: { 200: envelopeOf(changedAnswer) },
      },
    },
    async (request) => {
      const actor = authOf(request).user;
      const ids = [...new Set(request.body.ids)];
      const { authStatus } = request.body;
      const changed = await db.transaction(async (tx) => {
        const rows = await lockDevicesInScope(tx, callerOf(actor), ids);
        await tx.update(devices).set({ authStatus, updatedId: actor.id }).where(inArray(devices.id, ids));
        await recordAudit(tx, request, {
          action: 'device.authorize',
          targetType: 'device',
          targetId: ids.join(','),
          detail: { fields: ['authStatus'], values: { authStatus }, ids, sns: rows.map((r) => r.sn) },
        });
        return rows.length;
      });
      if (authStatus === 'forbidden') await cutOffLinks(app, ids);
      return ok({ changed }, 'Save Success');
    },
  );
}
