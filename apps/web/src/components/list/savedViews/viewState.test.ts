import { describe, expect, it } from 'vitest';
import {
  applyViewQuery,
  captureView,
  densityOf,
  hiddenOf,
  listQueryOf,
  requestedView,
  showsView,
  viewLink,
  type TableLook,
} from './viewState';

const filters = ['keyword', 'status', 'agentId'] as const;
const columns = ['sn', 'name', 'status', 'agent', 'actions'];
const source = (query: string, defaultPageSize?: number) => ({
  filters,
  defaultPageSize,
  params: new URLSearchParams(query),
});
const look = (hidden: string[] = [], density: TableLook['density'] = 'medium'): TableLook => ({
  columns,
  hidden,
  density,
});

describe('the list part of an address', () => {
  it('keeps the filters in the list’s order, the sort and a page size other than the default; drops the page, cursor and the rest', () => {
    const params = new URLSearchParams(
      'tab=b&page=3&after=x&sortOrder=desc&status=online&pageSize=50&keyword=north&sortField=sn&agentId=',
    );
    expect(listQueryOf(params, filters)).toBe('keyword=north&status=online&pageSize=50&sortField=sn&sortOrder=desc');
    expect(listQueryOf(new URLSearchParams('pageSize=20&page=2'), filters)).toBe('');
    expect(listQueryOf(new URLSearchParams('pageSize=10'), filters, 10)).toBe('');
    // A sort without its order is no sort.
    expect(listQueryOf(new URLSearchParams('sortField=sn'), filters)).toBe('');
  });
});

describe('capturing the view shown', () => {
  it('saves the list part of the address, the visible columns and the density', () => {
    expect(captureView(source('status=offline&page=2&sortField=sn&sortOrder=asc'), look(['agent'], 'small'))).toEqual({
      query: 'status=offline&sortField=sn&sortOrder=asc',
      columns: ['sn', 'name', 'status', 'actions'],
      density: 'small',
    });
  });

  it('saves "all columns" when none is hidden (or only columns the table no longer has), so new columns show', () => {
    expect(captureView(source(''), look([])).columns).toBeUndefined();
    expect(captureView(source(''), look(['gone'])).columns).toBeUndefined();
  });
});

describe('applying a view', () => {
  it('replaces the filters, sort, page size and page of the address, keeps its other params, drops ?view', () => {
    const next = applyViewQuery(
      new URLSearchParams('tab=b&keyword=old&page=4&sortField=name&sortOrder=asc&view=7'),
      { query: 'status=offline&sortField=sn&sortOrder=desc&pageSize=50' },
      filters,
    );
    expect(Object.fromEntries(next)).toEqual({
      tab: 'b',
      status: 'offline',
      sortField: 'sn',
      sortOrder: 'desc',
      pageSize: '50',
    });
  });

  it('takes only the list’s own filters from a view, whatever its query carries', () => {
    const next = applyViewQuery(new URLSearchParams('tab=a'), { query: 'tab=z&token=x&keyword=k&page=9' }, filters);
    expect(next.toString()).toBe('tab=a&keyword=k');
  });

  it('hides the columns the view does not show, of those the table has; a view of all columns hides none', () => {
    expect(hiddenOf({ columns: ['sn', 'status', 'removed'] }, columns)).toEqual(['name', 'agent', 'actions']);
    expect(hiddenOf({}, columns)).toEqual([]);
  });

  it('sets a density the table knows, and nothing for another', () => {
    expect(densityOf({ density: 'large' })).toBe('large');
    expect(densityOf({})).toBeUndefined();
    expect(densityOf({ density: 'huge' as never })).toBeUndefined();
  });

  it('round-trips: a captured view applied to another address shows as that view', () => {
    const saved = captureView(
      source('keyword=north&sortField=sn&sortOrder=asc&pageSize=50&page=2'),
      look(['agent'], 'large'),
    );
    const params = applyViewQuery(new URLSearchParams('status=online'), saved, filters);
    const after = look(hiddenOf(saved, columns), densityOf(saved));
    expect(showsView({ filters, params }, after, saved)).toBe(true);
  });
});

describe('the mark on the view shown', () => {
  const view = {
    query: 'status=offline&sortField=sn&sortOrder=asc',
    columns: ['sn', 'name', 'status', 'actions'],
    density: 'small' as const,
  };

  it('is on when the address’s list part, the hidden columns and the density match, whatever the page or param order', () => {
    expect(
      showsView(source('sortOrder=asc&page=3&status=offline&sortField=sn&tab=x'), look(['agent'], 'small'), view),
    ).toBe(true);
  });

  it('is off when a filter, the sort, a column or the density differs', () => {
    expect(showsView(source('status=online&sortField=sn&sortOrder=asc'), look(['agent'], 'small'), view)).toBe(false);
    expect(showsView(source('status=offline'), look(['agent'], 'small'), view)).toBe(false);
    expect(showsView(source('status=offline&sortField=sn&sortOrder=asc'), look([], 'small'), view)).toBe(false);
    expect(showsView(source('status=offline&sortField=sn&sortOrder=asc'), look(['agent'], 'large'), view)).toBe(false);
  });

  it('ignores the density for a view that names none, and hidden keys the table does not have', () => {
    const noDensity = { query: 'status=offline' };
    expect(showsView(source('status=offline'), look(['gone'], 'mini'), noDensity)).toBe(true);
  });
});

describe('the link of a view', () => {
  it('is this address without its list part, with ?view=<id>', () => {
    expect(viewLink('https://ops.example/devices/face?tab=b&status=online&page=2#top', filters, 12)).toBe(
      'https://ops.example/devices/face?tab=b&view=12',
    );
  });

  it('is read back as the view id; anything else in ?view is no id', () => {
    expect(requestedView(new URLSearchParams('view=12'))).toBe(12);
    expect(requestedView(new URLSearchParams('status=online'))).toBeUndefined();
    expect(requestedView(new URLSearchParams('view=abc'))).toBe(0);
    expect(requestedView(new URLSearchParams('view=-3'))).toBe(0);
  });
});
