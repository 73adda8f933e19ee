import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatClock, formatDateTime, formatDay, formatMinute } from './time';

describe('time formats', () => {
  const instant = '2026-11-25T06:03:07.000Z';
  const local = dayjs(instant);

  it('shows a server instant in the viewer time zone, the same shape everywhere', () => {
    expect(formatDateTime(instant)).toBe(local.format('YYYY-MM-DD HH:mm:ss'));
    expect(formatDateTime(instant)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(formatMinute(instant)).toBe(local.format('YYYY-MM-DD HH:mm'));
    expect(formatClock(instant)).toBe(local.format('HH:mm:ss'));
  });

  it('keeps a calendar day as the day it names', () => {
    expect(formatDay('2026-02-28')).toBe('2026-02-28');
    expect(formatDay(dayjs('2026-02-28'))).toBe('2026-02-28');
  });

  it('shows nothing for a missing or unreadable value instead of "Invalid Date"', () => {
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatDateTime(value)).toBe('');
      expect(formatDay(value)).toBe('');
    }
  });
});
