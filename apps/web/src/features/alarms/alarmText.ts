import {
  BUILTIN_OFFLINE_RULE_NAME,
  type AlarmCondition,
  type AlarmOperator,
  type AlarmRuleSource,
  type AlarmSeverity,
} from '@siteops/contracts/alarm/rules';
import { TELEMETRY_FIELDS, type DeviceType, type TelemetryField } from '@siteops/contracts/device-protocol';

/** How an operator reads between a value and its threshold. */
export const OPERATOR_SIGN: Record<AlarmOperator, string> = {
  gt: '>',
  gte: '≥',
  lt: '<',
  lte: '≤',
  eq: '=',
  neq: '≠',
};

/** Severity colours of antd's Tag (kept to colours whose text keeps 4.5:1 contrast). */
export const SEVERITY_COLOR: Record<AlarmSeverity, string> = {
  critical: 'error',
  major: 'warning',
  minor: 'processing',
  warning: 'default',
};

/**
 * A rule's name as the reader sees it: the built-in offline rule's stored bilingual name in the reader's
 * language, any other name as written.
 */
export function ruleNameText(name: string, t: (key: string) => string): string {
  return name === BUILTIN_OFFLINE_RULE_NAME ? t('alarms.builtinOfflineRule') : name;
}

/** Whether `value op threshold` holds (a value that is not a number never does). */
export function holds(value: unknown, operator: AlarmOperator, threshold: number): boolean {
  if (typeof value !== 'number') return false;
  switch (operator) {
    case 'gt':
      return value > threshold;
    case 'gte':
      return value >= threshold;
    case 'lt':
      return value < threshold;
    case 'lte':
      return value <= threshold;
    case 'eq':
      return value === threshold;
    case 'neq':
      return value !== threshold;
  }
}

/** The telemetry field `key` of a device type, for its label and unit. */
export function fieldOf(deviceType: string, key: string): TelemetryField | undefined {
  const fields = (TELEMETRY_FIELDS as Partial<Record<string, readonly TelemetryField[]>>)[deviceType as DeviceType];
  return fields?.find((f) => f.key === key);
}

/** The numeric fields a rule on `deviceType` can compare. */
export function numericFields(deviceType: string): readonly TelemetryField[] {
  const fields = (TELEMETRY_FIELDS as Partial<Record<string, readonly TelemetryField[]>>)[deviceType as DeviceType];
  return (fields ?? []).filter((f) => f.kind === 'number' || f.kind === 'integer');
}

export interface TermRow {
  key: string;
  field: string;
  unit: string;
  operator: AlarmOperator;
  threshold: number;
  first: unknown;
  last: unknown;
  /** Whether the last value still meets the term. */
  over: boolean;
}

/** Each term of `condition` beside the alarm's first and last values of its field. */
export function termRows(
  deviceType: string,
  condition: AlarmCondition,
  first: Record<string, unknown>,
  last: Record<string, unknown>,
): TermRow[] {
  return condition.terms.map((term, i) => ({
    key: `${i}-${term.field}`,
    field: term.field,
    unit: fieldOf(deviceType, term.field)?.unit ?? '',
    operator: term.operator,
    threshold: term.threshold,
    first: first[term.field],
    last: last[term.field],
    over: holds(last[term.field], term.operator, term.threshold),
  }));
}

/** A condition as one line: `PM10 > 150 μg/m³ and Noise > 70 dB(A)`, with the field labels given. */
export function conditionText(
  deviceType: string,
  condition: AlarmCondition,
  label: (field: string) => string,
  joiner: string,
): string {
  return condition.terms
    .map((term) => {
      const unit = fieldOf(deviceType, term.field)?.unit;
      return `${label(term.field)} ${OPERATOR_SIGN[term.operator]} ${term.threshold}${unit ? ` ${unit}` : ''}`;
    })
    .join(` ${joiner} `);
}

