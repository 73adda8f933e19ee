import { eq, getTableColumns } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageOf } from '@siteops/contracts/pagination';
import { deviceItem, deviceListQuery, DEVICE_SORT_FIELDS } from '@siteops/contracts/device';
import type { ModuleContext } from '../../app/context.ts';
import { agents, devices, projects } from '../../db/schema/index.ts';
import { authOf } from '../../auth/guard.ts';
import { callerOf } from '../../auth/scope.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
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

export function registerListDevices(app: FastifyInstance, { db }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/device/listAll',
    {
      config: { roles: ['admin', 'agent'] },
      schema: {
        tags: ['device'],
        summary: "Devices in the caller's scope (an agent: its own), filtered, sorted and paged",
        querystring: deviceListQuery,
        response: { 200: envelopeOf(pageOf(deviceItem)) },
      },
    },
    async (request) => {
      const q = request.query;
      const where = deviceFilter(callerOf(authOf(request).user), q);
      const [rows, [{ total }]] = await Promise.all([
        // Names joined here: one query for the page instead of three.
        db
          .select({ ...getTableColumns(devices), agentName: agents.name, projectName: projects.name })
          .from(devices)
          .leftJoin(agents, eq(agents.id, devices.agentId))
          .leftJoin(projects, eq(projects.id, devices.projectId))
          .where(where)
          .orderBy(...orderBy(SORT_COLUMNS, devices.id, q.sortField, q.sortOrder, 'id'))
          .limit(pageWindow(q).limit)
          .offset(pageWindow(q).offset),
        db.select({ total: countAll }).from(devices).where(where),
      ]);
      return ok({
        list: rows.map(({ agentName, projectName, ...d }) => toDeviceItem(d, agentName, projectName)),
        total,
        page: q.page,
        pageSize: q.pageSize,
      });
    },
  );
}
