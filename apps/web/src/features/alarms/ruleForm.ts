import type { z } from 'zod';
import type {
  AlarmAction,
  AlarmRuleSource,
  AlarmSourceKind,
  AlarmOperator,
  AlarmRuleScope,
  AlarmSeverity,
  AlarmTerm,
  AlarmWindow,
  addAlarmRuleBody,
  alarmRuleItem,
  previewAlarmRuleBody,
  updateAlarmRuleBody,
} from '@siteops/contracts/alarm/rules';
import type { DeviceType } from '@siteops/contracts/device-protocol';

type RuleItem = z.output<typeof alarmRuleItem>;
type AddBody = z.input<typeof addAlarmRuleBody>;
type UpdateBody = z.input<typeof updateAlarmRuleBody>;
type PreviewBody = z.input<typeof previewAlarmRuleBody>;

/** One term as the form holds it (the threshold empty until typed). */
export interface TermValues {
  field?: string;
  operator?: AlarmOperator;
  threshold?: number | null;
}

/** One linked action as the form holds it (its kind's fields; the others unused). */
export interface ActionValues {
  kind: AlarmAction['kind'];
  when: 'raised' | 'cleared';
  /** speak */
  text?: string;
  volume?: number | null;
  repeat?: number | null;
  /** relay: the device (null: the alarm's own), the output, on or off */
  deviceId?: number | null;
  output?: number | null;
  on?: boolean;
  /** webhook */
  channelId?: number | null;
}

/** The rule form's values: the condition's and the clear condition's terms as lists. */
export interface RuleValues {
  name: string;
  /** Empty only for an offline rule: every type. */
  deviceType?: DeviceType | null;
  /** What the rule watches: readings (the terms below), no data, a device event, offline. */
  source: AlarmSourceKind;
  /** No data / offline: for how many minutes (offline left empty: the default delay of the settings). */
  sourceMinutes?: number | null;
  /** Event: the event kind, and for the crane's and elevator's alarm events one code of it (empty: any). */
  eventKind?: string;
  eventCode?: string | null;
  /** Event: clear the alarm by itself this many minutes after the last event (empty: a person clears it). */
  autoClearMinutes?: number | null;
  scope: AlarmRuleScope;
  agentId?: number | null;
  projectId?: number | null;
  deviceId?: number | null;
  logic: 'and' | 'or';
  terms: TermValues[];
  durationSeconds: number;
  /** Whether the rule has a clear condition of its own (hysteresis); else the condition no longer holding clears. */
  clearOwn: boolean;
  clearLogic: 'and' | 'or';
  clearTerms: TermValues[];
  severity: AlarmSeverity;
  enabled: boolean;
  /** Whether the rule applies only within a time window (day/night limits, working days). */
  windowOn: boolean;
  windowFrom?: string;
  windowTo?: string;
  /** ISO weekdays, 1 Monday ... 7 Sunday; all seven: every day. */
  windowWeekdays: number[];
  /** What the rule does on site when it fires or clears. */
  actions: ActionValues[];
}

/** Every day of the week, ISO numbered. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The form's fields (a server error on any other lands nowhere). */
export const RULE_FIELDS = [
  'name',
  'deviceType',
  'source',
  'sourceMinutes',
  'eventKind',
  'eventCode',
  'autoClearMinutes',
  'scope',
  'agentId',
  'projectId',
  'deviceId',
  'logic',
  'terms',
  'durationSeconds',
  'clearOwn',
  'clearLogic',
  'clearTerms',
  'severity',
  'enabled',
  'windowOn',
  'windowFrom',
  'windowTo',
  'windowWeekdays',
  'actions',
] as const;

export const EMPTY_TERM: TermValues = { operator: 'gt' };

/** A new rule's values: the first scope the caller may write, one empty term, on, major. */
export function newRuleValues(scope: AlarmRuleScope): Partial<RuleValues> {
  return {
    scope,
    deviceType: 'dust',
    source: 'reading',
    logic: 'and',
    terms: [{ ...EMPTY_TERM }],
    durationSeconds: 0,
    clearOwn: false,
    clearLogic: 'and',
    clearTerms: [{ ...EMPTY_TERM }],
    severity: 'major',
    enabled: true,
    windowOn: false,
    windowWeekdays: [...WEEKDAYS],
    actions: [],
  };
}

