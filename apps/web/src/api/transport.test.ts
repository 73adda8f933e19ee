import { describe, expect, it } from 'vitest';
import { queryString } from './transport';

describe('queryString', () => {
  it('leaves out empty values, repeats arrays and writes dates as ISO text', () => {
    expect(
      queryString({
        page: 1,
        name: 'a b&c',
        none: undefined,
        nil: null,
        ids: [1, 2],
        at: new Date(Date.UTC(2026, 0, 2)),
      }),
    ).toBe('?page=1&name=a+b%26c&ids=1&ids=2&at=2026-01-02T00%3A00%3A00.000Z');
  });

  it('is empty without parameters, so a URL gets no dangling "?"', () => {
    expect(queryString(undefined)).toBe('');
    expect(queryString({ a: undefined })).toBe('');
  });
});
