import type { alarmApi } from '@siteops/contracts/alarm/api';
import { alarmEventKinds } from '@siteops/contracts/alarm/rules';
import type { DeviceType } from '@siteops/contracts/device-protocol';
import { alarmRules } from '../../db/schema/index.ts';
import { loadOr404, updateAudited } from '../../db/crud.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';
import { fieldError } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';
import { auditChanges, changeSet } from '../audit/record.ts';
import { checkActions } from './ruleActions.ts';

/**
 * Change a rule in the caller's scope (404 outside it); its open alarms keep their severity. The rule as
 * changed must hold together: a reading rule keeps a condition, another source has none (moving a rule
 * off readings drops its conditions), an event rule watches a kind its type sends. Whoever changes its
 * actions becomes their author (ruleActions.ts).
 */
export const updateRule: Handler<typeof alarmApi.ruleUpdate> = async (c, input) => {
  const { id, ...patch } = input;
  const rule = await loadOr404(c.db, {
    table: alarmRules,
    idColumn: alarmRules.id,
    id,
    scope: scope.alarmRules(c.caller),
    what: 'AlarmRule',
  });
  const source = patch.source ?? rule.source;
  const set: typeof patch = { ...patch };
  if (source.kind === 'reading') {
    if ((patch.condition !== undefined ? patch.condition : rule.condition) === null) {
      throw fieldError('condition', t('alarm.conditionRequired'));
    }
  } else {
    if (patch.condition) throw fieldError('condition', t('alarm.conditionOnlyForReadings'));
    if (patch.clearCondition) throw fieldError('clearCondition', t('alarm.conditionOnlyForReadings'));
    if (rule.deviceType === null && source.kind !== 'offline') throw fieldError('source', t('alarm.sourceNeedsType'));
    if (source.kind === 'event' && rule.deviceType !== null) {
      const kinds = alarmEventKinds(rule.deviceType as DeviceType);
      if (!kinds.includes(source.event)) {
        throw fieldError(
          'source.event',
          t('alarm.eventKindOfType', { type: rule.deviceType, kinds: kinds.join(', ') }),
        );
      }
    }
    Object.assign(set, { condition: null, clearCondition: null, durationSeconds: 0 });
  }
  // New actions are the caller's: a power cut among them waits for someone else's confirmation.
  if (patch.actions !== undefined) {
    await checkActions(c, patch.actions, rule.deviceType);
    if (JSON.stringify(patch.actions) !== JSON.stringify(rule.actions)) Object.assign(set, { actionsBy: c.user.id });
  }
  await updateAudited(c.db, {
    table: alarmRules,
    id,
    set: { ...set, updatedAt: new Date() },
    audit: {
      record: c.audit,
      action: 'alarm.rule.update',
      targetType: 'alarmRule',
      detail: changeSet(patch, { name: rule.name }),
      changes: auditChanges,
    },
  });
  return null;
};
