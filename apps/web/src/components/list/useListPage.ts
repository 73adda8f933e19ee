import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { AnswerOf, Endpoint } from '@siteops/contracts/shared/endpoint';
import { useEndpointQuery } from '@/api/queries';
import { listInput, type ListPageOptions } from './listRead';
import { readFilters, readListState, writeListState, type ListState } from './listUrl';
import type { ListViewSource } from './savedViews/viewState';

/** The row type of a list endpoint's answer. */
export type ItemOf<E extends Endpoint> = AnswerOf<E> extends { list: (infer T)[] } ? T : never;

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
  const state = readListState(params, { sortFields: endpoint.sortFields, defaultPageSize: opts.defaultPageSize });
  const input = listInput(endpoint, opts, params);
  const query = useEndpointQuery(endpoint, input, { enabled: opts.enabled ?? true });
  const data = query.data as
    | {
        list: ItemOf<E>[];
        total: number;
        totalCapped?: boolean;
        page?: number;
        pageSize?: number;
        next?: string | null;
      }
    | undefined;

  // The address as it is now, not as it was at the last render: a sort or page click right after a
  // search (before this page re-rendered with it, as on a busy machine) must keep the new filters.
  // "Next page" on a list that answered a cursor for it (the device search, newest first) carries the
  // cursor, so the server starts after the shown rows instead of skipping them; any other move drops it.
  const setState = (next: ListState) => {
    const current =
      visible && window.location.pathname === ownPath ? new URLSearchParams(window.location.search) : params;
    const forward =
      next.page === state.page + 1 &&
      next.pageSize === state.pageSize &&
      next.sortField === state.sortField &&
      next.sortOrder === state.sortOrder &&
      data?.page === state.page &&
      data.pageSize === state.pageSize;
    const after = forward && data.next ? data.next : undefined;
    setSearch(writeListState(current, { ...next, after }, opts.defaultPageSize));
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
      /** Saved views of this list (DataTable's "Views" menu). */
      views: {
        filters: opts.filters,
        defaultPageSize: opts.defaultPageSize,
        params,
        active: visible,
        setParams: setSearch,
      } satisfies ListViewSource,
    },
  };
}
