import type { deviceLinkApi } from '@siteops/contracts/device-link/api';
import type { Handler } from '../../http/endpoint.ts';
import { runCommand } from './commands.ts';

/** Change a device's configuration (audited with the keys changed). */
export const configSet: Handler<typeof deviceLinkApi.configSet> = async (c, { id, config }) => {
  const { reply } = await runCommand(
    c,
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
};
