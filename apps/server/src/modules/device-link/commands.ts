import type { FastifyRequest } from 'fastify';
import type { RpcMethod, RpcParams, RpcResultOf } from '@siteops/contracts/device-protocol';
import type { ModuleContext } from '../../ports/context.ts';
import { authOf } from '../../auth/guard.ts';
import { callerOf } from '../../auth/scope.ts';
import { RpcError, type RpcReply } from '../../gateway/index.ts';
import { completeAudit, recordAudit } from '../audit/record.ts';
import { commandError, loadLinkDevice, mustCarry, type LinkDevice } from './service.ts';
import type { AuditAction } from '@siteops/contracts/audit/actions';

/**
 * Run one command on a device in the caller's scope and audit it, success or not: the device is
 * loaded under scope.deviceLink (404 outside it), offline answers at once, a silent device answers
 * the timeout error after ctx.commandTimeoutMs; never a hung request.
 */
export async function runCommand<M extends RpcMethod>(
  ctx: ModuleContext,
  request: FastifyRequest,
  id: number,
  method: M,
  params: RpcParams<M>,
  audit: { action: AuditAction; detail?: Record<string, unknown> },
): Promise<{ device: LinkDevice; reply: RpcReply<RpcResultOf<M>> }> {
  const device = await loadLinkDevice(ctx.db, callerOf(authOf(request).user), id);
  mustCarry(device, method);
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
