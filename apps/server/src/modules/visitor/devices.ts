import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { visitorApi } from '@siteops/contracts/visitor/api';
import type { VisitorDeviceItem } from '@siteops/contracts/visitor/device';
import { scope, type Caller } from '../../auth/scope.ts';
import { deleteAllOrNone } from '../../db/crud.ts';
import { devices, projects, visitorDevices } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { readPage } from '../../http/readPage.ts';
import { contains, countAll, equalFilters, orderBy } from '../../core/list.ts';
import { markDevices } from './gate.ts';
import type { GateSync } from './gateSync.ts';

/** The devices of the caller's scope (admin all; a manager those of its projects), as a subquery. */
export const devicesInScope = (caller: Caller): SQL | undefined => {
  const where = scope.devices(caller);
  return where && sql`${visitorDevices.deviceId} in (select ${devices.id} from ${devices} where ${where})`;
};

const SORT_COLUMNS = {
  createdAt: visitorDevices.createdAt,
  devName: devices.devName,
  sn: devices.sn,
  installSite: devices.installSite,
};

const persons = sql<number>`(select count(*)::int from gate_persons g where g.device_id = ${devices.id} and g.on_device)`;
const pending = sql<number>`(select count(*)::int from gate_persons g where g.device_id = ${devices.id} and g.pending)`;

/** The visitor device list (spec 3's device authorisation), newest first. */
export const listVisitorDevices: Handler<typeof visitorApi.listDevices> = async ({ db, caller }, q) => {
  const where = and(
    devicesInScope(caller),
    q.keyword
      ? or(contains(devices.devName, q.keyword), contains(devices.sn, q.keyword), contains(devices.mac, q.keyword))
      : undefined,
    ...equalFilters(devices, q, ['projectId']),
    ...equalFilters(visitorDevices, q, ['direction']),
  );
  const base = () =>
    db
      .select({ device: devices, link: visitorDevices, projectName: projects.name, persons, pending })
      .from(visitorDevices)
      .innerJoin(devices, eq(devices.id, visitorDevices.deviceId))
      .leftJoin(projects, eq(projects.id, devices.projectId));
  const { rows, total } = await readPage(
    q,
    base()
      .where(where)
      .orderBy(...orderBy(SORT_COLUMNS, visitorDevices.deviceId, q.sortField, q.sortOrder, 'createdAt')),
    db
      .select({ total: countAll })
      .from(visitorDevices)
      .innerJoin(devices, eq(devices.id, visitorDevices.deviceId))
      .where(where),
  );
  const list: VisitorDeviceItem[] = rows.map((r) => ({
    id: r.device.id,
    type: r.device.type as VisitorDeviceItem['type'],
    devName: r.device.devName,
    sn: r.device.sn,
    mac: r.device.mac,
    direction: r.link.direction as VisitorDeviceItem['direction'],
    installSite: r.device.installSite,
    projectId: r.device.projectId,
    projectName: r.projectName,
    onlineStatus: r.device.onlineStatus,
    createdAt: r.link.createdAt.toISOString(),
    persons: r.persons,
    pending: r.pending,
  }));
  return { list, total, page: q.page, pageSize: q.pageSize };
};

/** Take devices off the visitor list (all or none; outside the caller's scope 404); they lose their visitors. */
export const removeVisitorDevices =
  (gate: Pick<GateSync, 'kick'>): Handler<typeof visitorApi.removeDevices> =>
  async (c, { ids }) => {
    const result = await deleteAllOrNone(c.db, {
      table: visitorDevices,
      ids,
      scope: devicesInScope(c.caller),
      what: 'Device',
      select: { id: visitorDevices.deviceId, direction: visitorDevices.direction },
      // Marked in the same transaction: the dispatcher then finds them off the list and removes their visitors.
      beforeDelete: (tx) => markDevices(tx, ids),
      audit: { record: c.audit, action: 'visitor.removeDevice', targetType: 'device' },
    });
    gate.kick();
    return result;
  };
