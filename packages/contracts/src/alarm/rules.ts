import { z } from 'zod';
import { editTimes } from '../shared/row-fields.ts';
import {
  DEVICE_TYPES,
  EVENT_KINDS,
  RELAY_OUTPUTS_MAX,
  RELAY_TYPES,
  TELEMETRY_FIELDS,
  type DeviceType,
} from '../device-protocol.ts';
import { pageQuery, rowId } from '../shared/pagination.ts';
import { text } from '../shared/text.ts';

// An alarm rule: what it watches (a reading's condition, a silence, an event, an offline spell), where it
// applies, what it does on site, and the bodies that add, change and preview one. The alarms the rules
// raise are in schemas.ts.

/** How urgent an alarm is, most urgent first. */
export const ALARM_SEVERITIES = ['critical', 'major', 'minor', 'warning'] as const;

/**
 * The built-in offline rule's stored name (seeded by migration 0036), both languages in one: a console
 * shows it in the reader's language (a person may rename the rule; their name is shown as written).
 */
export const BUILTIN_OFFLINE_RULE_NAME = '设备离线 / Device offline';
export type AlarmSeverity = (typeof ALARM_SEVERITIES)[number];

/** Where a rule applies: the whole fleet (admins), an agent's devices, a project's, or one device. */
export const ALARM_RULE_SCOPES = ['fleet', 'agent', 'project', 'device'] as const;
export type AlarmRuleScope = (typeof ALARM_RULE_SCOPES)[number];

export const ALARM_OPERATORS = ['gt', 'gte', 'lt', 'lte', 'eq', 'neq'] as const;
export type AlarmOperator = (typeof ALARM_OPERATORS)[number];

export const ALARM_STATUSES = ['active', 'cleared'] as const;
export type AlarmStatus = (typeof ALARM_STATUSES)[number];

/** At most this many terms in one condition. */
export const ALARM_TERMS_MAX = 4;
/** The longest a condition may have to hold before an alarm is raised: one day. */
export const ALARM_DURATION_MAX_S = 86_400;

/** One comparison: the reading's `field` against `threshold`. */
export const alarmTerm = z.object({
  field: text()
    .trim()
    .min(1)
    .max(32)
    .regex(/^[A-Za-z][\w-]*$/),
  operator: z.enum(ALARM_OPERATORS),
  threshold: z.number().finite(),
});
export type AlarmTerm = z.infer<typeof alarmTerm>;

/** A wall-clock time of day, `HH:MM` (24 h). */
const timeOfDay = text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM');
/** The sites' wall clock unless a window says otherwise: China Standard Time. */
export const ALARM_WINDOW_UTC_OFFSET_MINUTES = 480;

/**
 * When a rule applies: from `from` to `to` on the site's wall clock (`to` before `from` crosses midnight,
 * e.g. night noise 22:00-06:00), on `weekdays` (ISO, 1 Monday ... 7 Sunday; absent: every day; a window
 * that crosses midnight belongs to the day it starts). Outside it the rule's condition does not hold.
 */
export const alarmWindow = z
  .object({
    from: timeOfDay,
    to: timeOfDay,
    weekdays: z.array(z.number().int().min(1).max(7)).min(1).max(7).optional(),
    utcOffsetMinutes: z.number().int().min(-720).max(840).default(ALARM_WINDOW_UTC_OFFSET_MINUTES),
  })
  .refine((w) => w.from !== w.to, { path: ['to'], message: 'must differ from the start' });
export type AlarmWindow = z.output<typeof alarmWindow>;

/** Terms joined by AND (all hold) or OR (any holds). */
export const alarmCondition = z.object({
  logic: z.enum(['and', 'or']).default('and'),
  terms: z.array(alarmTerm).min(1).max(ALARM_TERMS_MAX),
});
/** A rule's condition: its terms, and optionally the time window in which it applies. */
export const alarmRuleCondition = alarmCondition.extend({ window: alarmWindow.optional() });
export type AlarmCondition = z.output<typeof alarmRuleCondition>;

