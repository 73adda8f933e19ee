import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changedAnswer, divideAgentBody } from '@siteops/contracts/device';
import type { ModuleContext } from '../../app/context.ts';
import { devices } from '../../db/schema/index.ts';
import { authOf } from '../../auth/guard.ts';
import { callerOf } from '../../auth/scope.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { recordAudit } from '../audit/record.ts';
import { lockDevicesInScope, mustFindAgent } from './service.ts';

/**
 * Give devices to an agent (null: back to the platform), all or none. Their project is cleared,
 * since a project belongs to one agent and the device must not stay in another tenant's project.
 */
export function registerDivideAgent(app: FastifyInstance, { db }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/device/divideAgent',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['device'],
        summary: 'Divide devices to an agent (their project is cleared), all or none',
        body: divideAgentBody,
        response: { 200: envelopeOf(changedAnswer) },
      },
    },
    async (request) => {
      const actor = authOf(request).user;
      const ids = [...new Set(request.body.ids)];
      const { agentId } = request.body;
      if (agentId !== null) await mustFindAgent(db, agentId);
      const changed = await db.transaction(async (tx) => {
        const rows = await lockDevicesInScope(tx, callerOf(actor), ids);
        await tx.update(devices).set({ agentId, projectId: null, updatedId: actor.id }).where(inArray(devices.id, ids));
        await recordAudit(tx, request, {
          action: 'device.divideAgent',
          targetType: 'device',
          targetId: ids.join(','),
          detail: { fields: ['agentId'], values: { agentId }, ids, sns: rows.map((r) => r.sn) },
        });
        return rows.length;
      });
      return ok({ changed }, 'Save Success');
    },
  );
}