/** A window as a short phrase: `22:00–06:00`, with its weekdays when not every day (`Mon, Tue`). */
export function windowText(
  window: { from: string; to: string; weekdays?: readonly number[] } | undefined,
  dayName: (isoDay: number) => string,
): string {
  if (!window) return '';
  const days = window.weekdays && window.weekdays.length < 7 ? ` ${window.weekdays.map(dayName).join(', ')}` : '';
  return `${window.from}–${window.to}${days}`;
}

/**
 * A rule's source other than readings as one line: "No data for 30 min", "Event: No helmet",
 * "Event: Alarm (Overload), clears after 60 min", "Offline over 10 min" or "Offline (the default delay)".
 */
export function sourceText(
  source: Exclude<AlarmRuleSource, { kind: 'reading' }>,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  switch (source.kind) {
    case 'noData':
      return t('alarms.sourceText.noData', { minutes: source.minutes });
    case 'offline':
      return source.minutes === undefined
        ? t('alarms.sourceText.offlineDefault')
        : t('alarms.sourceText.offline', { minutes: source.minutes });
    case 'event': {
      const kind = t(`alarms.eventKinds.${source.event}`, { defaultValue: source.event });
      const code = source.code ? t(`deviceLink.readings.flags.${source.code}`, { defaultValue: source.code }) : null;
      const text = t('alarms.sourceText.event', { kind: code ? `${kind} (${code})` : kind });
      return source.autoClearMinutes
        ? `${text}, ${t('alarms.sourceText.autoClear', { minutes: source.autoClearMinutes })}`
        : text;
    }
  }
}

/**
 * The last value of an alarm of another source than readings, as one line: an event alarm's event
 * ("No helmet", "Alarm: collision"), a spell's length ("for 45 min"); null for a reading's values.
 */
export function sourceValueText(
  values: Record<string, unknown>,
  t: (key: string, options?: Record<string, unknown>) => string,
): string | null {
  if (typeof values.eventId === 'string' && typeof values.event === 'string') {
    const kind = t(`alarms.eventKinds.${values.event}`, { defaultValue: values.event });
    const codes = typeof values.codes === 'string' && values.codes ? values.codes.split(',') : [];
    const named = codes.map((c) => t(`deviceLink.readings.flags.${c}`, { defaultValue: c }));
    return named.length ? `${kind}: ${named.join(', ')}` : kind;
  }
  if (typeof values.since === 'string' && typeof values.minutes === 'number') {
    return t('alarms.sourceText.spell', { minutes: values.minutes });
  }
  return null;
}

/** One field's readings around an alarm, as GET /api/alarm/readings answers it. */
export interface AlarmFieldReadings {
  field: string;
  /** [bucket start (ISO), average, min, max]. */
  points: readonly (readonly [string, number, number, number])[];
  thresholds: readonly number[];
}

/** What a line chart of one field's readings around an alarm draws. */
export interface ReadingChart {
  field: string;
  title: string;
  labels: string[];
  series: { name: string; values: number[] }[];
  limit?: { value: number; label: string };
}

/**
 * The charts of an alarm's readings: per field with readings, its averages per bucket (labelled by
 * `timeLabel`) and the rule's first threshold on it as the limit line; fields with none are left out.
 */
export function readingCharts(
  deviceType: string,
  fields: readonly AlarmFieldReadings[],
  label: (field: string) => string,
  t: (key: string, options?: Record<string, unknown>) => string,
  timeLabel: (iso: string) => string,
): ReadingChart[] {
  return fields
    .filter((f) => f.points.length > 0)
    .map((f) => {
      const name = label(f.field);
      const unit = fieldOf(deviceType, f.field)?.unit;
      const limit = f.thresholds[0];
      return {
        field: f.field,
        title: t('alarms.detail.chartTitle', { field: name }),
        labels: f.points.map((p) => timeLabel(p[0])),
        series: [{ name, values: f.points.map((p) => Math.round(p[1] * 100) / 100) }],
        ...(limit !== undefined
          ? { limit: { value: limit, label: t('alarms.detail.limit', { value: unit ? `${limit} ${unit}` : limit }) } }
          : {}),
      };
    });
}
