import type { deviceLinkApi } from '@siteops/contracts/device-link/api';
import { DEVICE_LINK_PATHS } from '@siteops/contracts/device-link/schemas';
import { LIVE_PATH } from '@siteops/contracts/live/schemas';
import { authOf } from '../../auth/guard.ts';
import { callerOf } from '../../auth/scope.ts';
import type { Tickets } from '../../auth/tickets.ts';
import type { Handler } from '../../http/endpoint.ts';
import { forbidden } from '../../core/errors.ts';
import { loadLinkDevice, mustCarry } from './service.ts';

/** POST /api/device/ticket: what a browser WebSocket and a new tab use instead of a bearer header. */
export const ticket =
  (tickets: Pick<Tickets, 'issue'>): Handler<typeof deviceLinkApi.ticket> =>
  async (c, body) => {
    const { user, sessionId } = authOf(c.request);
    const { purpose } = body;
    let deviceId: number | undefined;
    if (purpose !== 'live') {
      if (user.role !== 'admin' && user.role !== 'agent') throw forbidden();
      const device = await loadLinkDevice(c.db, callerOf(user), body.deviceId!);
      // A terminal or the device's web page over a transport that cannot carry them: said now, not on open.
      mustCarry(device, purpose === 'terminal' ? 'shell.open' : 'http.request');
      deviceId = device.id;
    }
    const { ticket, exp } = tickets.issue({ sessionId, purpose, deviceId });
    // Opening remote control is audited here, once; the terminal when its shell opens.
    if (purpose === 'remote') {
      await c.audit({ action: 'device.remote', targetType: 'device', targetId: deviceId });
    }
    const q = encodeURIComponent(ticket);
    const url =
      purpose === 'live'
        ? `${LIVE_PATH}?ticket=${q}`
        : purpose === 'terminal'
          ? `${DEVICE_LINK_PATHS.terminal(deviceId!)}?ticket=${q}`
          : DEVICE_LINK_PATHS.remotePrefix(deviceId!, ticket);
    return { ticket, expiresAt: new Date(exp).toISOString(), url };
  };
