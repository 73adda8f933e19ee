import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@siteops/contracts/shared/pagination';

/**
 * Paging and sorting of a list as they stand in the URL (`page`, `pageSize`, `sortField`, `sortOrder`,
 * and `after` where the page was reached by "next page" on a list that answers a cursor).
 */
export interface ListState<F extends string = string> {
  page: number;
  pageSize: number;
  sortField?: F;
  sortOrder?: 'asc' | 'desc';
  /** The previous page's `next`: the server starts this page after it instead of skipping rows. */
  after?: string;
}

const PAGING = ['page', 'pageSize', 'sortField', 'sortOrder', 'after'] as const;

function positive(text: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER) {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

/**
 * Read the list state from the URL. A sort field the endpoint does not accept (an old or hand-edited
 * link) is dropped rather than sent, so a stale link opens the list instead of a 400.
 */
export function readListState<F extends string>(
  params: URLSearchParams,
  opts: { sortFields?: readonly string[]; defaultPageSize?: number } = {},
): ListState<F> {
  const state: ListState<F> = {
    page: positive(params.get('page'), 1),
    pageSize: positive(params.get('pageSize'), opts.defaultPageSize ?? PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX),
  };
  const field = params.get('sortField');
  const order = params.get('sortOrder');
  if (field && (order === 'asc' || order === 'desc') && (!opts.sortFields || opts.sortFields.includes(field))) {
    state.sortField = field as F;
    state.sortOrder = order;
  }
  const after = params.get('after');
  if (after && state.page > 1) state.after = after;
  return state;
}

/** The URL after a paging/sorting change: filters and other params kept, defaults left out of the link. */
export function writeListState(
  params: URLSearchParams,
  state: ListState,
  defaultPageSize = PAGE_SIZE_DEFAULT,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of PAGING) next.delete(name);
  if (state.page > 1) next.set('page', String(state.page));
  if (state.pageSize !== defaultPageSize) next.set('pageSize', String(state.pageSize));
  if (state.sortField && state.sortOrder) {
    next.set('sortField', state.sortField);
    next.set('sortOrder', state.sortOrder);
  }
  if (state.after && state.page > 1) next.set('after', state.after);
  return next;
}

/** The filters a page owns, read from the URL as text (empty ones left out). */
export function readFilters(params: URLSearchParams, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = params.get(name);
    if (value !== null && value !== '') out[name] = value;
  }
  return out;
}