/** A source's form fields. */
export function sourceValues(source: AlarmRuleSource): Partial<RuleValues> {
  return {
    source: source.kind,
    sourceMinutes: source.kind === 'noData' || source.kind === 'offline' ? (source.minutes ?? null) : null,
    eventKind: source.kind === 'event' ? source.event : undefined,
    eventCode: source.kind === 'event' ? (source.code ?? null) : null,
    autoClearMinutes: source.kind === 'event' ? (source.autoClearMinutes ?? null) : null,
  };
}

/** A rule's values, to edit it. */
export function ruleValues(rule: RuleItem): Partial<RuleValues> {
  return {
    name: rule.name,
    deviceType: rule.deviceType as DeviceType | null,
    ...sourceValues(rule.source),
    scope: rule.scope,
    agentId: rule.agentId,
    projectId: rule.projectId,
    deviceId: rule.deviceId,
    logic: rule.condition?.logic ?? 'and',
    terms: rule.condition?.terms.map((term) => ({ ...term })) ?? [{ ...EMPTY_TERM }],
    durationSeconds: rule.durationSeconds,
    clearOwn: rule.clearCondition !== null,
    clearLogic: rule.clearCondition?.logic ?? 'and',
    clearTerms: rule.clearCondition?.terms.map((term) => ({ ...term })) ?? [{ ...EMPTY_TERM }],
    severity: rule.severity,
    enabled: rule.enabled,
    windowOn: Boolean(rule.condition?.window),
    windowFrom: rule.condition?.window?.from,
    windowTo: rule.condition?.window?.to,
    windowWeekdays: rule.condition?.window?.weekdays ?? [...WEEKDAYS],
    actions: rule.actions.map((a) => ({ ...a })),
  };
}

/** The actions the form describes, each with its kind's fields only. */
export function actionsOf(actions: readonly ActionValues[] | undefined): AlarmAction[] {
  return (actions ?? []).map((a): AlarmAction => {
    const when = a.when ?? 'raised';
    switch (a.kind) {
      case 'speak':
        return {
          kind: 'speak',
          when,
          text: (a.text ?? '').trim(),
          ...(a.volume !== undefined && a.volume !== null ? { volume: a.volume } : {}),
          ...(a.repeat !== undefined && a.repeat !== null ? { repeat: a.repeat } : {}),
        };
      case 'relay':
        return {
          kind: 'relay',
          when,
          deviceId: a.deviceId ?? null,
          output: a.output ?? Number.NaN,
          on: a.on ?? true,
        };
      case 'webhook':
        return { kind: 'webhook', when, channelId: a.channelId ?? Number.NaN };
    }
  });
}

const termsOf = (terms: TermValues[]): AlarmTerm[] =>
  terms.map((term) => ({
    field: (term.field ?? '').trim(),
    operator: term.operator ?? 'gt',
    threshold: term.threshold ?? Number.NaN,
  }));

/** The window the form describes, on the sites' clock; every day is no weekday list at all. */
function windowOf(v: RuleValues): Omit<AlarmWindow, 'utcOffsetMinutes'> | undefined {
  if (!v.windowOn) return undefined;
  const days = [...new Set(v.windowWeekdays)].sort();
  return {
    from: (v.windowFrom ?? '').trim(),
    to: (v.windowTo ?? '').trim(),
    ...(days.length < WEEKDAYS.length ? { weekdays: days } : {}),
  };
}

/** The source the form describes. */
export function sourceOf(v: RuleValues): AlarmRuleSource {
  const minutes = v.sourceMinutes ?? undefined;
  switch (v.source) {
    case 'noData':
      return { kind: 'noData', minutes: minutes ?? Number.NaN };
    case 'offline':
      return minutes === undefined ? { kind: 'offline' } : { kind: 'offline', minutes };
    case 'event':
      return {
        kind: 'event',
        event: v.eventKind ?? '',
        ...(v.eventCode ? { code: v.eventCode } : {}),
        autoClearMinutes: v.autoClearMinutes ?? null,
      };
    default:
      return { kind: 'reading' };
  }
}

