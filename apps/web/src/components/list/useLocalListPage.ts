import { useState } from 'react';
import type { Endpoint, InputOf } from '@siteops/contracts/shared/endpoint';
import { useEndpointQuery } from '@/api/queries';
import type { PageParams } from '@/components/table/DataTable';
import type { ItemOf } from './useListPage';

interface LocalListOptions<E extends Endpoint> {
  pageSize?: number;
  /** What the endpoint is asked besides the page (e.g. the project whose rows these are). */
  input?: Omit<InputOf<E>, 'page' | 'pageSize'>;
  /** False while the list cannot ask yet (e.g. a drawer not open). */
  enabled?: boolean;
}

/**
 * A paged list whose page is held in the component, not the address: for a list inside a tab of a
 * page whose address holds only the tab (the settings page), or inside a card or a drawer. Answers the
 * query and the props to spread into DataTable. Lists with filters, sort or a shareable view use
 * {@link useListPage} instead.
 */
export function useLocalListPage<E extends Endpoint>(
  endpoint: E,
  { pageSize = 10, input, enabled = true }: LocalListOptions<E> = {},
) {
  const [params, setParams] = useState<PageParams>({ page: 1, pageSize });
  const query = useEndpointQuery(endpoint, { ...input, page: params.page, pageSize: params.pageSize } as InputOf<E>, {
    enabled,
  });
  const data = query.data as { list: ItemOf<E>[]; total: number } | undefined;
  return {
    query,
    table: {
      list: data?.list,
      total: data?.total ?? 0,
      loading: query.isFetching,
      failed: query.isError && !data,
      params,
      onParamsChange: setParams,
      onRefresh: () => void query.refetch(),
    },
  };
}
