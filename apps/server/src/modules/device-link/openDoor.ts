import type { deviceLinkApi } from '@siteops/contracts/device-link/api';
import type { Handler } from '../../http/endpoint.ts';
import { runCommand } from './commands.ts';

/** Open a door of an access controller (audited with the door). */
export const openDoor: Handler<typeof deviceLinkApi.openDoor> = async (c, { id, ...body }) => {
  const { reply } = await runCommand(c, c.request, id, 'openDoor', body, {
    action: 'device.openDoor',
    detail: { door: body.door ?? 1 },
  });
  return reply.result;
};
