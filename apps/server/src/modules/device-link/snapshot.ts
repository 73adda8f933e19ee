import type { deviceLinkApi } from '@siteops/contracts/device-link/api';
import type { Handler } from '../../http/endpoint.ts';
import { runCommand } from './commands.ts';

/** A camera's still picture, as a data URL (audited). */
export const snapshot: Handler<typeof deviceLinkApi.snapshot> = async (c, { id, ...body }) => {
  const { reply } = await runCommand(c, c.request, id, 'snapshot', body, { action: 'device.snapshot' });
  const jpeg = reply.data ?? Buffer.alloc(0);
  return {
    contentType: 'image/jpeg' as const,
    width: reply.result.width,
    height: reply.result.height,
    size: jpeg.length,
    dataUrl: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
    takenAt: new Date().toISOString(),
  };
};
