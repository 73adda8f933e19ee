import { describe, expect, it } from 'vitest';
import type { AlarmCondition } from '@siteops/contracts/alarm/rules';
import {
  conditionHolds,
  flagsNormal,
  inWindow,
  narrowestRules,
  step,
  type RuleState,
  type RuleView,
  type Reading,
} from './evaluate.ts';

const pm10Over150: AlarmCondition = { logic: 'and', terms: [{ field: 'a34002', operator: 'gt', threshold: 150 }] };
const pm10Below120: AlarmCondition = { logic: 'and', terms: [{ field: 'a34002', operator: 'lt', threshold: 120 }] };

/** Rule 1: PM10 over 150 for `durationSeconds`; it clears by `clearCondition` (null: once that no longer holds). */
const pm10Rule = (durationSeconds: number, clearCondition: AlarmCondition | null = null): RuleView => ({
  id: 1,
  condition: pm10Over150,
  clearCondition,
  durationSeconds,
});

/** PM10 readings: `values[i]` at second `seconds[i]`. */
const pm10 = (seconds: number[], values: number[]): [number, Reading][] =>
  seconds.map((s, i) => [s, { a34002: values[i] }]);

/** Feeds readings (at seconds) through one rule and answers each step's action. */
function run(rule: RuleView, readings: [number, Reading][]) {
  const state: RuleState = { open: false, pendingSince: null };
  return readings.map(([s, reading]) => {
    const r = step(rule, state, reading, s * 1000);
    if (r.action === 'pending') state.pendingSince = r.since;
    else if (r.action === 'raise') Object.assign(state, { open: true, pendingSince: null });
    else if (r.action === 'clear') state.open = false;
    else if (r.action === 'none' && !state.open) state.pendingSince = null;
    return r.action;
  });
}

describe('conditions', () => {
  it('AND needs every term, OR any', () => {
    const terms: AlarmCondition['terms'] = [
      { field: 'a34004', operator: 'gte', threshold: 75 },
      { field: 'a34002', operator: 'gt', threshold: 150 },
    ];
    expect(conditionHolds({ logic: 'and', terms }, { a34004: 75, a34002: 151 })).toBe(true);
    expect(conditionHolds({ logic: 'and', terms }, { a34004: 75, a34002: 150 })).toBe(false);
    expect(conditionHolds({ logic: 'or', terms }, { a34004: 10, a34002: 151 })).toBe(true);
    expect(conditionHolds({ logic: 'or', terms }, { a34004: 10, a34002: 20 })).toBe(false);
  });

  it('a reading without the fields does not tell', () => {
    const terms: AlarmCondition['terms'] = [
      { field: 'a34004', operator: 'gt', threshold: 75 },
      { field: 'LA', operator: 'gt', threshold: 70 },
    ];
    expect(conditionHolds({ logic: 'and', terms }, { a34004: 80 })).toBeUndefined();
    expect(conditionHolds({ logic: 'and', terms }, { a34004: 10 })).toBe(false);
    expect(conditionHolds({ logic: 'or', terms }, { a34004: 10 })).toBeUndefined();
    expect(conditionHolds({ logic: 'or', terms }, { a34004: 80 })).toBe(true);
    expect(conditionHolds(pm10Over150, { a34002: 'x' })).toBeUndefined();
  });

  it('operators', () => {
    const holds = (operator: AlarmCondition['terms'][number]['operator'], v: number) =>
      conditionHolds({ logic: 'and', terms: [{ field: 'f', operator, threshold: 5 }] }, { f: v });
    expect([holds('gt', 5), holds('gte', 5), holds('lt', 5), holds('lte', 5), holds('eq', 5), holds('neq', 5)]).toEqual(
      [false, true, false, true, true, false],
    );
  });
});

