import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEVICE_LINK_PATHS, ticketAnswer, ticketBody } from '@siteops/contracts/device-link';
import { LIVE_PATH } from '@siteops/contracts/live';
import { authOf } from '../../auth/guard.ts';
import { callerOf } from '../../auth/scope.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { forbidden } from '../../http/errors.ts';
import type { DeviceLinkContext } from './context.ts';
import { loadLinkDevice } from './service.ts';
import { recordAudit } from '../audit/record.ts';

/** POST /api/device/ticket: what EventSource, a browser WebSocket and a new tab use instead of a bearer header. */
export function registerTicket(app: FastifyInstance, ctx: DeviceLinkContext) {
  app.withTypeProvider<ZodTypeProvider>().post(
    DEVICE_LINK_PATHS.ticket,
    {
      schema: {
        tags: ['device'],
        summary:
          'A short-lived ticket for the live channel, the live events stream, a terminal or the remote-control tunnel',
        body: ticketBody,
        response: { 200: envelopeOf(ticketAnswer) },
      },
    },
    async (request) => {
      const { user, sessionId } = authOf(request);
      const { purpose } = request.body;
      let deviceId: number | undefined;
      if (purpose !== 'events' && purpose !== 'live') {
        if (user.role !== 'admin' && user.role !== 'agent') throw forbidden();
        deviceId = (await loadLinkDevice(ctx.db, callerOf(user), request.body.deviceId!)).id;
      }
      const { ticket, exp } = ctx.tickets.issue({ sessionId, purpose, deviceId });
      // Opening remote control is audited here, once; the terminal when its shell opens.
      if (purpose === 'remote') {
        await recordAudit(ctx.db, request, { action: 'device.remote', targetType: 'device', targetId: deviceId });
      }
      const q = encodeURIComponent(ticket);
      const url =
        purpose === 'live'
          ? `${LIVE_PATH}?ticket=${q}`
          : purpose === 'events'
            ? `${DEVICE_LINK_PATHS.events}?ticket=${q}`
            : purpose === 'terminal'
              ? `${DEVICE_LINK_PATHS.terminal(deviceId!)}?ticket=${q}`
              : DEVICE_LINK_PATHS.remotePrefix(deviceId!, ticket);
      return ok({ ticket, expiresAt: new Date(exp).toISOString(), url });
    },
  );
}
