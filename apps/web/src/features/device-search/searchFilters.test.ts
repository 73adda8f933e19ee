import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { defaultRange, fromParams, toInput, toParams } from './searchFilters';

describe('search filters', () => {
  const fallback = { from: '2026-11-24T12:00:00.000Z', to: '2026-11-25T12:00:00.000Z' };

  it('searches the last 24 hours to the minute until a range is chosen', () => {
    const r = defaultRange(Date.parse('2026-11-25T12:00:30Z'));
    expect(r).toEqual({ from: '2026-11-24T12:01:00.000Z', to: '2026-11-25T12:01:00.000Z' });
    expect(toInput({ device: 'gate' }, fallback)).toEqual({ device: 'gate', ...fallback });
    expect(toInput({ from: 'a', to: 'b' }, fallback)).toMatchObject({ from: 'a', to: 'b' });
  });

  it('round-trips the form through the address, a zero bound included and empty fields left out', () => {
    const params = toParams({
      range: [dayjs('2026-11-24T22:00:00Z'), dayjs('2026-11-25T06:00:00Z')],
      device: ' gate ',
      projectId: 7,
      field: 'a34004',
      above: 0,
      below: null,
      source: '',
    });
    expect(params).toEqual({
      from: '2026-11-24T22:00:00.000Z',
      to: '2026-11-25T06:00:00.000Z',
      device: 'gate',
      projectId: '7',
      field: 'a34004',
      above: '0',
    });
    const back = fromParams(new URLSearchParams(params), fallback);
    expect(back).toMatchObject({ device: 'gate', projectId: 7, field: 'a34004', above: 0, below: undefined });
    expect(back.range?.[0]?.toISOString()).toBe('2026-11-24T22:00:00.000Z');
  });
});
