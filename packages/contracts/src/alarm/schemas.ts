import { z } from 'zod';
import { nullableRef, rowRef } from '../shared/row-fields.ts';
import { DEVICE_TYPES } from '../device-protocol.ts';
import { idsBody, instantRangeFilter, queryBool, rowId, rowIdParam, sortedPageQuery } from '../shared/pagination.ts';
import { text } from '../shared/text.ts';
import {
  ALARM_SEVERITIES,
  ALARM_STATUSES,
  alarmCondition,
  alarmRuleCondition,
  alarmRuleSource,
  ALARM_ACTION_WHEN,
  alarmAction,
} from './rules.ts';

// The alarms the rules (rules.ts) raise: the list, an alarm with its timeline and linked actions, and what
// a person does to them.

/** What the alarms page sorts by (within active first): the latest by default. */
export const ALARM_SORT_FIELDS = ['lastAt', 'firstAt', 'severity', 'count'] as const;

/**
 * The alarms page: active first, then by `sortField` (the latest by default). `from`–`to` keeps the
 * alarms whose time (first raised to last seen) overlaps the range.
 */
export const alarmListQuery = sortedPageQuery(ALARM_SORT_FIELDS).extend({
  ...instantRangeFilter,
  severity: z.enum(ALARM_SEVERITIES).optional(),
  status: z.enum(ALARM_STATUSES).optional(),
  acknowledged: queryBool.optional(),
  projectId: rowIdParam().optional(),
  deviceType: z.enum(DEVICE_TYPES).optional(),
  deviceId: rowIdParam().optional(),
});

const alarmValues = z.record(z.string(), z.union([z.number(), z.boolean(), z.string()]));

export const alarmItem = z.object({
  id: z.number(),
  deviceId: z.number(),
  deviceName: z.string().nullable(),
  sn: z.string(),
  deviceType: z.string(),
  projectId: z.number().nullable(),
  ...rowRef('rule'),
  severity: z.enum(ALARM_SEVERITIES),
  status: z.enum(ALARM_STATUSES),
  acknowledged: z.boolean(),
  acknowledgedAt: z.string().nullable(),
  count: z.number(),
  firstValue: alarmValues,
  lastValue: alarmValues,
  firstAt: z.string(),
  lastAt: z.string(),
  ...nullableRef('assignee'),
  clearedAt: z.string().nullable(),
  clearedBy: z.enum(['condition', 'manual']).nullable(),
  clearedReason: z.string().nullable(),
});

/**
 * What happened to an alarm; `notified`: an escalation step went out (modules/alarm-escalation), with
 * whom and how; `action`: a linked action's outcome (sent, failed, waiting for confirmation, confirmed).
 */
export const ALARM_TIMELINE_KINDS = ['raised', 'acknowledged', 'assigned', 'cleared', 'notified', 'action'] as const;

/**
 * Where a linked action is: queued (to run at once), running, waiting (a power cut waiting for a
 * second person), sent (done: played, switched, posted), failed (with its reason).
 */
export const ALARM_ACTION_STATES = ['queued', 'running', 'waiting', 'sent', 'failed'] as const;
export type AlarmActionState = (typeof ALARM_ACTION_STATES)[number];

/** One of an alarm's linked actions, as it ran. */
export const alarmActionRun = z.object({
  id: z.number(),
  when: z.enum(ALARM_ACTION_WHEN),
  action: alarmAction,
  state: z.enum(ALARM_ACTION_STATES),
  /** A relay action's device (the alarm's own when the action names none). */
  ...nullableRef('device'),
  /** Why it failed: an RPC error code (`offline`, `timeout`...), `noSpeakers`, `noProject`, `channelGone`, `deviceGone`, or the receiver's answer. */
  reason: z.string().nullable(),
  ...nullableRef('confirmed'),
  confirmedAt: z.string().nullable(),
  at: z.string(),
  /** It waits for a confirmation the caller may give (the caller is not the one who set the action). */
  mayConfirm: z.boolean(),
});
export type AlarmActionRun = z.output<typeof alarmActionRun>;

export const alarmTimelineEntry = z.object({
  id: z.number(),
  kind: z.enum(ALARM_TIMELINE_KINDS),
  at: z.string(),
  ...nullableRef('actor'),
  detail: z.record(z.string(), z.unknown()),
});

/** One alarm with its timeline and its rule's conditions (the thresholds its readings are shown against). */
export const alarmDetail = alarmItem.extend({
  timeline: z.array(alarmTimelineEntry),
  source: alarmRuleSource,
  /** An event alarm's last event picture (a signed URL for <img src>); null when it had none. */
  pictureUrl: z.string().nullable(),
  condition: alarmRuleCondition.nullable(),
  clearCondition: alarmCondition.nullable(),
  durationSeconds: z.number(),
  /** Its linked actions, oldest first. */
  actions: z.array(alarmActionRun),
});

/** Confirm a linked action waiting for a second person (`id`: the action's). */
export const confirmAlarmActionBody = z.object({ id: rowId('id is required') });

/** Clear alarms by hand, with the reason (kept on each alarm and its timeline). */
export const clearAlarmsBody = idsBody.extend({ reason: text().trim().min(1).max(512) });

/** Give alarms to a user (null: nobody). */
export const assignAlarmsBody = idsBody.extend({ assigneeId: rowId().nullable() });

/** How many of the alarms named changed (the others already were so). */
export const alarmsChangedAnswer = z.object({ updated: z.number() });

/** The Workplace's alarm figures: the active alarms in the caller's scope. */
export const alarmFigures = z.object({
  /** Active alarms by severity, every severity present (0 when none). */
  active: z.object({ critical: z.number(), major: z.number(), minor: z.number(), warning: z.number() }),
  /** Active alarms nobody has acknowledged yet. */
  unacknowledged: z.number(),
  /** Active alarms given to the caller. */
  assignedToMe: z.number(),
});
export type AlarmFigures = z.infer<typeof alarmFigures>;

/**
 * `GET /api/alarm/readings?id=`: the readings of an alarm's condition fields around it, from an hour
 * before it was raised to when it cleared (or now), each field averaged into buckets, with the rule's
 * thresholds on it (to draw as limit lines). A rule on other sources (offline, no data, events) has no
 * fields: `fields` is empty.
 */
export const alarmReadings = z.object({
  from: z.string(),
  to: z.string(),
  fields: z.array(
    z.object({
      field: z.string(),
      /** [ISO time of the bucket start, average, min, max], oldest first; empty buckets left out. */
      points: z.array(z.tuple([z.string(), z.number(), z.number(), z.number()])),
      /** The condition's thresholds on this field (what raises the alarm). */
      thresholds: z.array(z.number()),
      /** The clear condition's thresholds on this field, if it has its own. */
      clearThresholds: z.array(z.number()),
    }),
  ),
});
