import { and, eq, gte, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageOf } from '@siteops/contracts/pagination';
import { deviceItem, deviceListQuery, DEVICE_SORT_FIELDS } from '@siteops/contracts/device';
import type { ModuleContext } from '../../app/context.ts';
import { devices } from '../../db/schema/index.ts';
import { authOf } from '../../auth/guard.ts';
import { callerOf, scope } from '../../auth/scope.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { contains, countAll, orderBy, pageWindow } from '../../http/list.ts';
import { toDeviceItems } from './service.ts';

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

/** The day after `date` (YYYY-MM-DD), at 00:00 UTC: the exclusive end of an inclusive date range. */
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);

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
      const where = and(
        scope.devices(callerOf(authOf(request).user)),
        contains(devices.devName, q.devName),
        contains(devices.sn, q.sn),
        contains(devices.mac, q.mac?.toUpperCase()),
        contains(devices.ip, q.ip),
        contains(devices.factoryName, q.factoryName),
        contains(devices.version, q.version),
        q.type ? eq(devices.type, q.type) : undefined,
        q.agentId ? eq(devices.agentId, q.agentId) : undefined,
        q.projectId ? eq(devices.projectId, q.projectId) : undefined,
        q.authStatus ? eq(devices.authStatus, q.authStatus) : undefined,
        q.onlineStatus ? eq(devices.onlineStatus, q.onlineStatus) : undefined,
        q.addedFrom ? gte(devices.additionDatetime, new Date(`${q.addedFrom}T00:00:00Z`)) : undefined,
        q.addedTo ? lt(devices.additionDatetime, dayAfter(q.addedTo)) : undefined,
      );
      const [rows, [{ total }]] = await Promise.all([
        db
          .select()
          .from(devices)
          .where(where)
          .orderBy(...orderBy(SORT_COLUMNS, devices.id, q.sortField, q.sortOrder, 'id'))
          .limit(pageWindow(q).limit)
          .offset(pageWindow(q).offset),
        db.select({ total: countAll }).from(devices).where(where),
      ]);
      return ok({ list: await toDeviceItems(db, rows), total, page: q.page, pageSize: q.pageSize });
    },
  );
}
