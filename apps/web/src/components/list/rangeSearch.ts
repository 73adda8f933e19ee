import { rangeSearchParams, type DateRange } from '@/components/form/formKit';

/**
 * A list searched by text fields (`texts`) and one time range, the search form's `range` field: the range
 * travels in the address as two ISO instants (`from` and `to` unless named otherwise), like the API takes
 * them (see rangeSearchParams). Answers the list's filter names, the texts then the two instants, with the
 * search form's converters: spread into ListLayout, and `filters` is the list's (useListPage, listRead).
 */
export function rangeSearch<V extends { range?: DateRange | null }>(
  texts: readonly string[],
  opts: { from?: string; to?: string; wholeDays?: boolean } = {},
) {
  const { from = 'from', to = 'to' } = opts;
  return { filters: [...texts, from, to], ...rangeSearchParams<V>(texts, opts) };
}
