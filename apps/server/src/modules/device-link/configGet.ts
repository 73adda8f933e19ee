import type { deviceLinkApi } from '@siteops/contracts/device-link/api';
import type { Handler } from '../../http/endpoint.ts';
import { runCommand } from './commands.ts';

/** A device's configuration, all of it or the comma-separated `keys` (audited). */
export const configGet: Handler<typeof deviceLinkApi.configGet> = async (c, { id, keys }) => {
  const list = keys?.split(',').filter(Boolean);
  const { reply } = await runCommand(c, c.request, id, 'config.get', list ? { keys: list } : {}, {
    action: 'device.config.get',
  });
  return reply.result;
};
