import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEVICE_AGENT_FIELDS, updateDeviceBody } from '@siteops/contracts/device';
import type { ModuleContext } from '../../app/context.ts';
import { devices } from '../../db/schema/index.ts';
import { authOf } from '../../auth/guard.ts';
import { callerOf } from '../../auth/scope.ts';
import { forbidden } from '../../http/errors.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { changeSet, recordAudit } from '../audit/record.ts';
import { duplicateDevice, loadDeviceInScope, mustFindAgent, mustFindProject } from './service.ts';

const AGENT_EDITABLE = new Set<string>(DEVICE_AGENT_FIELDS);

export function registerUpdateDevice(app: FastifyInstance, { db, pii }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/api/device/update',
    {
      config: { roles: ['admin', 'agent'] },
      schema: {
        tags: ['device'],
        summary: 'Update a device (only the fields sent); an agent only devName, installSite, remark, direction',
        body: updateDeviceBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const actor = authOf(request).user;
      const { id, terminalPassword, ...patch } = request.body;
      const device = await loadDeviceInScope(db, callerOf(actor), id);
      if (actor.role !== 'admin') {
        const sent = Object.keys(request.body).filter(
          (k) => k !== 'id' && (request.body as Record<string, unknown>)[k] !== undefined,
        );
        const refused = sent.filter((k) => !AGENT_EDITABLE.has(k));
        if (refused.length) throw forbidden(`An agent cannot change ${refused.join(', ')}`);
      }
      if (patch.agentId != null) await mustFindAgent(db, patch.agentId);
      if (patch.projectId != null) await mustFindProject(db, patch.projectId);
      try {
        await db.transaction(async (tx) => {
          await tx
            .update(devices)
            .set({
              ...patch,
              ...(terminalPassword !== undefined
                ? {
                    terminalPassword: terminalPassword
                      ? pii.encrypt(terminalPassword, 'devices.terminal_password')
                      : null,
                  }
                : {}),
              updatedId: actor.id,
            })
            .where(eq(devices.id, id));
          await recordAudit(tx, request, {
            action: 'device.update',
            targetType: 'device',
            targetId: id,
            detail: changeSet(
              { ...patch, terminalPassword: terminalPassword === undefined ? undefined : '********' },
              { sn: device.sn },
            ),
          });
        });
      } catch (err) {
        throw duplicateDevice(err, patch);
      }
      return ok(null, 'Save Success');
    },
  );
}
