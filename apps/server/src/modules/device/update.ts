import type { deviceApi } from '@siteops/contracts/device/api';
import { DEVICE_AGENT_FIELDS } from '@siteops/contracts/device/schemas';
import { devices } from '../../db/schema/index.ts';
import { updateReturningBefore } from '../../db/crud.ts';
import { forbidden } from '../../core/errors.ts';
import type { Handler } from '../../http/endpoint.ts';
import { auditChanges, changeSet } from '../audit/record.ts';
import {
  cutOffLinks,
  duplicateDevice,
  loadDeviceInScope,
  mustFindAgent,
  mustFindProject,
  projectMustFitAgents,
} from './service.ts';
import { t } from '../../core/messages/index.ts';
// A face terminal that changes project holds the visitors and personnel of its new one.
import { markMovedDevices } from '../visitor/personnel.ts';

const AGENT_EDITABLE = new Set<string>(DEVICE_AGENT_FIELDS);

/** Update the fields sent; an agent may send only {@link DEVICE_AGENT_FIELDS}, anything else is a 403 naming them. */
export const updateDevice: Handler<typeof deviceApi.update> = async (c, body) => {
  const { db, pii } = c;
  const { id, terminalPassword, hj212Pw, ...patch } = body;
  const device = await loadDeviceInScope(db, c.caller, id);
  if (c.user.role !== 'admin') {
    const sent = Object.keys(body).filter((k) => k !== 'id' && (body as Record<string, unknown>)[k] !== undefined);
    const refused = sent.filter((k) => !AGENT_EDITABLE.has(k));
    if (refused.length) throw forbidden(t('device.agentCannotChange', { fields: refused }));
  }
  if (patch.agentId != null) await mustFindAgent(db, patch.agentId);
  const agentId = patch.agentId !== undefined ? patch.agentId : device.agentId;
  // A device given to another agent leaves its project (as divideAgent does) unless a project of that agent is sent.
  if (agentId !== device.agentId && patch.projectId === undefined) patch.projectId = null;
  if (patch.projectId != null) {
    projectMustFitAgents(await mustFindProject(db, patch.projectId), [{ sn: patch.sn ?? device.sn, agentId }]);
  }
  try {
    await db.transaction(async (tx) => {
      const before = await updateReturningBefore(tx, devices, id, {
        ...patch,
        ...(terminalPassword !== undefined
          ? { terminalPassword: terminalPassword ? pii.encrypt(terminalPassword, 'devices.terminal_password') : null }
          : {}),
        ...(hj212Pw !== undefined ? { hj212Pw: hj212Pw ? pii.encrypt(hj212Pw, 'devices.hj212_pw') : null } : {}),
        updatedId: c.user.id,
      });
      if (patch.projectId !== undefined && patch.projectId !== device.projectId) await markMovedDevices(tx, [id]);
      await c.audit(
        {
          action: 'device.update',
          targetType: 'device',
          targetId: id,
          detail: changeSet(
            {
              ...patch,
              terminalPassword: terminalPassword === undefined ? undefined : '********',
              hj212Pw: hj212Pw === undefined ? undefined : '********',
            },
            // The passwords are secrets: named, never kept.
            { sn: device.sn, changes: auditChanges(before, { ...patch, terminalPassword, hj212Pw }) },
          ),
        },
        tx,
      );
    });
  } catch (err) {
    throw duplicateDevice(err, patch);
  }
  if (patch.allow === false) await cutOffLinks(c.deviceCommands, c.request.log, [id]);
  return null;
};
