import type { AlarmCondition, AlarmRuleScope, AlarmTerm, AlarmWindow } from '@siteops/contracts/alarm/rules';

/** A reading as rules see it: the fields a device sent in one telemetry message. */
export type Reading = Record<string, number | boolean | string>;

/**
 * HJ 212 data flags: `N` is a normal reading; anything else (M maintenance, C calibration, D fault, F
 * stopped, T over range, B communication, S set by hand) is not a measurement of the air and never
 * triggers, repeats or clears an alarm. A flag may come for the whole reading (`flag`) or for one field
 * (`<field>-Flag`, as HJ 212 writes `a34002-Flag`).
 */
export const NORMAL_FLAG = 'N';

/** Whether the flags of a reading let `fields` be judged. */
export function flagsNormal(reading: Reading, fields: readonly string[]): boolean {
  const whole = reading.flag;
  if (whole !== undefined && whole !== NORMAL_FLAG) return false;
  return fields.every((f) => {
    const flag = reading[`${f}-Flag`];
    return flag === undefined || flag === NORMAL_FLAG;
  });
}

/** One term against a reading: undefined when the reading lacks the field or it is not a number. */
export function termHolds(term: AlarmTerm, reading: Reading): boolean | undefined {
  const raw = reading[term.field];
  const value = typeof raw === 'boolean' ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  switch (term.operator) {
    case 'gt':
      return value > term.threshold;
    case 'gte':
      return value >= term.threshold;
    case 'lt':
      return value < term.threshold;
    case 'lte':
      return value <= term.threshold;
    case 'eq':
      return value === term.threshold;
    case 'neq':
      return value !== term.threshold;
  }
}

/**
 * A condition against a reading: true or false, or undefined when the reading does not tell (an AND
 * missing one of its fields; an OR none of whose present terms hold and some are missing). A reading
 * that does not tell changes nothing: a device sending its fields in several messages neither raises
 * nor clears on a partial one.
 */
export function conditionHolds(condition: AlarmCondition, reading: Reading): boolean | undefined {
  const results = condition.terms.map((term) => termHolds(term, reading));
  if (condition.logic === 'or') {
    if (results.some((r) => r === true)) return true;
    return results.some((r) => r === undefined) ? undefined : false;
  }
  if (results.some((r) => r === false)) return false;
  return results.some((r) => r === undefined) ? undefined : true;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether time `at` (ms) falls in a rule's window on the site's wall clock. A window that crosses midnight
 * (22:00-06:00) belongs to the day it starts: Friday's night runs into Saturday morning.
 */
export function inWindow(window: AlarmWindow | undefined, at: number): boolean {
  if (!window) return true;
  const local = new Date(at + window.utcOffsetMinutes * 60_000);
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  const from = minutesOf(window.from);
  const to = minutesOf(window.to);
  const overnight = to < from;
  const inside = overnight ? minute >= from || minute < to : minute >= from && minute < to;
  if (!inside) return false;
  if (!window.weekdays) return true;
  const isoDay = ((local.getUTCDay() + 6) % 7) + 1;
  const startedOn = overnight && minute < to ? ((isoDay + 5) % 7) + 1 : isoDay;
  return window.weekdays.includes(startedOn);
}

/** The fields a condition reads. */
export const fieldsOf = (condition: AlarmCondition) => [...new Set(condition.terms.map((term) => term.field))];

/** The values of a reading an alarm records: those of the fields its conditions read. */
export function valuesOf(reading: Reading, fields: readonly string[]): Reading {
  return Object.fromEntries(fields.filter((f) => reading[f] !== undefined).map((f) => [f, reading[f]]));
}

/** What a rule needs to be judged against a device's readings. */
export interface RuleView {
  id: number;
  condition: AlarmCondition;
  clearCondition: AlarmCondition | null;
  durationSeconds: number;
}

/** Where a device stands against one rule. */
export interface RuleState {
  /** An active alarm of the rule on the device. */
  open: boolean;
  /** Since when (ms) the condition has held without an alarm yet; null when it does not. */
  pendingSince: number | null;
}

/** What one reading does to one rule on one device. */
export type Step =
  | { action: 'none' }
  /** The condition started holding (or still holds) but not yet for the duration. */
  | { action: 'pending'; since: number }
  | { action: 'raise'; since: number }
  | { action: 'repeat' }
  | { action: 'clear' };

/**
 * The state machine of one rule on one device, fed one reading at a time (`at` in ms):
 * - no alarm: the condition must hold at every reading for `durationSeconds` (from the first reading
 *   that held) before the alarm is raised; a reading where it does not hold starts the wait again;
 * - an alarm open: a reading where the condition holds is a repeat; one where the clear condition holds
 *   (or, without one, where the condition does not) clears it. Between the two (hysteresis) nothing.
 * Readings whose data flags are not normal, or that do not tell, change nothing. Outside the rule's time
 * window its condition does not apply: nothing is raised, and an open alarm clears at the first reading
 * there (the day's noise limit is not broken at night; the night rule judges the night).
 */
export function step(rule: RuleView, state: RuleState, reading: Reading, at: number): Step {
  const fields = [
    ...new Set([...fieldsOf(rule.condition), ...(rule.clearCondition ? fieldsOf(rule.clearCondition) : [])]),
  ];
  if (!flagsNormal(reading, fields)) return { action: 'none' };
  if (!inWindow(rule.condition.window, at)) return state.open ? { action: 'clear' } : { action: 'none' };
  const holds = conditionHolds(rule.condition, reading);
  if (state.open) {
    if (holds === true) return { action: 'repeat' };
    const clears = rule.clearCondition ? conditionHolds(rule.clearCondition, reading) === true : holds === false;
    return clears ? { action: 'clear' } : { action: 'none' };
  }
  if (holds === undefined) {
    return state.pendingSince === null ? { action: 'none' } : { action: 'pending', since: state.pendingSince };
  }
  if (!holds) return { action: 'none' };
  const since = state.pendingSince ?? at;
  return at - since >= rule.durationSeconds * 1000 ? { action: 'raise', since } : { action: 'pending', since };
}

/** How narrow each scope is: a narrower rule replaces a wider one on the same fields. */
const NARROWNESS: Record<AlarmRuleScope, number> = { fleet: 0, agent: 1, project: 2, device: 3 };

/**
 * Of the rules that apply to a device, those that count: for each set of fields a condition reads, only
 * the rules of the narrowest scope among them (a project's PM10 rule replaces the fleet's; a fleet
 * noise rule still applies beside it).
 */
export function narrowestRules<R extends { scope: AlarmRuleScope; condition: AlarmCondition }>(
  rules: readonly R[],
): R[] {
  const keyOf = (r: R) => fieldsOf(r.condition).sort().join(',');
  const best = new Map<string, number>();
  for (const r of rules) best.set(keyOf(r), Math.max(best.get(keyOf(r)) ?? -1, NARROWNESS[r.scope]));
  return rules.filter((r) => NARROWNESS[r.scope] === best.get(keyOf(r)));
}
