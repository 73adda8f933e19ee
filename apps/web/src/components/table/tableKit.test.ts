import { describe, expect, it } from 'vitest';
import {
  antdSize,
  loadDensity,
  loadHidden,
  pinEndInCss,
  saveDensity,
  saveHidden,
  scrollsInCss,
  toSortParams,
} from './tableKit';

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
}

describe('toSortParams', () => {
  it('maps antd orders to asc/desc', () => {
    expect(toSortParams('key', 'ascend')).toEqual({ sortField: 'key', sortOrder: 'asc' });
    expect(toSortParams('createdAt', 'descend')).toEqual({ sortField: 'createdAt', sortOrder: 'desc' });
  });
  it('drops the sort when cleared or without a field', () => {
    expect(toSortParams('key', null)).toEqual({});
    expect(toSortParams(undefined, 'ascend')).toEqual({});
  });
  it('joins a nested dataIndex', () => {
    expect(toSortParams(['a', 'b'], 'ascend')).toEqual({ sortField: 'a.b', sortOrder: 'asc' });
  });
});

describe('density persistence', () => {
  it('stores per table and defaults to medium', () => {
    const storage = memoryStorage();
    expect(loadDensity('t1', storage)).toBe('medium');
    saveDensity('t1', 'mini', storage);
    expect(loadDensity('t1', storage)).toBe('mini');
    expect(loadDensity('t2', storage)).toBe('medium');
  });
  it('ignores a bad stored value', () => {
    const storage = memoryStorage();
    storage.setItem('table:t:density', 'huge');
    expect(loadDensity('t', storage)).toBe('medium');
  });
  it('maps densities onto antd sizes', () => {
    expect(['mini', 'small', 'medium', 'large'].map((d) => antdSize(d as never))).toEqual([
      'small',
      'small',
      'middle',
      'large',
    ]);
  });
});

describe('hidden columns persistence', () => {
  it('round-trips and survives garbage', () => {
    const storage = memoryStorage();
    expect(loadHidden('t', storage)).toEqual([]);
    saveHidden('t', ['remark'], storage);
    expect(loadHidden('t', storage)).toEqual(['remark']);
    storage.setItem('table:t:hidden', '{oops');
    expect(loadHidden('t', storage)).toEqual([]);
  });
});

describe('sideways scroll in CSS', () => {
  it('takes a table whose only pinned column is its last, and pins that one with a class', () => {
    const columns = [{ key: 'name' }, { key: 'sn' }, { key: 'actions', fixed: 'right', className: 'x' }];
    expect(scrollsInCss(columns)).toBe(true);
    expect(columns.map(pinEndInCss)).toEqual([
      { key: 'name' },
      { key: 'sn' },
      { key: 'actions', fixed: undefined, className: 'x data-table-pin-end' },
    ]);
  });

  it("leaves a table with a column pinned at the start, or pinned before the last, to rc-table's measuring", () => {
    expect(scrollsInCss([{ fixed: 'left' }, {}, { fixed: 'right' }])).toBe(false);
    expect(scrollsInCss([{ fixed: true }, {}])).toBe(false);
    expect(scrollsInCss([{}, { fixed: 'right' }, { fixed: 'right' }])).toBe(false);
    expect(scrollsInCss([{}, {}])).toBe(true);
  });
});
