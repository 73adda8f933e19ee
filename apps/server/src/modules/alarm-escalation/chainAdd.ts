import type { alarmEscalationApi } from '@siteops/contracts/alarm-escalation/api';
import { escalationChains } from '../../db/schema/index.ts';
import { insertAudited } from '../../db/crud.ts';
import type { Handler } from '../../http/endpoint.ts';
import { t } from '../../core/messages/index.ts';
import { checkStepTargets, projectOr404 } from './service.ts';

/**
 * Add the escalation chain of a project in the caller's scope (one per project: 409 when it has one).
 * Its steps name people in the caller's scope and channels of the project or of its agent.
 */
export const addChain: Handler<typeof alarmEscalationApi.chainAdd> = async (c, input) => {
  const project = await projectOr404(c.db, c.caller, input.projectId);
  await checkStepTargets(c.db, c.caller, project, input.steps);
  const values = {
    projectId: project.id,
    name: input.name,
    enabled: input.enabled,
    severities: input.severities,
    repeatMinutes: input.repeatMinutes,
    steps: input.steps,
  };
  return insertAudited(c.db, {
    table: escalationChains,
    values: { ...values, createdId: c.user.id },
    audit: { record: c.audit, action: 'alarm.chain.add', targetType: 'escalationChain', detail: values },
    duplicate: { field: 'projectId', message: t('escalation.chainExists', { project: project.name }) },
  });
};
