import type { alarmApi } from '@siteops/contracts/alarm/api';
import { alarmRules } from '../../db/schema/index.ts';
import { insertAudited } from '../../db/crud.ts';
import type { Handler } from '../../http/endpoint.ts';
import { checkActions } from './ruleActions.ts';
import { checkRuleTarget } from './ruleTarget.ts';

/**
 * Add a rule where the caller may (ruleTarget.ts): the whole fleet (admins), an agent (admins, or an
 * agent for its own), a project or a device in the caller's scope (404 outside it). A device rule's type
 * is the device's. A rule watches readings (its condition), silence, device events or presence (source),
 * and may act on site when it fires or clears (its actions, ruleActions.ts).
 */
export const addRule: Handler<typeof alarmApi.ruleAdd> = async (c, input) => {
  await checkRuleTarget(c, input);
  await checkActions(c, input.actions, input.deviceType);
  const reading = input.source.kind === 'reading';
  const values = {
    name: input.name,
    scope: input.scope,
    agentId: input.agentId ?? null,
    projectId: input.projectId ?? null,
    deviceId: input.deviceId ?? null,
    deviceType: input.deviceType ?? null,
    source: input.source,
    condition: reading ? input.condition! : null,
    durationSeconds: reading ? input.durationSeconds : 0,
    clearCondition: reading ? (input.clearCondition ?? null) : null,
    severity: input.severity,
    enabled: input.enabled,
    actions: input.actions,
    actionsBy: input.actions.length ? c.user.id : null,
    createdId: c.user.id,
  };
  return insertAudited(c.db, {
    table: alarmRules,
    values,
    audit: { record: c.audit, action: 'alarm.rule.add', targetType: 'alarmRule', detail: values },
  });
};
