import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { AnswerOf, Endpoint, InputOf } from '@siteops/contracts/endpoint';
import { useEndpointQuery } from '@/api/queries';
import { readFilters, readListState, writeListState, type ListState } from './listUrl';

/** The row type of a list endpoint's answer. */
export type ItemOf<E extends Endpoint> = AnswerOf<E> extends { list: (infer T)[] } ? T : never;

export interface ListPageOptions {
  /** The URL params this page filters by (its QueryForm's `names`). */
  filters: readonly string[];
  defaultPageSize?: number;
  /** URL filter text -> endpoint input, where a filter is not sent as it stands (e.g. split a range). */
  toInput?: (filters: Record<string, string>) => Record<string, unknown>;
  /** Extra input fixed by the page (e.g. the device type of a type page). */
  fixed?: Record<string, unknown>;
  /** False while the page cannot ask yet (e.g. no project chosen). */
  enabled?: boolean;
}

/**
 * Everything a list page keeps in the URL — filters, page, page size and sort — read into the
 * endpoint's input, fetched through the typed client, and handed to {@link ListTable}. Reload,
 * back/forward and a shared link all open the same view. A page kept alive in a hidden tab keeps the
 * URL it last had instead of following the visible tab's.
 */
export function useListPage<E extends Endpoint>(endpoint: E, opts: ListPageOptions) {
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const [ownPath] = useState(location.pathname);
  const [kept, setKept] = useState(search.toString());
  const visible = location.pathname === ownPath;
  if (visible && kept !== search.toString()) setKept(search.toString());
  const params = visible ? search : new URLSearchParams(kept);

  const filters = readFilters(params, opts.filters);
  const state = readListState(params, {
    sortFields: endpoint.sortFields,
    defaultPageSize: opts.defaultPageSize,
  });
  const input = { ...state, ...(opts.toInput ? opts.toInput(filters) : filters), ...opts.fixed } as InputOf<E>;
  const query = useEndpointQuery(endpoint, input, { enabled: opts.enabled ?? true });
  const data = query.data as { list: ItemOf<E>[]; total: number; totalCapped?: boolean } | undefined;

  // The address as it is now, not as it was at the last render: a sort or page click right after a
  // search (before this page re-rendered with it, as on a busy machine) must keep the new filters.
  const setState = (next: ListState) => {
    const current =
      visible && window.location.pathname === ownPath ? new URLSearchParams(window.location.search) : params;
    setSearch(writeListState(current, next, opts.defaultPageSize));
  };
  return {
    query,
    input,
    filters,
    /** Spread into <ListTable>. */
    table: {
      list: data?.list,
      total: data?.total ?? 0,
      totalCapped: data?.totalCapped ?? false,
      loading: query.isFetching,
      failed: query.isError && !data,
      params: state,
      onParamsChange: setState,
      onRefresh: () => void query.refetch(),
    },
  };
}
