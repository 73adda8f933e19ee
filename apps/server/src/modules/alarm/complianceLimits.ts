import type { AlarmRuleScope } from '@siteops/contracts/alarm/rules';
import {
  NATIONAL_NOISE_LIMITS,
  NATIONAL_POLLUTANT_LIMITS,
  NOISE_DAY_FROM_HOUR,
  NOISE_DAY_TO_HOUR,
  NOISE_FIELD,
  type ComplianceLimit,
} from '@siteops/contracts/alarm/compliance';
import { codeInfo } from '@siteops/contracts/hj212/pollutant-codes';
import type { AlarmRuleRow } from '../../db/schema/index.ts';
import { ruleHolds } from './sourceAlarm.ts';

/** An enabled reading rule on dust monitors, whose upper limits the compliance report reads. */
export type LimitRule = AlarmRuleRow;

/** A monitor of the report. */
export interface LimitDevice {
  id: number;
  type: string;
  agentId: number | null;
  projectId: number | null;
}

export type NoisePeriod = 'day' | 'night';

const NARROWNESS: Record<AlarmRuleScope, number> = { fleet: 0, agent: 1, project: 2, device: 3 };

/** The rule's upper limits on `field`: its terms "field > x" or "field ≥ x" (what raises the alarm). */
function upperTerms(rule: LimitRule, field: string) {
  return (rule.condition?.terms ?? []).filter(
    (term) => term.field === field && (term.operator === 'gt' || term.operator === 'gte'),
  );
}

/** A rule's time window (stored in its condition; contracts' alarmWindow). */
const windowOf = (rule: LimitRule) => (rule.condition as { window?: { from: string; to: string } } | null)?.window;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether a rule applies to the noise day (06:00-22:00) or night: without a time window to both; with
 * one, to a period it covers at least half of (the templates' 06:00-22:00 and 22:00-06:00 exactly).
 */
export function ruleCoversPeriod(window: { from: string; to: string } | undefined, period: NoisePeriod): boolean {
  if (!window) return true;
  const from = minutesOf(window.from);
  const to = minutesOf(window.to);
  let covered = 0;
  let total = 0;
  for (let m = 0; m < 1440; m++) {
    const isDay = m >= NOISE_DAY_FROM_HOUR * 60 && m < NOISE_DAY_TO_HOUR * 60;
    if (isDay !== (period === 'day')) continue;
    total++;
    const inside = to < from ? m >= from || m < to : m >= from && m < to;
    if (inside) covered++;
  }
  return covered * 2 >= total;
}

/**
 * The limit of `field` on device `d`: of the rules covering it with an upper limit on the field (and,
 * for noise, applying to `period`), those of the narrowest scope, the lowest threshold among them; else
 * the national limit (`national`), or none when there is no national one either.
 */
export function limitOf(
  rules: readonly LimitRule[],
  d: LimitDevice,
  field: string,
  national: number | undefined,
  period?: NoisePeriod,
): ComplianceLimit | null {
  let best: { narrowness: number; threshold: number; inclusive: boolean; rule: LimitRule } | undefined;
  for (const rule of rules) {
    if (!ruleHolds(rule, d)) continue;
    if (period && !ruleCoversPeriod(windowOf(rule), period)) continue;
    const narrowness = NARROWNESS[rule.scope as AlarmRuleScope] ?? -1;
    for (const term of upperTerms(rule, field)) {
      const better =
        !best ||
        narrowness > best.narrowness ||
        (narrowness === best.narrowness &&
          (term.threshold < best.threshold ||
            (term.threshold === best.threshold && term.operator === 'gte' && !best.inclusive)));
      if (better) best = { narrowness, threshold: term.threshold, inclusive: term.operator === 'gte', rule };
    }
  }
  if (best) {
    return {
      value: best.threshold,
      source: 'rule',
      ruleId: best.rule.id,
      ruleName: best.rule.name,
      inclusive: best.inclusive,
    };
  }
  return national === undefined
    ? null
    : { value: national, source: 'national', ruleId: null, ruleName: null, inclusive: false };
}

/** A particulate a dust monitor reports (µg/m³ in the HJ 212 code table), noise aside. */
const isParticulate = (field: string) => field !== NOISE_FIELD && codeInfo(field)?.unit === 'μg/m³';

/**
 * The pollutants the report covers: those with a national limit (PM2.5, PM10, TSP), then any other
 * particulate an active rule on these monitors limits (PM1.0, ...), in that order.
 */
export function pollutantFields(rules: readonly LimitRule[], devices: readonly LimitDevice[]): string[] {
  const fields = Object.keys(NATIONAL_POLLUTANT_LIMITS);
  for (const rule of rules) {
    if (!devices.some((d) => ruleHolds(rule, d))) continue;
    for (const term of rule.condition?.terms ?? []) {
      if ((term.operator === 'gt' || term.operator === 'gte') && isParticulate(term.field)) {
        if (!fields.includes(term.field)) fields.push(term.field);
      }
    }
  }
  return fields;
}

/** The day and night noise limits of device `d`. */
export function noiseLimitsOf(rules: readonly LimitRule[], d: LimitDevice) {
  return {
    day: limitOf(rules, d, NOISE_FIELD, NATIONAL_NOISE_LIMITS.day, 'day')!,
    night: limitOf(rules, d, NOISE_FIELD, NATIONAL_NOISE_LIMITS.night, 'night')!,
  };
}
