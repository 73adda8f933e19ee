import { eq, sql } from 'drizzle-orm';
import type { deviceLinkApi } from '@siteops/contracts/device-link/api';
import { devices, latestReadings } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { loadLinkDevice } from './service.ts';

/** A device's latest readings, link state and last heartbeat. */
export const latest: Handler<typeof deviceLinkApi.latest> = async (c, { id }) => {
  const { db } = c;
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
};
