import { describe, expect, it } from 'vitest';
import type { CampaignSchedule } from '@siteops/contracts/broadcast/schemas';
import { firstRun, nextDailySlot, runAfter } from './schedule.ts';

type Daily = Extract<CampaignSchedule, { kind: 'daily' }>;
const daily = (o: Partial<Daily> = {}): Daily => ({
  kind: 'daily',
  from: '08:00',
  to: '10:00',
  everyMinutes: 30,
  timeZone: 'Asia/Shanghai',
  ...o,
});
const at = (s: string) => new Date(s);
const slot = (s: Daily, after: string) => nextDailySlot(s, at(after))?.toISOString() ?? null;

describe('a daily window', () => {
  it('runs at its start and every interval up to its end, in its own time zone', () => {
    // 07:00 in Shanghai is 23:00 UTC the day before.
    expect(slot(daily(), '2026-03-01T23:00:00Z')).toBe('2026-03-02T00:00:00.000Z');
    expect(slot(daily(), '2026-03-02T00:00:01Z')).toBe('2026-03-02T00:30:00.000Z');
    expect(slot(daily(), '2026-03-02T02:00:00Z')).toBe('2026-03-02T02:00:00.000Z');
    // After 10:00 local: tomorrow's 08:00.
    expect(slot(daily(), '2026-03-02T02:00:01Z')).toBe('2026-03-03T00:00:00.000Z');
  });

  it('follows a daylight-saving change (08:00 in Berlin is 07:00 UTC in winter, 06:00 in summer)', () => {
    const berlin = daily({ timeZone: 'Europe/Berlin', to: '08:30' });
    expect(slot(berlin, '2026-03-28T12:00:00Z')).toBe('2026-03-29T06:00:00.000Z');
    expect(slot(berlin, '2026-03-27T12:00:00Z')).toBe('2026-03-28T07:00:00.000Z');
  });

  it('runs past midnight when it ends before it starts', () => {
    const night = daily({ from: '23:00', to: '01:00', everyMinutes: 60, timeZone: 'UTC' });
    expect(slot(night, '2026-03-02T23:30:00Z')).toBe('2026-03-03T00:00:00.000Z');
    expect(slot(night, '2026-03-03T00:30:00Z')).toBe('2026-03-03T01:00:00.000Z');
    expect(slot(night, '2026-03-03T01:00:01Z')).toBe('2026-03-03T23:00:00.000Z');
  });

  it('has no run after `until`', () => {
    const s = daily({ until: '2026-03-02T00:10:00Z' });
    expect(slot(s, '2026-03-01T23:00:00Z')).toBe('2026-03-02T00:00:00.000Z');
    expect(slot(s, '2026-03-02T00:00:01Z')).toBeNull();
  });

  it('after a run, goes on from now: the runs missed while the server was down are not played', () => {
    const s = daily({ everyMinutes: 10 });
    expect(runAfter(s, at('2026-03-02T00:00:00Z'), at('2026-03-02T00:00:00.300Z'))?.toISOString()).toBe(
      '2026-03-02T00:10:00.000Z',
    );
    expect(runAfter(s, at('2026-03-02T00:00:00Z'), at('2026-03-02T00:45:00Z'))?.toISOString()).toBe(
      '2026-03-02T00:50:00.000Z',
    );
  });
});

describe('one-off schedules', () => {
  it('now and at run once', () => {
    const now = at('2026-03-02T00:00:00Z');
    expect(firstRun({ kind: 'now' }, now)).toEqual(now);
    expect(firstRun({ kind: 'at', at: '2026-03-02T05:00:00Z' }, now)?.toISOString()).toBe('2026-03-02T05:00:00.000Z');
    expect(runAfter({ kind: 'now' }, now, now)).toBeNull();
    expect(runAfter({ kind: 'at', at: '2026-03-02T05:00:00Z' }, now, now)).toBeNull();
  });
});
