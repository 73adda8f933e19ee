import type { alarmEscalationApi } from '@siteops/contracts/alarm-escalation/api';
import { escalationChains } from '../../db/schema/index.ts';
import { deleteAllOrNone } from '../../db/crud.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';

/** Delete chains in the caller's scope, all or none: their projects' alarms escalate no further. */
export const deleteChains: Handler<typeof alarmEscalationApi.chainDelete> = async (c, { ids }) =>
  deleteAllOrNone(c.db, {
    table: escalationChains,
    ids,
    scope: scope.escalationChains(c.caller),
    what: 'EscalationChain',
    select: { id: escalationChains.id, name: escalationChains.name, projectId: escalationChains.projectId },
    audit: { record: c.audit, action: 'alarm.chain.delete', targetType: 'escalationChain' },
  });
