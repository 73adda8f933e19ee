import { describe, expect, it } from 'vitest';
import { flagEntries, limitText, localTime, utcClock } from './compliance-text.ts';

describe('compliance report texts', () => {
  it('shows instants on the project’s clock', () => {
    expect(localTime('2026-10-03T02:00:00.000Z', 480)).toBe('2026-10-03 10:00');
    expect(localTime('2026-10-31T20:00:00.000Z', 480)).toBe('2026-11-01 04:00');
    expect(utcClock(480)).toBe('+08:00');
    expect(utcClock(-330)).toBe('-05:30');
  });

  it('writes a limit with its operator and the flags in order', () => {
    const limit = { value: 150, source: 'national' as const, ruleId: null, ruleName: null, inclusive: false };
    expect(limitText(limit)).toBe('> 150');
    expect(limitText({ ...limit, inclusive: true })).toBe('≥ 150');
    expect(flagEntries({ M: 1, C: 2 })).toEqual([
      ['C', 2],
      ['M', 1],
    ]);
  });
});
