import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { deviceApi } from '@siteops/contracts/device/api';
import { DEVICE_SORT_FIELDS } from '@siteops/contracts/device/schemas';
import { agents, devices, projects, type DeviceRow } from '../../db/schema/index.ts';
import { listTable } from '../../db/crud.ts';
import type { Handler } from '../../http/endpoint.ts';
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

const LIST_SELECTION = {
  ...getTableColumns(devices),
  agentName: agents.name,
  projectName: projects.name,
  // Per row of the page only, from the (device_id, at) index: the rows' readings come with them.
  latestAt: sql<string | null>`(select max(t.at) from device_telemetry t where t.device_id = ${devices.id})`,
};

const LIST_JOINS = [
  { table: agents, on: eq(agents.id, devices.agentId) },
  { table: projects, on: eq(projects.id, devices.projectId) },
];

/** One page of devices, with the names of their agent and project joined in (one round trip). */
export const listDevices: Handler<typeof deviceApi.listAll> = ({ db, caller }, q) =>
  listTable(db, q, {
    table: devices,
    where: deviceFilter(caller, q),
    sort: { columns: SORT_COLUMNS, id: devices.id, fallback: 'id' },
    select: LIST_SELECTION,
    joins: LIST_JOINS,
    map: ({ agentName, projectName, latestAt, ...d }: DeviceRow & ListExtras) => ({
      ...toDeviceItem(d, agentName, projectName),
      latestAt: latestAt ? new Date(latestAt).toISOString() : null,
    }),
  });

interface ListExtras {
  agentName: string | null;
  projectName: string | null;
  latestAt: string | null;
}
