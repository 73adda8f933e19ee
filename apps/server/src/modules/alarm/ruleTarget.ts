import type { z } from 'zod';
import type { previewAlarmRuleBody } from '@siteops/contracts/alarm/rules';
import { agents, devices, projects } from '../../db/schema/index.ts';
import { inScopeOr404, loadOr404 } from '../../db/crud.ts';
import { scope } from '../../auth/scope.ts';
import type { HandlerContext } from '../../http/endpoint.ts';
import { badRequest, forbidden } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';

/** What a rule applies to: its scope, the row it names, and its device type (null: every type). */
export type RuleTarget = Pick<
  z.output<typeof previewAlarmRuleBody>,
  'scope' | 'agentId' | 'projectId' | 'deviceId' | 'deviceType'
>;

/**
 * Whether the caller may write (or preview) a rule there: the whole fleet (admins), an agent (admins, or
 * an agent for its own), a project or a device in the caller's scope (404 outside it). A device rule's
 * type is the device's.
 */
export async function checkRuleTarget(c: HandlerContext, input: RuleTarget): Promise<void> {
  const { db, caller } = c;
  switch (input.scope) {
    case 'fleet':
      if (caller.role !== 'admin') throw forbidden(t('alarm.fleetAdminOnly'));
      break;
    case 'agent':
      if (caller.role !== 'admin' && caller.role !== 'agent') throw forbidden(t('alarm.agentRuleForAgents'));
      await inScopeOr404(db, { table: agents, id: input.agentId!, scope: scope.agents(caller), what: 'Agent' });
      break;
    case 'project':
      await inScopeOr404(db, { table: projects, id: input.projectId!, scope: scope.projects(caller), what: 'Project' });
      break;
    case 'device': {
      const device = await loadOr404<typeof devices, { type: string }>(db, {
        table: devices,
        idColumn: devices.id,
        id: input.deviceId!,
        scope: scope.devices(caller),
        what: 'Device',
        select: { type: devices.type },
      });
      if (input.deviceType && device.type !== input.deviceType) {
        throw badRequest(t('alarm.deviceTypeMismatch', { type: device.type }), {
          deviceType: t('alarm.deviceTypeMismatch.field', { type: device.type }),
        });
      }
      break;
    }
  }
}
