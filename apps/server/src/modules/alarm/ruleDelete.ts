import type { alarmApi } from '@siteops/contracts/alarm/api';
import { alarmRules } from '../../db/schema/index.ts';
import { deleteAllOrNone } from '../../db/crud.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';

/** Delete rules in the caller's scope, all or none; their alarms go with them. */
export const deleteRules: Handler<typeof alarmApi.ruleDelete> = async (c, { ids }) =>
  deleteAllOrNone(c.db, {
    table: alarmRules,
    ids,
    scope: scope.alarmRules(c.caller),
    what: 'AlarmRule',
    select: { id: alarmRules.id, name: alarmRules.name, scope: alarmRules.scope, deviceType: alarmRules.deviceType },
    audit: { record: c.audit, action: 'alarm.rule.delete', targetType: 'alarmRule' },
  });
