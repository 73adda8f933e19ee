import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { visitorApi } from '@siteops/contracts/visitor/api';
import { VISITOR_LAST_PASSES, type PassRecordItem } from '@siteops/contracts/visitor/gate';
import { scope } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { deviceEvents, devices, projects } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { readPage } from '../../http/readPage.ts';
import { countAll, equalFilters } from '../../core/list.ts';
import { visitorPersonId } from './gate.ts';
import { userOfPersonId } from './gatePersonnel.ts';
import { loadVisitorInScope } from './service.ts';

/**
 * Pass records: the `pass` events face terminals report (docs/device-protocol.md 4), read where the
 * device link stores every event (`device_events`), not copied anywhere. The person is the event's
 * `data.personId` (`V<visitor id>` for a visitor the server enrolled, `U<user id>` for a member of the
 * device's project); the partial index device_events_pass_person_idx finds one person's passes.
 */

const personId = sql<string>`${deviceEvents.data}->>'personId'`;

function selectPasses(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: deviceEvents.id,
      at: deviceEvents.at,
      data: deviceEvents.data,
      deviceId: deviceEvents.deviceId,
      devName: devices.devName,
      sn: devices.sn,
      projectName: projects.name,
    })
    .from(deviceEvents)
    .innerJoin(devices, eq(devices.id, deviceEvents.deviceId))
    .leftJoin(projects, eq(projects.id, devices.projectId))
    .where(and(eq(deviceEvents.kind, 'pass'), where))
    .orderBy(desc(deviceEvents.at), desc(deviceEvents.id))
    .$dynamic();
}

const str = (v: unknown) => (typeof v === 'string' ? v : null);

function toItem(r: Awaited<ReturnType<ReturnType<typeof selectPasses>['execute']>>[number]): PassRecordItem {
  const d = r.data;
  const pid = str(d.personId) ?? '';
  const visitor = /^V(\d{1,9})$/.exec(pid);
  return {
    id: r.id,
    at: r.at.toISOString(),
    deviceId: r.deviceId,
    devName: r.devName,
    sn: r.sn,
    projectName: r.projectName,
    personId: pid,
    personName: str(d.personName) ?? '',
    visitorId: visitor ? Number(visitor[1]) : null,
    userId: userOfPersonId(pid),
    direction: str(d.direction),
    verifyMode: str(d.verifyMode),
    similarity: typeof d.similarity === 'number' ? d.similarity : null,
  };
}

/** Passes on the devices of the caller's scope (admin all, a manager its projects'; agents are refused: decision 0022). */
export const listPasses: Handler<typeof visitorApi.passes> = async ({ db, caller }, q) => {
  const where = and(
    scope.devices(caller),
    ...equalFilters(deviceEvents, q, ['deviceId']),
    q.visitorId ? eq(personId, visitorPersonId(q.visitorId)) : undefined,
    q.from ? gte(deviceEvents.at, q.from) : undefined,
    q.to ? lte(deviceEvents.at, q.to) : undefined,
  );
  const { rows, total } = await readPage(
    q,
    selectPasses(db, where),
    db
      .select({ total: countAll })
      .from(deviceEvents)
      .innerJoin(devices, eq(devices.id, deviceEvents.deviceId))
      .where(and(eq(deviceEvents.kind, 'pass'), where)),
  );
  return { list: rows.map(toItem), total, page: q.page, pageSize: q.pageSize };
};

/** A visitor's latest passes (its info modal); a visitor outside the caller's scope is 404. */
export const lastPasses: Handler<typeof visitorApi.lastPasses> = async ({ db, caller }, { id }) => {
  const visitor = await loadVisitorInScope(db, caller, id);
  const rows = await selectPasses(db, eq(personId, visitorPersonId(visitor.id))).limit(VISITOR_LAST_PASSES);
  return rows.map(toItem);
};