/**
 * What a rule watches:
 * - `reading`: its condition on each reading (the default);
 * - `noData`: no telemetry from a device for `minutes`; clears when data comes again;
 * - `event`: each device event of kind `event` (and, for the crane's and elevator's `alarm` events, one
 *   of its `codes`, e.g. `overload`, `collision`) raises the alarm, or repeats it while open; a person
 *   clears it, or it clears itself `autoClearMinutes` after the last event;
 * - `offline`: a device offline longer than `minutes` (absent: the `notification.deviceOfflineSeconds`
 *   setting, as the built-in fleet rule has it); clears when it is back online.
 */
export const ALARM_SOURCES = ['reading', 'noData', 'event', 'offline'] as const;
export type AlarmSourceKind = (typeof ALARM_SOURCES)[number];
/** The longest silence or offline spell a rule may wait for: one day, in minutes. */
export const ALARM_SOURCE_MINUTES_MAX = 1_440;
/** The longest an event alarm may stay before it clears itself: a week, in minutes. */
export const ALARM_AUTO_CLEAR_MINUTES_MAX = 10_080;

const sourceMinutes = z.number().int().min(1).max(ALARM_SOURCE_MINUTES_MAX);
export const alarmRuleSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('reading') }),
  z.object({ kind: z.literal('noData'), minutes: sourceMinutes }),
  z.object({
    kind: z.literal('event'),
    event: text()
      .trim()
      .regex(/^[A-Za-z][\w.]{0,31}$/),
    code: text().trim().min(1).max(32).optional(),
    autoClearMinutes: z.number().int().min(1).max(ALARM_AUTO_CLEAR_MINUTES_MAX).nullable().optional(),
  }),
  z.object({ kind: z.literal('offline'), minutes: sourceMinutes.optional() }),
]);
export type AlarmRuleSource = z.output<typeof alarmRuleSource>;

/** The event kinds a rule may watch on a device type: those its devices send, but boot and passes. */
export function alarmEventKinds(type: DeviceType): string[] {
  return EVENT_KINDS[type].map((k) => k.kind).filter((k) => k !== 'pass' && k !== 'playback');
}

/**
 * The codes an event kind names in its `codes` (the crane's and the elevator's `alarm` events: overload,
 * collision...), which an event rule may narrow to one of; none for the other kinds.
 */
export function alarmEventCodes(type: DeviceType, event: string): string[] {
  if (event !== 'alarm') return [];
  return [...(TELEMETRY_FIELDS[type].find((f) => f.key === 'alarmFlags')?.flags ?? [])];
}

/**
 * The cross-field rules of a rule's source, for a body with these fields: a reading rule needs its
 * condition and a device type, an event rule a kind its type sends; the others take no condition. Only
 * an offline rule may leave the device type out (every type).
 */
function checkSource(
  b: { source: AlarmRuleSource; deviceType?: DeviceType | null; condition?: unknown; clearCondition?: unknown },
  ctx: z.RefinementCtx,
  adding: boolean,
) {
  const { source } = b;
  if (adding && !b.deviceType && source.kind !== 'offline') {
    ctx.addIssue({ code: 'custom', path: ['deviceType'], message: 'deviceType is required' });
  }
  if (source.kind === 'reading') {
    if (adding && !b.condition) ctx.addIssue({ code: 'custom', path: ['condition'], message: 'condition is required' });
    return;
  }
  if (b.condition) ctx.addIssue({ code: 'custom', path: ['condition'], message: `condition is only for readings` });
  if (b.clearCondition) {
    ctx.addIssue({ code: 'custom', path: ['clearCondition'], message: `clearCondition is only for readings` });
  }
  if (source.kind === 'event' && b.deviceType && !alarmEventKinds(b.deviceType).includes(source.event)) {
    ctx.addIssue({
      code: 'custom',
      path: ['source', 'event'],
      message: `must be one of ${alarmEventKinds(b.deviceType).join(', ') || '(none)'}`,
    });
  }
  if (source.kind === 'event' && b.deviceType && source.code !== undefined) {
    const codes = alarmEventCodes(b.deviceType, source.event);
    if (!codes.includes(source.code)) {
      ctx.addIssue({
        code: 'custom',
        path: ['source', 'code'],
        message: codes.length ? `must be one of ${codes.join(', ')}` : `is only for alarm events`,
      });
    }
  }
}

