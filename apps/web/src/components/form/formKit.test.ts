import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/envelope';
import { fieldErrorsOf, valuesToParams } from './formKit';

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
