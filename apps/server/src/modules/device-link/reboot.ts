import type { deviceLinkApi } from '@siteops/contracts/device-link/api';
import type { Handler } from '../../http/endpoint.ts';
import { runCommand } from './commands.ts';

/** Reboot a device (audited). */
export const reboot: Handler<typeof deviceLinkApi.reboot> = async (c, { id, ...body }) => {
  const { reply } = await runCommand(c, c.request, id, 'reboot', body, { action: 'device.reboot' });
  return reply.result;
};