/**
 * What a rule does on site when it fires (`when: raised`, the default) or when its alarm clears
 * (`cleared`):
 * - `speak`: the project's cloud speakers play `text` (the alarm's device's project; `broadcast.play`);
 * - `relay`: switch relay `output` of a device (`relay.set`): `deviceId`, or the alarm's own device when
 *   null (a rule on cranes cutting the crane that alarmed). A command to a tower crane or an elevator is
 *   a power cut: it waits for a second person's confirmation ({@link ALARM_ACTION_CONFIRM_TYPES});
 * - `webhook`: post the alarm through a channel of the alarm's project or its agent (a generic signed
 *   webhook or a group bot; modules/alarm-escalation sends it and logs the answer).
 */
export const ALARM_ACTION_KINDS = ['speak', 'relay', 'webhook'] as const;
export type AlarmActionKind = (typeof ALARM_ACTION_KINDS)[number];
/** When an action runs: as the alarm is raised, or as it clears. */
export const ALARM_ACTION_WHEN = ['raised', 'cleared'] as const;
/** A rule has at most this many actions. */
export const ALARM_ACTIONS_MAX = 8;
/** The device types a relay command to which waits for a second person (a power cut). */
export const ALARM_ACTION_CONFIRM_TYPES: readonly DeviceType[] = ['towerCrane', 'elevator'];
/** The device types with relay outputs. */
export const ALARM_RELAY_TYPES: readonly DeviceType[] = RELAY_TYPES;

const actionWhen = z.enum(ALARM_ACTION_WHEN).default('raised');
export const alarmAction = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('speak'),
    when: actionWhen,
    text: text().trim().min(1).max(200),
    volume: z.number().int().min(0).max(100).optional(),
    repeat: z.number().int().min(1).max(3).optional(),
  }),
  z.object({
    kind: z.literal('relay'),
    when: actionWhen,
    /** null: the alarm's own device. */
    deviceId: rowId().nullable().default(null),
    output: z.number().int().min(1).max(RELAY_OUTPUTS_MAX),
    on: z.boolean(),
  }),
  z.object({ kind: z.literal('webhook'), when: actionWhen, channelId: rowId() }),
]);
export type AlarmAction = z.output<typeof alarmAction>;
const alarmActions = z.array(alarmAction).max(ALARM_ACTIONS_MAX);

const ruleFields = {
  name: text().trim().min(1).max(128),
  /** The device type the rule judges; an offline rule without one judges every type. */
  deviceType: z.enum(DEVICE_TYPES).optional(),
  source: alarmRuleSource.default({ kind: 'reading' }),
  /** A reading rule's condition (required for it; the other sources take none). */
  condition: alarmRuleCondition.optional(),
  /** How long the condition must hold before the alarm is raised (0: at the first reading). */
  durationSeconds: z.number().int().min(0).max(ALARM_DURATION_MAX_S).default(0),
  /** What clears it (hysteresis); absent or null: the condition no longer holding. */
  clearCondition: alarmCondition.nullable().optional(),
  severity: z.enum(ALARM_SEVERITIES),
  enabled: z.boolean().default(true),
  /** What it does on site when it fires or clears. */
  actions: alarmActions.default([]),
};

const ruleTarget = {
  scope: z.enum(ALARM_RULE_SCOPES),
  agentId: rowId().optional(),
  projectId: rowId().optional(),
  deviceId: rowId().optional(),
};

