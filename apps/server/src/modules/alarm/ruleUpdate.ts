import type { alarmApi } from '@siteops/contracts/alarm/api';
import { alarmRules } from '../../db/schema/index.ts';
import { loadOr404, updateAudited } from '../../db/crud.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';
import { changeSet } from '../audit/record.ts';

/** Change a rule in the caller's scope (404 outside it); its open alarms keep their severity. */
export const updateRule: Handler<typeof alarmApi.ruleUpdate> = async (c, input) => {
  const { id, ...patch } = input;
  const rule = await loadOr404(c.db, {
    table: alarmRules,
    idColumn: alarmRules.id,
    id,
    scope: scope.alarmRules(c.caller),
    what: 'AlarmRule',
  });
  await updateAudited(c.db, {
    table: alarmRules,
    id,
    set: { ...patch, updatedAt: new Date() },
    audit: {
      record: c.audit,
      action: 'alarm.rule.update',
      targetType: 'alarmRule',
      detail: changeSet(patch, { name: rule.name }),
    },
  });
  return null;
};