/** The body of a new rule: only the id its scope names; conditions only for a rule on readings. */
export function addBody(v: RuleValues): AddBody {
  const reading = v.source === 'reading';
  return {
    name: v.name.trim(),
    ...(v.deviceType ? { deviceType: v.deviceType } : {}),
    source: sourceOf(v),
    scope: v.scope,
    ...(v.scope === 'agent' && v.agentId ? { agentId: v.agentId } : {}),
    ...(v.scope === 'project' && v.projectId ? { projectId: v.projectId } : {}),
    ...(v.scope === 'device' && v.deviceId ? { deviceId: v.deviceId } : {}),
    ...(reading
      ? {
          condition: { logic: v.logic, terms: termsOf(v.terms), ...(v.windowOn ? { window: windowOf(v) } : {}) },
          durationSeconds: v.durationSeconds,
          clearCondition: v.clearOwn ? { logic: v.clearLogic, terms: termsOf(v.clearTerms) } : null,
        }
      : {}),
    severity: v.severity,
    enabled: v.enabled,
    actions: actionsOf(v.actions),
  };
}

/** The body of a preview: the rule as it would be added (its name may still be empty). */
export function previewBody(v: RuleValues): PreviewBody {
  const { name, actions: _actions, ...rest } = addBody({ ...v, name: v.name ?? '' });
  return name ? { name, ...rest } : rest;
}

/** The body of a change: a rule keeps its scope and device type; another source drops the conditions. */
export function updateBody(id: number, v: RuleValues): UpdateBody {
  const { name, source, condition, durationSeconds, clearCondition, severity, enabled, actions } = addBody(v);
  return {
    id,
    name,
    source,
    condition: condition ?? null,
    ...(durationSeconds !== undefined ? { durationSeconds } : {}),
    clearCondition: clearCondition ?? null,
    severity,
    enabled,
    actions,
  };
}

/**
 * Where a server field error goes on the form: `condition.terms.1.threshold` on the second term's
 * threshold, `clearCondition.…` on the clear terms; a condition's own error on its first term's field.
 */
export function formPathOf(serverField: string): (string | number)[] | undefined {
  const parts = serverField.split('.');
  const [head, second, index, leaf] = parts;
  if (head === 'source') {
    const of: Record<string, string> = {
      minutes: 'sourceMinutes',
      event: 'eventKind',
      code: 'eventCode',
      autoClearMinutes: 'autoClearMinutes',
    };
    return [of[second ?? ''] ?? 'source'];
  }
  if (head === 'actions' && second !== undefined && /^\d+$/.test(second)) {
    const leaf = ['text', 'volume', 'deviceId', 'output', 'on', 'channelId', 'when'].includes(index ?? '')
      ? index!
      : 'kind';
    return ['actions', Number(second), leaf];
  }
  if (head === 'condition' && second === 'window') {
    return [index === 'from' ? 'windowFrom' : index === 'weekdays' ? 'windowWeekdays' : 'windowTo'];
  }
  if (head === 'condition' || head === 'clearCondition') {
    const list = head === 'condition' ? 'terms' : 'clearTerms';
    if (second === 'logic') return [head === 'condition' ? 'logic' : 'clearLogic'];
    if (second === 'terms' && index !== undefined && /^\d+$/.test(index)) {
      return [list, Number(index), leaf && ['field', 'operator', 'threshold'].includes(leaf) ? leaf : 'field'];
    }
    return [list, 0, 'field'];
  }
  return (RULE_FIELDS as readonly string[]).includes(serverField) ? [serverField] : undefined;
}

/** The server's field errors (a 400's `fields`) as the form's errors, each on its field. */
export function ruleFieldErrors(fields: Record<string, unknown>): { name: (string | number)[]; errors: string[] }[] {
  return Object.entries(fields).flatMap(([field, message]) => {
    const name = formPathOf(field);
    return name ? [{ name, errors: [String(message)] }] : [];
  });
}