describe('the rule state machine', () => {
  it('raises only once the condition has held for the duration', () => {
    const actions = run(pm10Rule(600), pm10([0, 300, 599, 600, 660], [160, 170, 170, 180, 190]));
    expect(actions).toEqual(['pending', 'pending', 'pending', 'raise', 'repeat']);
  });

  it('a reading below the limit starts the wait again', () => {
    const actions = run(pm10Rule(600), pm10([0, 400, 500, 900, 1100], [160, 100, 160, 160, 160]));
    expect(actions).toEqual(['pending', 'none', 'pending', 'pending', 'raise']);
  });

  it('a duration of 0 raises at the first reading over the limit', () => {
    const rule = pm10Rule(0);
    expect(run(rule, [[0, { a34002: 151 }]])).toEqual(['raise']);
  });

  it('clears only once the clear condition holds (hysteresis)', () => {
    const actions = run(pm10Rule(0, pm10Below120), pm10([0, 10, 20, 30, 40], [200, 140, 125, 119, 130]));
    expect(actions).toEqual(['raise', 'none', 'none', 'clear', 'none']);
  });

  it('without a clear condition, clears once the condition no longer holds', () => {
    const rule = pm10Rule(0);
    expect(
      run(rule, [
        [0, { a34002: 200 }],
        [10, { a34004: 20 }],
        [20, { a34002: 150 }],
      ]),
    ).toEqual(['raise', 'none', 'clear']);
  });

  it('readings flagged other than normal never trigger, repeat or clear', () => {
    const rule = pm10Rule(0);
    expect(
      run(rule, [
        [0, { a34002: 900, flag: 'M' }],
        [10, { a34002: 900, 'a34002-Flag': 'C' }],
        [20, { a34002: 900, 'a34002-Flag': 'N', flag: 'N' }],
        [30, { a34002: 10, flag: 'D' }],
        [40, { a34002: 900 }],
      ]),
    ).toEqual(['none', 'none', 'raise', 'none', 'repeat']);
    expect(flagsNormal({ a34004: 1, 'a34004-Flag': 'T' }, ['a34002'])).toBe(true);
  });
});

describe('narrowest scope', () => {
  it('a narrower rule replaces a wider one on the same fields only', () => {
    const noise: AlarmCondition = { logic: 'and', terms: [{ field: 'LA', operator: 'gt', threshold: 70 }] };
    const rules = [
      { id: 1, scope: 'fleet' as const, condition: pm10Over150 },
      { id: 2, scope: 'project' as const, condition: pm10Over150 },
      { id: 3, scope: 'fleet' as const, condition: noise },
      { id: 4, scope: 'project' as const, condition: { logic: 'and' as const, terms: [...pm10Below120.terms] } },
    ];
    expect(narrowestRules(rules).map((r) => r.id)).toEqual([2, 3, 4]);
  });
});

describe('time windows (site wall clock, UTC+8 unless the window says)', () => {
  /** Milliseconds of a Beijing wall-clock time: 2026-11-27 is a Friday. */
  const cst = (iso: string) => Date.parse(`${iso}+08:00`);
  const night = { from: '22:00', to: '06:00', utcOffsetMinutes: 480 };
  const day = { from: '06:00', to: '22:00', utcOffsetMinutes: 480 };

  it('a day window holds from its start up to its end; a night window crosses midnight', () => {
    expect(inWindow(day, cst('2026-11-27T06:00:00'))).toBe(true);
    expect(inWindow(day, cst('2026-11-27T21:59:59'))).toBe(true);
    expect(inWindow(day, cst('2026-11-27T22:00:00'))).toBe(false);
    expect(inWindow(night, cst('2026-11-27T23:30:00'))).toBe(true);
    expect(inWindow(night, cst('2026-11-28T05:59:00'))).toBe(true);
    expect(inWindow(night, cst('2026-11-28T06:00:00'))).toBe(false);
    expect(inWindow(undefined, cst('2026-11-28T06:00:00'))).toBe(true);
  });

  it("weekdays: a night that crosses midnight counts for the day it started (Friday's night on Saturday at 02:00)", () => {
    const weekdayNights = { ...night, weekdays: [1, 2, 3, 4, 5] };
    expect(inWindow(weekdayNights, cst('2026-11-28T02:00:00'))).toBe(true);
    expect(inWindow(weekdayNights, cst('2026-11-28T23:00:00'))).toBe(false);
    expect(inWindow(weekdayNights, cst('2026-11-30T02:00:00'))).toBe(false);
    expect(inWindow({ ...day, weekdays: [6, 7] }, cst('2026-11-29T12:00:00'))).toBe(true);
  });

  it('night noise over 55 dB(A) raises at night only; the alarm clears at the first reading after the window', () => {
    const rule: RuleView = {
      id: 9,
      condition: { logic: 'and', terms: [{ field: 'LA', operator: 'gt', threshold: 55 }], window: night },
      clearCondition: null,
      durationSeconds: 0,
    };
    const at = (iso: string) => cst(iso) / 1000;
    expect(
      run(rule, [
        [at('2026-11-27T21:00:00'), { LA: 65 }],
        [at('2026-11-27T22:30:00'), { LA: 60 }],
        [at('2026-11-28T03:00:00'), { LA: 58 }],
        [at('2026-11-28T06:10:00'), { LA: 64 }],
      ]),
    ).toEqual(['none', 'raise', 'repeat', 'clear']);
  });
});
