import { describe, expect, it } from 'vitest';
import { readFilters, readListState, writeListState } from './listUrl';

const sortFields = ['id', 'key'];

describe('list state in the URL', () => {
  it('round-trips page, page size and sort, keeping the filters', () => {
    const url = writeListState(new URLSearchParams('key=abc'), {
      page: 3,
      pageSize: 50,
      sortField: 'key',
      sortOrder: 'asc',
    });
    expect(url.toString()).toBe('key=abc&page=3&pageSize=50&sortField=key&sortOrder=asc');
    expect(readListState(url, { sortFields })).toEqual({ page: 3, pageSize: 50, sortField: 'key', sortOrder: 'asc' });
    expect(readFilters(url, ['key', 'value'])).toEqual({ key: 'abc' });
  });

  it('leaves defaults out of the link', () => {
    expect(writeListState(new URLSearchParams(), { page: 1, pageSize: 20 }).toString()).toBe('');
  });

  it('drops a sort field the endpoint does not accept, and a sort without an order', () => {
    expect(readListState(new URLSearchParams('sortField=password&sortOrder=asc'), { sortFields })).toEqual({
      page: 1,
      pageSize: 20,
    });
    expect(readListState(new URLSearchParams('sortField=key'), { sortFields })).toEqual({ page: 1, pageSize: 20 });
  });

  it('falls back on nonsense paging and caps the page size', () => {
    expect(readListState(new URLSearchParams('page=-2&pageSize=9999'))).toEqual({ page: 1, pageSize: 200 });
    expect(readListState(new URLSearchParams('page=x'))).toEqual({ page: 1, pageSize: 20 });
  });

  it('keeps a next-page cursor beside its page only, and drops it when the page changes otherwise', () => {
    const url = writeListState(new URLSearchParams('from=x'), { page: 4, pageSize: 20, after: 'abc' });
    expect(url.toString()).toBe('from=x&page=4&after=abc');
    expect(readListState(url)).toEqual({ page: 4, pageSize: 20, after: 'abc' });
    expect(writeListState(url, { page: 2, pageSize: 20 }).toString()).toBe('from=x&page=2');
    expect(readListState(new URLSearchParams('after=abc'))).toEqual({ page: 1, pageSize: 20 });
  });
});
