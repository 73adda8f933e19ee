import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/envelope';
import dayjs from 'dayjs';
import { fieldErrorsOf, rangeSearchParams, valuesToParams } from './formKit';

describe('fieldErrorsOf', () => {
  it('maps a 400 envelope data.fields onto known form fields', () => {
    const error = new ApiError('Bad', 40000, 400, { fields: { key: 'key is required', other: 'x' } });
    expect(fieldErrorsOf(error, ['key', 'value'])).toEqual([{ name: 'key', errors: ['key is required'] }]);
  });
  it('maps a 409 data.field to that field with the message', () => {
    const error = new ApiError('The key a already exists', 40900, 409, { field: 'key' });
    expect(fieldErrorsOf(error, ['key'])).toEqual([{ name: 'key', errors: ['The key a already exists'] }]);
  });
  it('ignores anything that is not an envelope error', () => {
    expect(fieldErrorsOf(new Error('x'), ['key'])).toEqual([]);
    expect(fieldErrorsOf(new ApiError('x', 50000, 500, null), ['key'])).toEqual([]);
  });
});

describe('valuesToParams', () => {
  it('drops empty values and trims', () => {
    expect(valuesToParams({ key: ' a ', value: '', x: undefined, y: null })).toEqual({ key: 'a' });
  });
});

describe('rangeSearchParams', () => {
  const start = dayjs('2026-11-20T10:30:00Z');
  const end = dayjs('2026-11-22T08:00:00Z');
  it('writes the texts and the range as ISO instants, and reads them back', () => {
    const { toParams, fromParams } = rangeSearchParams<{ actor?: string; range?: [typeof start, typeof end] }>([
      'actor',
    ]);
    const params = toParams({ actor: ' admin ', range: [start, end] });
    expect(params).toEqual({ actor: 'admin', from: start.toISOString(), to: end.toISOString() });
    const back = fromParams(new URLSearchParams(params));
    expect(back.actor).toBe('admin');
    expect(back.range?.map((d) => d?.toISOString())).toEqual([start.toISOString(), end.toISOString()]);
  });
  it('takes whole days under its own names, and an open end or no range at all', () => {
    const { toParams, fromParams } = rangeSearchParams<{ range?: [typeof start | null, typeof end | null] }>([], {
      from: 'createdFrom',
      to: 'createdTo',
      wholeDays: true,
    });
    expect(toParams({ range: [start, null] })).toEqual({ createdFrom: start.startOf('day').toISOString() });
    expect(toParams({ range: [null, end] })).toEqual({ createdTo: end.endOf('day').toISOString() });
    expect(fromParams(new URLSearchParams('createdTo=2026-11-22T08:00:00.000Z')).range?.[0]).toBeNull();
    expect(fromParams(new URLSearchParams('')).range).toBeUndefined();
  });
});
