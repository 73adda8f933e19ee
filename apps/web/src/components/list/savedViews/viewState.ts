import type { SavedViewState } from '@siteops/contracts/saved-view/schemas';
import { DENSITIES, type Density } from '@/components/table/tableKit';
import { readListState, writeListState } from '@/components/list/listUrl';

/**
 * A list whose view lives in the address (useListPage hands it to DataTable as `views`): which URL
 * params are its filters, its default page size, the params it shows now, whether its page is the one in
 * sight (a page kept alive in a hidden tab is not), and how to move the address.
 */
export interface ListViewSource {
  filters: readonly string[];
  defaultPageSize?: number;
  params: URLSearchParams;
  active: boolean;
  setParams: (next: URLSearchParams, options?: { replace?: boolean }) => void;
}

/** What the table itself shows: its column keys (in order), the hidden ones and its density. */
export interface TableLook {
  columns: readonly string[];
  hidden: readonly string[];
  density: Density;
}

/** The address param a view's link carries: `?view=<id>` opens the list as that view. */
export const VIEW_PARAM = 'view';

/** The params a view restores besides the filters; the page is not one (a view opens on its first page). */
const LIST_PARAMS = ['sortField', 'sortOrder', 'pageSize'] as const;
const PAGING = ['page', 'after', ...LIST_PARAMS] as const;

/**
 * The list part of an address, canonical: the filters in the list's order (empty ones left out), then the
 * sort and a page size other than the default. Two addresses showing the same rows the same way give the
 * same text, whatever else they carry (the page, a tab, their params' order).
 */
export function listQueryOf(params: URLSearchParams, filters: readonly string[], defaultPageSize?: number): string {
  const out = new URLSearchParams();
  for (const name of filters) {
    const value = params.get(name);
    if (value !== null && value !== '') out.set(name, value);
  }
  const state = readListState(params, { defaultPageSize });
  writeListState(new URLSearchParams(), { ...state, page: 1, after: undefined }, defaultPageSize).forEach((v, k) =>
    out.set(k, v),
  );
  return out.toString();
}

/** The view the list shows now, to save: its address's list part, the visible columns, the density. */
export function captureView(source: Pick<ListViewSource, 'filters' | 'defaultPageSize' | 'params'>, look: TableLook) {
  const hidden = new Set(look.hidden);
  const someHidden = look.columns.some((key) => hidden.has(key));
  return {
    query: listQueryOf(source.params, source.filters, source.defaultPageSize),
    // Every column shown is saved as "all": columns the list gains later then show too.
    ...(someHidden && { columns: look.columns.filter((key) => !hidden.has(key)) }),
    density: look.density,
  } satisfies SavedViewState;
}

/**
 * The address that shows a view: the current one with its list part (filters, sort, page size, page)
 * and any `view` param replaced by the view's. Only the list's own filter names and the sort and page
 * size are taken from the view, so a view cannot set other params of the page.
 */
export function applyViewQuery(
  params: URLSearchParams,
  view: Pick<SavedViewState, 'query'>,
  filters: readonly string[],
  defaultPageSize?: number,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of [...filters, ...PAGING, VIEW_PARAM]) next.delete(name);
  const saved = new URLSearchParams(view.query);
  for (const [name, value] of new URLSearchParams(listQueryOf(saved, filters, defaultPageSize))) next.set(name, value);
  return next;
}

/** The columns a view hides among the table's: none when it names no columns (all shown). */
export function hiddenOf(view: Pick<SavedViewState, 'columns'>, columns: readonly string[]): string[] {
  if (!view.columns) return [];
  const shown = new Set(view.columns);
  return columns.filter((key) => !shown.has(key));
}

/** The density a view sets, when it names one the table knows. */
export function densityOf(view: Pick<SavedViewState, 'density'>): Density | undefined {
  return (DENSITIES as readonly string[]).includes(view.density ?? '') ? (view.density as Density) : undefined;
}

/**
 * Whether the list shows `view` now (its mark in the menu): the same list part of the address, the same
 * hidden columns among the table's, and its density when it names one.
 */
export function showsView(
  source: Pick<ListViewSource, 'filters' | 'defaultPageSize' | 'params'>,
  look: TableLook,
  view: SavedViewState,
): boolean {
  const { filters, defaultPageSize } = source;
  if (
    listQueryOf(source.params, filters, defaultPageSize) !==
    listQueryOf(new URLSearchParams(view.query), filters, defaultPageSize)
  )
    return false;
  const hidden = new Set(look.hidden.filter((key) => look.columns.includes(key)));
  const wanted = hiddenOf(view, look.columns);
  if (wanted.length !== hidden.size || wanted.some((key) => !hidden.has(key))) return false;
  const density = densityOf(view);
  return density === undefined || density === look.density;
}

/**
 * The link that opens the list as view `id`: this address without its list part, with `?view=<id>`
 * (other params, such as a tab, kept). The list opening it applies the view ({@link VIEW_PARAM}).
 */
export function viewLink(href: string, filters: readonly string[], id: number): string {
  const url = new URL(href);
  for (const name of [...filters, ...PAGING, VIEW_PARAM]) url.searchParams.delete(name);
  url.searchParams.set(VIEW_PARAM, String(id));
  url.hash = '';
  return url.toString();
}

/** The view id an address asks for (`?view=12`): undefined when it asks for none, 0 when it is not an id. */
export function requestedView(params: URLSearchParams): number | undefined {
  const text = params.get(VIEW_PARAM);
  if (text === null) return undefined;
  const id = Number(text);
  return Number.isInteger(id) && id > 0 ? id : 0;
}
