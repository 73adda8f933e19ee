import { and, eq } from 'drizzle-orm';
import type { deviceLinkApi } from '@siteops/contracts/device-link/api';
import { deviceEvents } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { notFoundOf } from '../../core/errors.ts';
import type { PictureUrls } from './pictures.ts';

/** An event's picture, by its signed URL (404 when the signature is wrong or expired). */
export const eventPicture =
  (pictures: Pick<PictureUrls, 'verify'>): Handler<typeof deviceLinkApi.eventPicture> =>
  async ({ db, reply }, { id, eventId, exp, sig }) => {
    if (!pictures.verify(id, eventId, exp, sig)) throw notFoundOf('Picture');
    const [row] = await db
      .select({ picture: deviceEvents.picture })
      .from(deviceEvents)
      .where(and(eq(deviceEvents.id, eventId), eq(deviceEvents.deviceId, id)))
      .limit(1);
    if (!row?.picture) throw notFoundOf('Picture');
    return reply
      .header('content-type', 'image/jpeg')
      .header('cache-control', 'private, max-age=3600')
      .send(row.picture);
  };