/** The scope names the one row it applies to, and only that one. */
function checkTarget(b: z.output<z.ZodObject<typeof ruleTarget>>, ctx: z.RefinementCtx) {
  const named = { agent: 'agentId', project: 'projectId', device: 'deviceId' } as const;
  for (const [scope, field] of Object.entries(named)) {
    const given = b[field] !== undefined;
    if (b.scope === scope && !given) ctx.addIssue({ code: 'custom', path: [field], message: `${field} is required` });
    if (b.scope !== scope && given) {
      ctx.addIssue({ code: 'custom', path: [field], message: `${field} is only for scope ${scope}` });
    }
  }
}

/**
 * A new rule: its scope names the row it applies to (`agentId` for an agent, `projectId` for a project,
 * `deviceId` for one device; a fleet rule names none).
 */
export const addAlarmRuleBody = z.object({ ...ruleFields, ...ruleTarget }).superRefine((b, ctx) => {
  checkSource(b, ctx, true);
  checkTarget(b, ctx);
});

/** A rule's changes; its scope and device type stay (delete it and add another to move it). */
export const updateAlarmRuleBody = z
  .object({
    name: ruleFields.name,
    source: alarmRuleSource,
    condition: alarmRuleCondition.nullable(),
    durationSeconds: z.number().int().min(0).max(ALARM_DURATION_MAX_S),
    clearCondition: alarmCondition.nullable(),
    severity: z.enum(ALARM_SEVERITIES),
    enabled: z.boolean(),
    actions: alarmActions,
  })
  .partial()
  .extend({ id: rowId('id is required') })
  .superRefine((b, ctx) => {
    if (b.source) checkSource({ ...b, source: b.source }, ctx, false);
  });

/**
 * A rule not yet saved, to preview: what it would have done over the stored history (its name may be
 * left out).
 */
export const previewAlarmRuleBody = z
  .object({ ...ruleFields, ...ruleTarget, name: ruleFields.name.optional() })
  .superRefine((b, ctx) => {
    checkSource(b, ctx, true);
    checkTarget(b, ctx);
  });
/** The days a preview looks back over. */
export const ALARM_PREVIEW_DAYS = 7;
/** The most devices a preview replays; past it, the first ones by id (`truncated`). */
export const ALARM_PREVIEW_DEVICES_MAX = 200;

/**
 * What a rule would have done over the last {@link ALARM_PREVIEW_DAYS} days: how many alarms it would
 * have raised (`fired`; an event rule: the events it would have raised or repeated on), on how many of
 * the devices it judges. An offline rule cannot be replayed (presence history is not kept per device):
 * `fired` null.
 */
export const alarmRulePreview = z.object({
  fired: z.number().nullable(),
  /** The devices that fired at least once. */
  devicesFired: z.number(),
  /** The devices the rule judges (in the caller's scope). */
  devices: z.number(),
  /** Fewer devices replayed than judged (only the first {@link ALARM_PREVIEW_DEVICES_MAX}). */
  truncated: z.boolean(),
  from: z.string(),
  to: z.string(),
});

export const alarmRuleItem = z.object({
  id: z.number(),
  name: z.string(),
  scope: z.enum(ALARM_RULE_SCOPES),
  agentId: z.number().nullable(),
  projectId: z.number().nullable(),
  deviceId: z.number().nullable(),
  /** The name of what the scope names: the agent's, the project's, or the device's (its SN if unnamed). */
  targetName: z.string().nullable(),
  /** null: every type (the built-in offline rule). */
  deviceType: z.string().nullable(),
  source: alarmRuleSource,
  condition: alarmRuleCondition.nullable(),
  durationSeconds: z.number(),
  clearCondition: alarmCondition.nullable(),
  severity: z.enum(ALARM_SEVERITIES),
  enabled: z.boolean(),
  actions: z.array(alarmAction),
  ...editTimes,
});

export const alarmRuleListQuery = pageQuery.extend({
  deviceType: z.enum(DEVICE_TYPES).optional(),
  scope: z.enum(ALARM_RULE_SCOPES).optional(),
  severity: z.enum(ALARM_SEVERITIES).optional(),
});
