import type { deviceLinkApi } from '@siteops/contracts/device-link/api';
import type { Handler } from '../../http/endpoint.ts';
import { runCommand } from './commands.ts';

/** Play a text or an audio URL on a device's speaker (audited). */
export const broadcast: Handler<typeof deviceLinkApi.broadcast> = async (c, { id, ...body }) => {
  const { reply } = await runCommand(c, c.request, id, 'broadcast.play', body, {
    action: 'device.broadcast',
    detail: { text: body.text?.slice(0, 100), url: body.url },
  });
  return reply.result;
};
