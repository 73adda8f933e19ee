import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addDeviceBody } from '@siteops/contracts/device';
import type { ModuleContext } from '../../app/context.ts';
import { devices } from '../../db/schema/index.ts';
import { authOf } from '../../auth/guard.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { changeSet, recordAudit } from '../audit/record.ts';
import { duplicateDevice, mustFindAgent, mustFindProject } from './service.ts';

export function registerAddDevice(app: FastifyInstance, { db, pii }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/device/add',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['device'],
        summary: 'Register a device (unique sn and mac)',
        body: addDeviceBody,
        response: { 200: envelopeOf(z.object({ id: z.number() })) },
      },
    },
    async (request) => {
      const actor = authOf(request).user;
      const { terminalPassword, ...body } = request.body;
      if (body.agentId != null) await mustFindAgent(db, body.agentId);
      if (body.projectId != null) await mustFindProject(db, body.projectId);
      try {
        const id = await db.transaction(async (tx) => {
          const [{ id }] = await tx
            .insert(devices)
            .values({
              ...body,
              terminalPassword: terminalPassword ? pii.encrypt(terminalPassword, 'devices.terminal_password') : null,
              createdId: actor.id,
              updatedId: actor.id,
            })
            .returning({ id: devices.id });
          await recordAudit(tx, request, {
            action: 'device.add',
            targetType: 'device',
            targetId: id,
            detail: changeSet({ ...body, terminalPassword: terminalPassword ? '********' : undefined }),
          });
          return id;
        });
        return ok({ id }, 'Save Success');
      } catch (err) {
        throw duplicateDevice(err, body);
      }
    },
  );
}
