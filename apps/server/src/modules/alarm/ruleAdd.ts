import type { alarmApi } from '@siteops/contracts/alarm/api';
import { agents, alarmRules, devices, projects } from '../../db/schema/index.ts';
import { insertAudited, loadOr404 } from '../../db/crud.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';
import { badRequest, forbidden } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';

/**
 * Add a rule where the caller may: the whole fleet (admins), an agent (admins, or an agent for its
 * own), a project or a device in the caller's scope (404 outside it). A device rule's type is the
 * device's.
 */
export const addRule: Handler<typeof alarmApi.ruleAdd> = async (c, input) => {
  const { db, caller } = c;
  switch (input.scope) {
    case 'fleet':
      if (caller.role !== 'admin') throw forbidden(t('alarm.fleetAdminOnly'));
      break;
    case 'agent':
      if (caller.role !== 'admin' && caller.role !== 'agent') throw forbidden(t('alarm.agentRuleForAgents'));
      await loadOr404(db, {
        table: agents,
        idColumn: agents.id,
        id: input.agentId!,
        scope: scope.agents(caller),
        what: 'Agent',
        select: { id: agents.id },
      });
      break;
    case 'project':
      await loadOr404(db, {
        table: projects,
        idColumn: projects.id,
        id: input.projectId!,
        scope: scope.projects(caller),
        what: 'Project',
        select: { id: projects.id },
      });
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
      if (device.type !== input.deviceType) {
        throw badRequest(t('alarm.deviceTypeMismatch', { type: device.type }), {
          deviceType: t('alarm.deviceTypeMismatch.field', { type: device.type }),
        });
      }
      break;
    }
  }
  const values = {
    name: input.name,
    scope: input.scope,
    agentId: input.agentId ?? null,
    projectId: input.projectId ?? null,
    deviceId: input.deviceId ?? null,
    deviceType: input.deviceType,
    condition: input.condition,
    durationSeconds: input.durationSeconds,
    clearCondition: input.clearCondition ?? null,
    severity: input.severity,
    enabled: input.enabled,
    createdId: c.user.id,
  };
  return insertAudited(db, {
    table: alarmRules,
    values,
    audit: { record: c.audit, action: 'alarm.rule.add', targetType: 'alarmRule', detail: values },
  });
};
