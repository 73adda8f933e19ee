import type { FastifyInstance } from 'fastify';
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { deviceLinkApi } from '@siteops/contracts/device-link/api';
import { EVENT_LEVELS } from '@siteops/contracts/device-protocol';
import { devices, deviceEvents, latestReadings } from '../../db/schema/index.ts';
import { route } from '../../http/endpoint.ts';
import { countAll, pageWindow } from '../../core/list.ts';
import { notFoundOf } from '../../core/errors.ts';
import type { DeviceLinkContext } from './context.ts';
import { loadLinkDevice } from './service.ts';
import { rowsOf } from '../../db/rows.ts';

/** Events list, event pictures, telemetry series and latest readings of one device. */
export function registerHistory(app: FastifyInstance, ctx: DeviceLinkContext) {
  const { db } = ctx;

  route(app, ctx, deviceLinkApi.events, async (c, q) => {
    const device = await loadLinkDevice(db, c.caller, q.id);
    const where = and(
      eq(deviceEvents.deviceId, device.id),
      q.kind ? eq(deviceEvents.kind, q.kind) : undefined,
      q.level ? eq(deviceEvents.level, q.level) : undefined,
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
        pictureUrl: e.hasPicture ? ctx.pictures.url(e.deviceId, e.id) : null,
      })),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  });

  route(app, ctx, deviceLinkApi.eventPicture, async ({ reply }, { id, eventId, exp, sig }) => {
    if (!ctx.pictures.verify(id, eventId, exp, sig)) throw notFoundOf('Picture');
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
  });

  route(app, ctx, deviceLinkApi.telemetry, async (c, q) => {
    const device = await loadLinkDevice(db, c.caller, q.id);
    const to = q.to ?? new Date();
    const from = q.from ?? new Date(to.getTime() - 86_400_000);
    const bucketMs = Math.max(1000, Math.ceil((to.getTime() - from.getTime()) / q.points));
    // Booleans chart as 0/1; strings are not charted.
    const value = sql`case jsonb_typeof(data -> ${q.field})
          when 'number' then (data ->> ${q.field})::float8
          when 'boolean' then case when (data ->> ${q.field})::boolean then 1 else 0 end
        end`;
    const res = await db.execute(sql`
        select floor(extract(epoch from at) * 1000 / ${bucketMs}::float8)::bigint as b,
               avg(v) as avg, min(v) as min, max(v) as max
        from (select at, ${value} as v from device_telemetry
              where device_id = ${device.id} and at >= ${from.toISOString()}::timestamptz and at <= ${to.toISOString()}::timestamptz
                and data ? ${q.field}) t
        where v is not null
        group by b order by b`);
    const points = rowsOf<{ b: string | number; avg: number | string; min: number | string; max: number | string }>(
      res,
    ).map(
      (p) =>
        [new Date(Number(p.b) * bucketMs).toISOString(), Number(p.avg), Number(p.min), Number(p.max)] as [
          string,
          number,
          number,
          number,
        ],
    );
    return { field: q.field, from: from.toISOString(), to: to.toISOString(), points };
  });

  route(app, ctx, deviceLinkApi.latest, async (c, { id }) => {
    const device = await loadLinkDevice(db, c.caller, id);
    const [row] = await db
      .select({
        latest: devices.latest,
        onlineStatus: devices.onlineStatus,
        heartbeat: devices.heartbeatDatetime,
        at: sql<string | null>`(select max(t.at) from device_telemetry t where t.device_id = ${devices.id})`,
      })
      .from(devices)
      .where(eq(devices.id, device.id));
    return {
      at: row.at ? new Date(row.at).toISOString() : null,
      data: latestReadings(row.latest) ?? {},
      onlineStatus: row.onlineStatus,
      heartbeatDatetime: row.heartbeat?.toISOString() ?? null,
    };
  });
}
