import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkplaceOverview } from '@siteops/contracts/user';
import { request } from '../client';

/** How often an open overview refreshes (site notifications arrive without a reload). */
const REFRESH_MS = 60_000;

export function getOverview(limit = 10) {
  return request<WorkplaceOverview>({ method: 'GET', url: '/api/user/overview', params: { limit } });
}

export function overviewQueryOptions(limit = 10) {
  return queryOptions({
    queryKey: ['user', 'overview', limit],
    queryFn: () => getOverview(limit),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}

export function useOverviewQuery(limit = 10) {
  return useQuery(overviewQueryOptions(limit));
}
