import { useState } from 'react';
import type { PageParams } from './DataTable';

/**
 * Paging and sorting of a list page. Going back to page 1 whenever the filters change is done while
 * rendering (React's "adjust state on prop change"), so no request is ever made for a stale page.
 */
export function useListParams(filterKey: string, pageSize = 20) {
  const [state, setState] = useState<{ key: string; params: PageParams }>({
    key: filterKey,
    params: { page: 1, pageSize },
  });
  if (state.key !== filterKey) {
    const next = { key: filterKey, params: { ...state.params, page: 1 } };
    setState(next);
    return [next.params, (params: PageParams) => setState({ key: filterKey, params })] as const;
  }
  return [state.params, (params: PageParams) => setState({ key: filterKey, params })] as const;
}
