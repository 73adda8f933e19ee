import type { Endpoint, InputOf } from '@siteops/contracts/shared/endpoint';
import { readFilters, readListState } from './listUrl';

/** How a list page reads its endpoint from the address (see useListPage). */
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

/** The endpoint input a list page asks for at this address: what its hook and its prefetch both send. */
export function listInput<E extends Endpoint>(endpoint: E, opts: ListPageOptions, params: URLSearchParams): InputOf<E> {
  const filters = readFilters(params, opts.filters);
  const state = readListState(params, { sortFields: endpoint.sortFields, defaultPageSize: opts.defaultPageSize });
  return { ...state, ...(opts.toInput ? opts.toInput(filters) : filters), ...opts.fixed } as InputOf<E>;
}

/** One read: a declared endpoint and its input. */
export interface EndpointRead {
  endpoint: Endpoint;
  input: unknown;
}

/** A page's first read at a route (its address and name); undefined when the page would not ask yet. */
export type PageRead = (params: URLSearchParams, routeName: string) => EndpointRead | undefined;

/**
 * A list page's first read, for the route loader to start while the layout and the page render (issue 9:
 * on a reload the rows then come with the first paint instead of a round trip after it). Its input is
 * {@link listInput}'s, as the page's own, so the page finds the answer in the cache under the same key.
 */
export function listRead<E extends Endpoint>(
  endpoint: E,
  optionsFor: (routeName: string) => ListPageOptions,
): PageRead {
  return (params, routeName) => {
    const opts = optionsFor(routeName);
    return opts.enabled === false ? undefined : { endpoint, input: listInput(endpoint, opts, params) };
  };
}
