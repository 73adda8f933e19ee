import { inArray } from 'drizzle-orm';
import type { deviceApi } from '@siteops/contracts/device/api';
import { devices } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { deleteAllOrNone } from '../../db/crud.ts';
import { scope } from '../../auth/scope.ts';
import { forbidden } from '../../core/errors.ts';
import type { Handler, HandlerContext } from '../../http/endpoint.ts';
import { cutOffLinks, lockDevicesInScope, mustFindAgent, mustFindProject, projectMustFitAgents } from './service.ts';
import { t } from '../../core/messages/index.ts';
// A face terminal that changes project holds the visitors and personnel of its new one.
import { markMovedDevices } from '../visitor/personnel.ts';
import type { AuditAction } from '@siteops/contracts/audit/actions';

type BatchField = 'authStatus' | 'agentId' | 'projectId';

/**
 * Change one field of devices `ids`, all or none: any id missing or outside the caller's scope is a
 * 404 and nothing changes; `check` runs on the locked rows before the write; one audit row names them all.
 */
async function changeAll<F extends BatchField>(
  c: HandlerContext,
  rawIds: readonly number[],
  action: AuditAction,
  change: { field: F; value: (typeof devices.$inferInsert)[F]; alsoSet?: Partial<typeof devices.$inferInsert> },
  check?: (tx: Db, rows: { sn: string; agentId: number | null }[]) => Promise<void>,
) {
  const ids = [...new Set(rawIds)];
  const { field, value } = change;
  const changed = await c.db.transaction(async (tx) => {
    const rows = await lockDevicesInScope(tx, c.caller, ids);
    await check?.(tx, rows);
    await tx
      .update(devices)
      .set({ [field]: value, ...change.alsoSet, updatedId: c.user.id })
      .where(inArray(devices.id, ids));
    if (field === 'projectId' || change.alsoSet?.projectId !== undefined) await markMovedDevices(tx, ids);
    await c.audit(
      {
        action,
        targetType: 'device',
        targetId: ids.join(','),
        detail: { fields: [field], values: { [field]: value }, ids, sns: rows.map((r) => r.sn) },
      },
      tx,
    );
    return rows.length;
  });
  return { changed };
}

/** Forbidding a device also closes its link now, not at the link's next revocation sweep. */
export const authorizeDevices: Handler<typeof deviceApi.authorize> = async (c, { ids, authStatus }) => {
  const answer = await changeAll(c, ids, 'device.authorize', { field: 'authStatus', value: authStatus });
  if (authStatus === 'forbidden') await cutOffLinks(c.deviceCommands, c.request.log, ids);
  return answer;
};

/**
 * Give devices to an agent (null: back to the platform). Their project is cleared, since a project
 * belongs to one agent and the device must not stay in another tenant's project.
 */
export const divideAgent: Handler<typeof deviceApi.divideAgent> = async (c, { ids, agentId }) => {
  if (agentId !== null) await mustFindAgent(c.db, agentId);
  return changeAll(c, ids, 'device.divideAgent', { field: 'agentId', value: agentId, alsoSet: { projectId: null } });
};

/**
 * Put devices in a project (null: out of any). An agent moves only its devices (any other is a 404)
 * and only into its own projects (another agent's project is a 403); anyone, admins too, only into a
 * project of the devices' own agent (400 naming the devices that are not, and none moves).
 */
export const divideProject: Handler<typeof deviceApi.divideProject> = async (c, { ids, projectId }) => {
  const caller = c.caller;
  return changeAll(c, ids, 'device.divideProject', { field: 'projectId', value: projectId }, async (tx, rows) => {
    if (projectId === null) return;
    const project = await mustFindProject(tx, projectId);
    if (caller.role !== 'admin' && project.agentId !== caller.agentId) {
      throw forbidden(t('device.ownProjectsOnly'));
    }
    projectMustFitAgents(project, rows);
  });
};

/** Deleted devices' links are closed at once too. */
export const deleteDevices: Handler<typeof deviceApi.delete> = async (c, { ids }) => {
  const { deleted } = await deleteAllOrNone(c.db, {
    table: devices,
    ids,
    scope: scope.devices(c.caller),
    what: 'Device',
    select: { id: devices.id, sn: devices.sn },
    audit: { record: c.audit, action: 'device.delete', targetType: 'device' },
  });
  await cutOffLinks(c.deviceCommands, c.request.log, [...new Set(ids)]);
  return { changed: deleted };
};
