import { z } from 'zod';
import { defineEndpoints } from '../shared/endpoint.ts';
import { createdAnswer, deletedAnswer, idQuery, idsBody, pageOf } from '../shared/pagination.ts';
import {
  alarmDetail,
  alarmFigures,
  alarmItem,
  alarmListQuery,
  alarmActionRun,
  alarmReadings,
  alarmsChangedAnswer,
  assignAlarmsBody,
  clearAlarmsBody,
  confirmAlarmActionBody,
} from './schemas.ts';
import {
  addAlarmRuleBody,
  alarmRuleItem,
  alarmRuleListQuery,
  alarmRulePreview,
  previewAlarmRuleBody,
  updateAlarmRuleBody,
} from './rules.ts';

/** The month's compliance report and its xlsx (compliance.ts). */
export { alarmComplianceApi } from './compliance-api.ts';

const WRITERS = ['admin', 'agent', 'manager'] as const;

/**
 * /api/alarm/*: alarm rules and the alarms they raise, in the caller's scope (admins the fleet, agents
 * their agent's devices, managers their projects'); users have no devices and are refused.
 */
export const alarmApi = defineEndpoints('alarm', {
  ruleListAll: {
    method: 'GET',
    path: '/api/alarm/rule/listAll',
    access: WRITERS,
    summary: 'Alarm rules in the caller’s scope, paged',
    query: alarmRuleListQuery,
    answer: pageOf(alarmRuleItem),
  },
  ruleAdd: {
    method: 'POST',
    path: '/api/alarm/rule/add',
    access: WRITERS,
    summary: 'Add an alarm rule for the fleet (admins), an agent, a project or a device in the caller’s scope',
    body: addAlarmRuleBody,
    answer: createdAnswer,
    message: 'Add Success',
    errors: [404],
  },
  ruleUpdate: {
    method: 'PUT',
    path: '/api/alarm/rule/update',
    access: WRITERS,
    summary: 'Change an alarm rule in the caller’s scope',
    body: updateAlarmRuleBody,
    answer: z.null(),
    message: 'Save Success',
    errors: [404],
    resource: 'alarmRule',
  },
  ruleDelete: {
    method: 'DELETE',
    path: '/api/alarm/rule/delete',
    access: WRITERS,
    summary: 'Delete alarm rules in the caller’s scope, with their alarms; all or none',
    body: idsBody,
    answer: deletedAnswer,
    message: 'Delete Success',
    errors: [404],
    resource: 'alarmRule',
  },
  rulePreview: {
    method: 'POST',
    path: '/api/alarm/rule/preview',
    access: WRITERS,
    summary:
      'How often a rule not yet saved would have fired over the last 7 days of stored history, on the devices it judges in the caller’s scope',
    body: previewAlarmRuleBody,
    answer: alarmRulePreview,
    errors: [404],
  },
  listAll: {
    method: 'GET',
    path: '/api/alarm/listAll',
    access: WRITERS,
    summary: 'Alarms of the devices in the caller’s scope, active first, filtered and paged',
    query: alarmListQuery,
    answer: pageOf(alarmItem),
  },
  figures: {
    method: 'GET',
    path: '/api/alarm/figures',
    access: WRITERS,
    summary:
      'The Workplace’s alarm figures in the caller’s scope: active alarms by severity, those not acknowledged, those given to the caller',
    answer: alarmFigures,
  },
  detail: {
    method: 'GET',
    path: '/api/alarm/detail',
    access: WRITERS,
    summary: 'One alarm with its timeline',
    query: idQuery,
    answer: alarmDetail,
    errors: [404],
    resource: 'alarm',
  },
  readings: {
    method: 'GET',
    path: '/api/alarm/readings',
    access: WRITERS,
    summary:
      'An alarm’s condition fields charted around it: from an hour before it was raised to its clearing (or now), with the rule’s thresholds',
    query: idQuery,
    answer: alarmReadings,
    errors: [404],
    resource: 'alarm',
  },
  acknowledge: {
    method: 'PUT',
    path: '/api/alarm/acknowledge',
    access: WRITERS,
    summary: 'Acknowledge alarms ({ ids }); all or none',
    body: idsBody,
    answer: alarmsChangedAnswer,
    errors: [404],
    resource: 'alarm',
  },
  clear: {
    method: 'PUT',
    path: '/api/alarm/clear',
    access: WRITERS,
    summary: 'Clear active alarms by hand, with a reason ({ ids, reason }); all or none',
    body: clearAlarmsBody,
    answer: alarmsChangedAnswer,
    errors: [404],
    resource: 'alarm',
  },
  assign: {
    method: 'PUT',
    path: '/api/alarm/assign',
    access: WRITERS,
    summary: 'Give alarms to a user in the caller’s scope, or to nobody ({ ids, assigneeId }); all or none',
    body: assignAlarmsBody,
    answer: alarmsChangedAnswer,
    errors: [404],
    resource: 'alarm',
  },
  actionConfirm: {
    method: 'PUT',
    path: '/api/alarm/action/confirm',
    access: WRITERS,
    summary:
      'Confirm and send a linked action waiting for a second person (a power cut of a crane or an elevator): anyone in scope but who set the action; answers how it went',
    body: confirmAlarmActionBody,
    answer: alarmActionRun,
    errors: [403, 404, 409],
    resource: 'alarmAction',
  },
});
