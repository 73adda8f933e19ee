import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changedAnswer, divideProjectBody } from '@siteops/contracts/device';
import type { ModuleContext } from '../../app/context.ts';
import { devices } from '../../db/schema/index.ts';
import { authOf } from '../../auth/guard.ts';
import { callerOf } from '../../auth/scope.ts';
import { forbidden } from '../../http/errors.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { recordAudit } from '../audit/record.ts';
import { lockDevicesInScope, mustFindProject } from './service.ts';

/**
 * Put devices in a project (null: out of any), all or none. An agent moves only its devices (any
 * other is a 404) and only into its own projects (another agent's project is a 403).
 */
export function registerDivideProject(app: FastifyInstance, { db }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/device/divideProject',
    {
      config: { roles: ['admin', 'agent'] },
      schema: {
        tags: ['device'],
        summary: 'Divide devices to a project; an agent only its devices into its own projects',
        body: divideProjectBody,
        response: { 200: envelopeOf(changedAnswer) },
      },
    },
    async (request) => {
      const actor = authOf(request).user;
      const caller = callerOf(actor);
      const ids = [...new Set(request.body.ids)];
      const { projectId } = request.body;
      const changed = await db.transaction(async (tx) => {
        const rows = await lockDevicesInScope(tx, caller, ids);
        if (projectId !== null) {
          const project = await mustFindProject(tx, projectId);
          if (caller.role !== 'admin' && project.agentId !== caller.agentId) {
            throw forbidden('Devices can only be divided into your own projects');
          }
        }
        await tx.update(devices).set({ projectId, updatedId: actor.id }).where(inArray(devices.id, ids));
        await recordAudit(tx, request, {
          action: 'device.divideProject',
          targetType: 'device',
          targetId: ids.join(','),
          detail: { fields: ['projectId'], values: { projectId }, ids, sns: rows.map((r) => r.sn) },
        });
        return rows.length;
      });
      return ok({ changed }, 'Save Success');
    },
  );
}
