import { and, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DeviceItem, DeviceListQuery } from '@siteops/contracts/device/schemas';
import type { DeviceCommands } from '../../ports/context.ts';
import type { Db } from '../../db/client.ts';
import { namesById } from '../../db/namesById.ts';
import { agents, devices, latestFlags, latestReadings, projects, type DeviceRow } from '../../db/schema/index.ts';
import { loadOr404 } from '../../db/crud.ts';
import { constraintOf, isUniqueViolation } from '../../db/errors.ts';
import { scope, type Caller } from '../../auth/scope.ts';
import { allFoundOr404, badRequest, conflict, notFoundOf } from '../../core/errors.ts';
import { contains, equalFilters, iso } from '../../core/list.ts';
import { t } from '../../core/messages/index.ts';

/** The day after `date` (YYYY-MM-DD), at 00:00 UTC: the exclusive end of an inclusive date range. */
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);

type DeviceFilters = Omit<
  DeviceListQuery,
  'page' | 'pageSize' | 'sortField' | 'sortOrder' | 'agentId' | 'projectId'
> & {
  agentId?: number;
  projectId?: number;
};

/** The WHERE of a device list or export: the caller's scope and the query's filters (text ones contain). */
export function deviceFilter(caller: Caller, q: DeviceFilters): SQL | undefined {
  return and(
    scope.devices(caller),
    contains(devices.devName, q.devName),
    contains(devices.sn, q.sn),
    contains(devices.mac, q.mac?.toUpperCase()),
    contains(devices.ip, q.ip),
    contains(devices.factoryName, q.factoryName),
    contains(devices.version, q.version),
    ...equalFilters(devices, q, ['type', 'agentId', 'projectId', 'authStatus', 'onlineStatus']),
    q.addedFrom ? gte(devices.additionDatetime, new Date(`${q.addedFrom}T00:00:00Z`)) : undefined,
    q.addedTo ? lt(devices.additionDatetime, dayAfter(q.addedTo)) : undefined,
  );
}

export async function loadDeviceInScope(db: Db, caller: Caller, id: number): Promise<DeviceRow> {
  return loadOr404(db, { table: devices, idColumn: devices.id, id, scope: scope.devices(caller), what: 'Device' });
}

/**
 * Lock the devices `ids` inside a batch's transaction; any id missing or outside the caller's scope
 * is a 404 and the batch changes nothing.
 */
export async function lockDevicesInScope(tx: Db, caller: Caller, ids: number[]) {
  const rows = await tx
    .select({ id: devices.id, sn: devices.sn, agentId: devices.agentId, projectId: devices.projectId })
    .from(devices)
    .where(and(inArray(devices.id, ids), scope.devices(caller)))
    .for('update');
  allFoundOr404('Device', ids, rows);
  return rows;
}

/** A project for the caller to put devices in: 404 when it does not exist, the project otherwise. */
export async function mustFindProject(db: Db, projectId: number) {
  const [row] = await db
    .select({ id: projects.id, agentId: projects.agentId })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!row) throw notFoundOf('Project', [projectId]);
  return row;
}

/**
 * A device's project belongs to the device's agent (a platform device, no agent, only to a platform
 * project): otherwise another tenant would see the device through the project. A 400 on `projectId`
 * naming the devices that do not fit; the caller's transaction writes nothing.
 */
export function projectMustFitAgents(
  project: { agentId: number | null },
  placed: { sn: string; agentId: number | null }[],
) {
  const misfits = placed.filter((d) => (d.agentId ?? null) !== (project.agentId ?? null)).map((d) => d.sn);
  if (!misfits.length) return;
  const text = t('device.projectOtherAgent', { sns: misfits });
  throw badRequest(text, { projectId: text });
}

export async function mustFindAgent(db: Db, agentId: number) {
  const [row] = await db.select({ id: agents.id }).from(agents).where(eq(agents.id, agentId));
  if (!row) throw notFoundOf('Agent', [agentId]);
  return row;
}

/** The 409 of a duplicate sn or mac, naming the field; other errors unchanged. */
export function duplicateDevice(
  err: unknown,
  values: { sn?: string; mac?: string | null; hj212Mn?: string | null },
): unknown {
  if (!isUniqueViolation(err)) return err;
  const constraint = constraintOf(err) ?? String((err as { cause?: { message?: string } })?.cause?.message ?? '');
  if (constraint.includes('hj212_mn')) {
    return conflict(values.hj212Mn ? t('device.hj212MnUsed', { value: values.hj212Mn }) : t('device.hj212MnUsed.any'), {
      field: 'hj212Mn',
    });
  }
  const field = constraint.includes('mac') ? 'mac' : 'sn';
  const value = values[field];
  const msg =
    field === 'mac'
      ? value
        ? t('device.macUsed', { value })
        : t('device.macUsed.any')
      : value
        ? t('device.snUsed', { value })
        : t('device.snUsed.any');
  return conflict(msg, { field });
}

export async function toDeviceItems(db: Db, rows: DeviceRow[]): Promise<DeviceItem[]> {
  const [agentNames, projectNames] = await Promise.all([
    namesById(db, agents, rows, (r) => r.agentId),
    namesById(db, projects, rows, (r) => r.projectId),
  ]);
  return rows.map((d) => toDeviceItem(d, agentNames.get(d.agentId) ?? null, projectNames.get(d.projectId) ?? null));
}

/** `latestFlags` when a latest value is flagged; nothing otherwise (most devices never are). */
function flagsOf(latest: unknown): { latestFlags?: Record<string, string> } {
  const flags = latestFlags(latest);
  return Object.keys(flags).length > 0 ? { latestFlags: flags } : {};
}

/** A device as the API answers it, given the names of its agent and project. */
export function toDeviceItem(d: DeviceRow, agentName: string | null, projectName: string | null): DeviceItem {
  return {
    id: d.id,
    type: d.type,
    devName: d.devName,
    factoryName: d.factoryName,
    sn: d.sn,
    mac: d.mac,
    ip: d.ip,
    transport: d.transport,
    agentId: d.agentId,
    agentName,
    projectId: d.projectId,
    projectName,
    installSite: d.installSite,
    frpcVer: d.frpcVer,
    devVer: d.devVer,
    version: d.version,
    authStatus: d.authStatus,
    onlineStatus: d.onlineStatus,
    allow: d.allow,
    anyAccess: d.anyAccess,
    remoteAccount: d.remoteAccount,
    hasTerminalPassword: d.terminalPassword !== null,
    direction: d.direction,
    remark: d.remark,
    hj212Mn: d.hj212Mn,
    hasHj212Pw: d.hj212Pw !== null,
    licenceExpiresAt: d.licenceExpiresAt ? iso(d.licenceExpiresAt) : null,
    additionDatetime: iso(d.additionDatetime),
    heartbeatDatetime: d.heartbeatDatetime ? iso(d.heartbeatDatetime) : null,
    updatedAt: iso(d.updatedAt),
    createdId: d.createdId,
    updatedId: d.updatedId,
    latest: latestReadings(d.latest),
    ...flagsOf(d.latest),
  };
}

/**
 * Close the links of devices that were just forbidden or deleted, now rather than at the device link's
 * next revocation sweep (up to one heartbeat interval). Best effort: the sweep remains the guarantee.
 */
export async function cutOffLinks(links: DeviceCommands, log: FastifyBaseLogger, ids: readonly number[]) {
  await Promise.all(
    ids.map((id) => links.cut(id).catch((err: unknown) => log.warn({ err, id }, 'link cut-off failed'))),
  );
}
