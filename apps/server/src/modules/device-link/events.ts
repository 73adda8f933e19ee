import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { deviceLinkApi } from '@siteops/contracts/device-link/api';
import { EVENT_LEVELS } from '@siteops/contracts/device-protocol';
import { deviceEvents } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { countAll, equalFilters, pageWindow } from '../../core/list.ts';
import type { PictureUrls } from './pictures.ts';
import { loadLinkDevice } from './service.ts';

/** A device's events, newest first, filtered by kind, level and time; a picture as a signed URL. */
export const events =
  (pictures: Pick<PictureUrls, 'url'>): Handler<typeof deviceLinkApi.events> =>
  async (c, q) => {
    const { db } = c;
    const device = await loadLinkDevice(db, c.caller, q.id);
    const where = and(
      eq(deviceEvents.deviceId, device.id),
      ...equalFilters(deviceEvents, q, ['kind', 'level']),
      q.from ? gte(deviceEvents.at, q.from) : undefined,
      q.to ? lte(deviceEvents.at, q.to) : undefined,
    );
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({
          id: deviceEvents.id,
          deviceId: deviceEvents.deviceId,
          type: deviceEvents.type,
          kind: deviceEvents.kind,
          level: deviceEvents.level,
          at: deviceEvents.at,
          receivedAt: deviceEvents.receivedAt,
          data: deviceEvents.data,
          hasPicture: sql<boolean>`${deviceEvents.picture} is not null`,
        })
        .from(deviceEvents)
        .where(where)
        .orderBy(desc(deviceEvents.at), desc(deviceEvents.id))
        .limit(pageWindow(q).limit)
        .offset(pageWindow(q).offset),
      db.select({ total: countAll }).from(deviceEvents).where(where),
    ]);
    return {
      list: rows.map((e) => ({
        id: e.id,
        deviceId: e.deviceId,
        type: e.type,
        kind: e.kind,
        level: (EVENT_LEVELS as readonly string[]).includes(e.level)
          ? (e.level as (typeof EVENT_LEVELS)[number])
          : 'info',
        at: e.at.toISOString(),
        receivedAt: e.receivedAt.toISOString(),
        data: e.data,
        pictureUrl: e.hasPicture ? pictures.url(e.deviceId, e.id) : null,
      })),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  };
