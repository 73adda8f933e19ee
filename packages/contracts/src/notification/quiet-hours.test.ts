import { describe, expect, it } from 'vitest';
import { quietHours, quietUntil, wallClock } from './quiet-hours.ts';

const night = { enabled: true, from: '22:00', to: '07:00', utcOffsetMinutes: 480 };
const day = { enabled: true, from: '12:00', to: '14:00', utcOffsetMinutes: 480 };
/** A moment given on the UTC+8 wall clock. */
const cst = (iso: string) => new Date(`${iso}+08:00`);

describe('quiet hours', () => {
  it('a window crossing midnight holds from its start to its end, on the user’s wall clock', () => {
    expect(quietUntil(night, cst('2026-11-29T21:59:59'))).toBeNull();
    expect(quietUntil(night, cst('2026-11-29T22:00:00'))).toEqual(cst('2026-11-30T07:00:00'));
    expect(quietUntil(night, cst('2026-11-29T23:10:30'))).toEqual(cst('2026-11-30T07:00:00'));
    expect(quietUntil(night, cst('2026-11-30T06:59:59'))).toEqual(cst('2026-11-30T07:00:00'));
    expect(quietUntil(night, cst('2026-11-30T07:00:00'))).toBeNull();
    expect(quietUntil(night, cst('2026-11-30T12:00:00'))).toBeNull();
  });

  it('a window within a day, and the offset decides the wall clock', () => {
    expect(quietUntil(day, cst('2026-11-29T12:30:00'))).toEqual(cst('2026-11-29T14:00:00'));
    expect(quietUntil(day, cst('2026-11-29T14:00:00'))).toBeNull();
    expect(quietUntil(day, cst('2026-11-29T11:59:00'))).toBeNull();
    // 12:30 UTC is 12:30 for a user at UTC, 20:30 in Beijing.
    const utc = { ...day, utcOffsetMinutes: 0 };
    expect(quietUntil(utc, new Date('2026-11-29T12:30:00Z'))).toEqual(new Date('2026-11-29T14:00:00Z'));
    expect(quietUntil(day, new Date('2026-11-29T12:30:00Z'))).toBeNull();
    // West of Greenwich: 23:30 in New York (UTC-5) is 04:30 UTC the next day.
    const ny = { ...night, utcOffsetMinutes: -300 };
    expect(quietUntil(ny, new Date('2026-11-30T04:30:00Z'))).toEqual(new Date('2026-11-30T12:00:00Z'));
  });

  it('off holds nothing; the end is told on the user’s wall clock', () => {
    expect(quietUntil({ ...night, enabled: false }, cst('2026-11-29T23:00:00'))).toBeNull();
    expect(wallClock(cst('2026-11-30T07:00:00'), 480)).toBe('07:00');
    expect(wallClock(new Date('2026-11-30T12:00:00Z'), -300)).toBe('07:00');
  });

  it('a window must have a length and times of day', () => {
    expect(quietHours.safeParse({ enabled: true, from: '22:00', to: '22:00' }).success).toBe(false);
    expect(quietHours.safeParse({ enabled: true, from: '24:00', to: '07:00' }).success).toBe(false);
    expect(quietHours.parse({ enabled: true, from: '22:00', to: '07:00' }).utcOffsetMinutes).toBe(480);
  });
});
