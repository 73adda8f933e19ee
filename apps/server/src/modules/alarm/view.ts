import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { alarmItem } from '@siteops/contracts/alarm/schemas';
import type { alarmRuleItem } from '@siteops/contracts/alarm/rules';
import { alarmRules, alarms, devices, users, type AlarmRuleRow } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { iso } from '../../core/list.ts';

type RuleItem = z.input<typeof alarmRuleItem>;
type AlarmItem = z.input<typeof alarmItem>;

export const toRuleItem = (r: AlarmRuleRow, targetName: string | null = null): RuleItem => ({
  id: r.id,
  name: r.name,
  scope: r.scope as RuleItem['scope'],
  agentId: r.agentId,
  projectId: r.projectId,
  deviceId: r.deviceId,
  targetName,
  deviceType: r.deviceType,
  source: r.source,
  condition: r.condition,
  durationSeconds: r.durationSeconds,
  clearCondition: r.clearCondition,
  severity: r.severity as RuleItem['severity'],
  enabled: r.enabled,
  actions: r.actions,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

/** The columns of an alarm's list item: the alarm, its device, its rule's name and its assignee's name. */
export const alarmSelection = {
  alarm: alarms,
  deviceName: devices.devName,
  sn: devices.sn,
  deviceType: devices.type,
  projectId: devices.projectId,
  ruleName: alarmRules.name,
  assigneeName: users.userName,
};

/** alarms joined with what a list item shows; the caller adds the scope and filters. */
export const selectAlarms = (db: Db) =>
  db
    .select(alarmSelection)
    .from(alarms)
    .innerJoin(devices, eq(devices.id, alarms.deviceId))
    .innerJoin(alarmRules, eq(alarmRules.id, alarms.ruleId))
    .leftJoin(users, eq(users.id, alarms.assigneeId));

type SelectedAlarm = Awaited<ReturnType<ReturnType<typeof selectAlarms>['execute']>>[number];

export const toAlarmItem = (r: SelectedAlarm): AlarmItem => ({
  id: r.alarm.id,
  deviceId: r.alarm.deviceId,
  deviceName: r.deviceName,
  sn: r.sn,
  deviceType: r.deviceType,
  projectId: r.projectId,
  ruleId: r.alarm.ruleId,
  ruleName: r.ruleName,
  severity: r.alarm.severity as AlarmItem['severity'],
  status: r.alarm.status as AlarmItem['status'],
  acknowledged: r.alarm.acknowledged,
  acknowledgedAt: r.alarm.acknowledgedAt ? iso(r.alarm.acknowledgedAt) : null,
  count: r.alarm.count,
  firstValue: r.alarm.firstValue,
  lastValue: r.alarm.lastValue,
  firstAt: iso(r.alarm.firstAt),
  lastAt: iso(r.alarm.lastAt),
  assigneeId: r.alarm.assigneeId,
  assigneeName: r.assigneeName,
  clearedAt: r.alarm.clearedAt ? iso(r.alarm.clearedAt) : null,
  clearedBy: r.alarm.clearedBy as AlarmItem['clearedBy'],
  clearedReason: r.alarm.clearedReason,
});
