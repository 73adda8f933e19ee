import type { deviceApi } from '@siteops/contracts/device/api';
import { devices } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { changeSet } from '../audit/record.ts';
import { duplicateDevice, mustFindAgent, mustFindProject, projectMustFitAgents } from './service.ts';

/** Register a device; its terminal password is stored encrypted and audited only as "set". */
export const addDevice: Handler<typeof deviceApi.add> = async (c, { terminalPassword, hj212Pw, ...body }) => {
  const { db, pii } = c;
  if (body.agentId != null) await mustFindAgent(db, body.agentId);
  if (body.projectId != null) {
    projectMustFitAgents(await mustFindProject(db, body.projectId), [{ sn: body.sn, agentId: body.agentId ?? null }]);
  }
  try {
    const id = await db.transaction(async (tx) => {
      const [{ id }] = await tx
        .insert(devices)
        .values({
          ...body,
          terminalPassword: terminalPassword ? pii.encrypt(terminalPassword, 'devices.terminal_password') : null,
          hj212Pw: hj212Pw ? pii.encrypt(hj212Pw, 'devices.hj212_pw') : null,
          createdId: c.user.id,
          updatedId: c.user.id,
        })
        .returning({ id: devices.id });
      await c.audit(
        {
          action: 'device.add',
          targetType: 'device',
          targetId: id,
          detail: changeSet({
            ...body,
            terminalPassword: terminalPassword ? '********' : undefined,
            hj212Pw: hj212Pw ? '********' : undefined,
          }),
        },
        tx,
      );
      return id;
    });
    return { id };
  } catch (err) {
    throw duplicateDevice(err, body);
  }
};
