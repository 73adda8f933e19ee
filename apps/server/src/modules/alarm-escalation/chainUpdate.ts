import type { alarmEscalationApi } from '@siteops/contracts/alarm-escalation/api';
import { escalationChains } from '../../db/schema/index.ts';
import { loadOr404, updateAudited } from '../../db/crud.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';
import { auditChanges } from '../audit/record.ts';
import { checkStepTargets, projectOr404 } from './service.ts';

/**
 * Change a chain in the caller's scope. New steps are checked as on add, except that channels the chain
 * already uses stay usable (an agent's channel a manager cannot see). Alarms escalating follow the new
 * steps from the next round; steps already sent are not sent again.
 */
export const updateChain: Handler<typeof alarmEscalationApi.chainUpdate> = async (c, { id, ...input }) => {
  const chain = await loadOr404<typeof escalationChains>(c.db, {
    table: escalationChains,
    idColumn: escalationChains.id,
    id,
    scope: scope.escalationChains(c.caller),
    what: 'EscalationChain',
  });
  if (input.steps) {
    const project = await projectOr404(c.db, c.caller, chain.projectId);
    const used = chain.steps.flatMap((s) => s.channelIds);
    await checkStepTargets(c.db, c.caller, project, input.steps, used);
  }
  await updateAudited(c.db, {
    table: escalationChains,
    id,
    set: input,
    audit: {
      record: c.audit,
      action: 'alarm.chain.update',
      targetType: 'escalationChain',
      detail: input,
      changes: auditChanges,
    },
  });
  return null;
};
