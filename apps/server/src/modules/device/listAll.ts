import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { deviceApi } from '@siteops/contracts/api/device';
import { DEVICE_SORT_FIELDS } from '@siteops/contracts/device';
import { agents, devices, projects } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { countAll, orderBy, pageWindow } from '../../http/list.ts';
import { deviceFilter, toDeviceItem } from './service.ts';

const SORT_COLUMNS = {
  id: devices.id,
  devName: devices.devName,
  sn: devices.sn,
  mac: devices.mac,
  ip: devices.ip,
  type: devices.type,
  authStatus: devices.authStatus,
  onlineStatus: devices.onlineStatus,
  factoryName: devices.factoryName,
  version: devices.version,
  additionDatetime: devices.additionDatetime,
  heartbeatDatetime: devices.heartbeatDatetime,
  updatedAt: devices.updatedAt,
} satisfies Record<(typeof DEVICE_SORT_FIELDS)[number], unknown>;

/** One page of devices, with the names of their agent and project joined in (one query, not three). */
export const listDevices: Handler<typeof deviceApi.listAll> = async ({ db, caller }, q) => {
  const where = deviceFilter(caller, q);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        ...getTableColumns(devices),
        agentName: agents.name,
        projectName: projects.name,
        // Per row of the page only, from the (device_id, at) index: the rows' readings come with them.
        latestAt: sql<
          string | Date | null
        >`(select max(t.at) from device_telemetry t where t.device_id = ${devices.id})`,
      })
      .from(devices)
      .leftJoin(agents, eq(agents.id, devices.agentId))
      .leftJoin(projects, eq(projects.id, devices.projectId))
      .where(where)
      .orderBy(...orderBy(SORT_COLUMNS, devices.id, q.sortField, q.sortOrder, 'id'))
      .limit(pageWindow(q).limit)
      .offset(pageWindow(q).offset),
    db.select({ total: countAll }).from(devices).where(where),
  ]);
  return {
    list: rows.map(({ agentName, projectName, latestAt, ...d }) => ({
      ...toDeviceItem(d, agentName, projectName),
      latestAt: latestAt ? new Date(latestAt).toISOString() : null,
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
};
