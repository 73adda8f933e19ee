import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deviceLinkApi } from '@siteops/contracts/device-link/api';
import type { RpcMethod, RpcParams, RpcResultOf } from '@siteops/contracts/device-protocol';
import { authOf } from '../../auth/guard.ts';
import { callerOf } from '../../auth/scope.ts';
import { route } from '../../http/endpoint.ts';
import { RpcError, type RpcReply } from '../../gateway/index.ts';
import { completeAudit, recordAudit } from '../audit/record.ts';
import type { DeviceLinkContext } from './context.ts';
import { commandError, loadLinkDevice, type LinkDevice } from './service.ts';

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
): Promise<{ device: LinkDevice; reply: RpcReply<RpcResultOf<M>> }> {
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

/** The commands of contracts/device-link/api.ts: each runs on the device and is audited, success or not. */
export function registerCommands(app: FastifyInstance, ctx: DeviceLinkContext) {
  route(app, ctx, deviceLinkApi.snapshot, async (c, { id, ...body }) => {
    const { reply } = await runCommand(ctx, c.request, id, 'snapshot', body, { action: 'device.snapshot' });
    const jpeg = reply.data ?? Buffer.alloc(0);
    return {
      contentType: 'image/jpeg' as const,
      width: reply.result.width,
      height: reply.result.height,
      size: jpeg.length,
      dataUrl: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
      takenAt: new Date().toISOString(),
    };
  });

  route(app, ctx, deviceLinkApi.openDoor, async (c, { id, ...body }) => {
    const { reply } = await runCommand(ctx, c.request, id, 'openDoor', body, {
      action: 'device.openDoor',
      detail: { door: body.door ?? 1 },
    });
    return reply.result;
  });

  route(app, ctx, deviceLinkApi.reboot, async (c, { id, ...body }) => {
    const { reply } = await runCommand(ctx, c.request, id, 'reboot', body, { action: 'device.reboot' });
    return reply.result;
  });

  route(app, ctx, deviceLinkApi.configGet, async (c, { id, keys }) => {
    const list = keys?.split(',').filter(Boolean);
    const { reply } = await runCommand(ctx, c.request, id, 'config.get', list ? { keys: list } : {}, {
      action: 'device.config.get',
    });
    return reply.result;
  });

  route(app, ctx, deviceLinkApi.configSet, async (c, { id, config }) => {
    const { reply } = await runCommand(
      ctx,
      c.request,
      id,
      'config.set',
      { config },
      {
        action: 'device.config.set',
        detail: { keys: Object.keys(config) },
      },
    );
    return reply.result;
  });

  route(app, ctx, deviceLinkApi.broadcast, async (c, { id, ...body }) => {
    const { reply } = await runCommand(ctx, c.request, id, 'broadcast.play', body, {
      action: 'device.broadcast',
      detail: { text: body.text?.slice(0, 100), url: body.url },
    });
    return reply.result;
  });
}
