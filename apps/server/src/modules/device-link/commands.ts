import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  broadcastAnswer,
  broadcastBody,
  configAnswer,
  configGetQuery,
  configSetBody,
  openDoorAnswer,
  openDoorBody,
  rebootAnswer,
  rebootBody,
  snapshotAnswer,
  snapshotBody,
} from '@siteops/contracts/device-link';
import type { RpcMethod, RpcParams } from '@siteops/contracts/device-protocol';
import { rowIdParam } from '@siteops/contracts/pagination';
import { authOf } from '../../auth/guard.ts';
import { callerOf } from '../../auth/scope.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { RpcError, type RpcReply } from '../../gateway/index.ts';
import { completeAudit, recordAudit } from '../audit/record.ts';
import type { DeviceLinkContext } from './context.ts';
import { commandError, loadLinkDevice, type LinkDevice } from './service.ts';

export const deviceIdParams = z.object({ id: rowIdParam() });
const COMMAND_ROLES = ['admin', 'agent'] as const;

/**
 * Run one command on a device in the caller's scope and audit it, success or not: the device is
 * loaded under scope.deviceLink (404 outside it), offline answers at once, a silent device answers
 * the timeout error after ctx.commandTimeoutMs; never a hung request.
 */
async function runCommand<M extends RpcMethod>(
  ctx: DeviceLinkContext,
  request: FastifyRequest,
  id: number,
  method: M,
  params: RpcParams<M>,
  audit: { action: string; detail?: Record<string, unknown> },
): Promise<{ device: LinkDevice; reply: RpcReply<import('@siteops/contracts/device-protocol').RpcResultOf<M>> }> {
  const device = await loadLinkDevice(ctx.db, callerOf(authOf(request).user), id);
  // Written before the device acts: a command that cannot be recorded is not run.
  const auditId = await recordAudit(ctx.db, request, {
    action: audit.action,
    targetType: 'device',
    targetId: device.id,
    detail: { sn: device.sn, outcome: 'pending', ...audit.detail },
  });
  const started = Date.now();
  let outcome = 'ok';
  try {
    const reply = await ctx.deviceCommands.send(device.id, method, params);
    return { device, reply };
  } catch (err) {
    outcome = err instanceof RpcError ? err.code : 'error';
    throw commandError(err, device.id);
  } finally {
    await completeAudit(ctx.db, auditId, { outcome, ms: Date.now() - started }).catch((err) =>
      request.log.error({ err }, 'audit outcome write failed'),
    );
  }
}

export function registerCommands(app: FastifyInstance, ctx: DeviceLinkContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const common = { config: { roles: COMMAND_ROLES } } as const;

  r.post(
    '/api/device/:id/snapshot',
    {
      ...common,
      schema: {
        tags: ['device'],
        summary: 'Take a picture with the device camera (answers a data: URL)',
        params: deviceIdParams,
        body: snapshotBody.optional(),
        response: { 200: envelopeOf(snapshotAnswer) },
      },
    },
    async (request) => {
      const { reply } = await runCommand(ctx, request, request.params.id, 'snapshot', request.body ?? {}, {
        action: 'device.snapshot',
      });
      const jpeg = reply.data ?? Buffer.alloc(0);
      return ok({
        contentType: 'image/jpeg' as const,
        width: reply.result.width,
        height: reply.result.height,
        size: jpeg.length,
        dataUrl: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
        takenAt: new Date().toISOString(),
      });
    },
  );

  r.post(
    '/api/device/:id/openDoor',
    {
      ...common,
      schema: {
        tags: ['device'],
        summary: 'Open the door of an access terminal',
        params: deviceIdParams,
        body: openDoorBody.optional(),
        response: { 200: envelopeOf(openDoorAnswer) },
      },
    },
    async (request) => {
      const body = request.body ?? {};
      const { reply } = await runCommand(ctx, request, request.params.id, 'openDoor', body, {
        action: 'device.openDoor',
        detail: { door: body.door ?? 1 },
      });
      return ok(reply.result, 'Door opened');
    },
  );

  r.post(
    '/api/device/:id/reboot',
    {
      ...common,
      schema: {
        tags: ['device'],
        summary: 'Reboot the device (it goes offline and comes back)',
        params: deviceIdParams,
        body: rebootBody.optional(),
        response: { 200: envelopeOf(rebootAnswer) },
      },
    },
    async (request) => {
      const { reply } = await runCommand(ctx, request, request.params.id, 'reboot', request.body ?? {}, {
        action: 'device.reboot',
      });
      return ok(reply.result, 'Rebooting');
    },
  );

  r.get(
    '/api/device/:id/config',
    {
      ...common,
      schema: {
        tags: ['device'],
        summary: "Read the device's configuration",
        params: deviceIdParams,
        querystring: configGetQuery,
        response: { 200: envelopeOf(configAnswer) },
      },
    },
    async (request) => {
      const keys = request.query.keys?.split(',').filter(Boolean);
      const { reply } = await runCommand(ctx, request, request.params.id, 'config.get', keys ? { keys } : {}, {
        action: 'device.config.get',
      });
      return ok(reply.result);
    },
  );

  r.put(
    '/api/device/:id/config',
    {
      ...common,
      schema: {
        tags: ['device'],
        summary: "Change the device's configuration",
        params: deviceIdParams,
        body: configSetBody,
        response: { 200: envelopeOf(configAnswer) },
      },
    },
    async (request) => {
      const { reply } = await runCommand(ctx, request, request.params.id, 'config.set', request.body, {
        action: 'device.config.set',
        detail: { keys: Object.keys(request.body.config) },
      });
      return ok(reply.result, 'Save Success');
    },
  );

  r.post(
    '/api/device/:id/broadcast',
    {
      ...common,
      schema: {
        tags: ['device'],
        summary: 'Play text (TTS) or an audio URL on a broadcast speaker',
        params: deviceIdParams,
        body: broadcastBody,
        response: { 200: envelopeOf(broadcastAnswer) },
      },
    },
    async (request) => {
      const { reply } = await runCommand(ctx, request, request.params.id, 'broadcast.play', request.body, {
        action: 'device.broadcast',
        detail: { text: request.body.text?.slice(0, 100), url: request.body.url },
      });
      return ok(reply.result);
    },
  );
}
