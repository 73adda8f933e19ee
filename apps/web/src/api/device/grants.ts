import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { GrantItem } from '@siteops/contracts/device';
import { request } from '../client';
import type { PageResult } from '../page';

export interface GrantListParams {
  page?: number;
  pageSize?: number;
  sn?: string;
}

/** The licence grant history (admin), newest first. */
export function listGrants(params: GrantListParams) {
  return request<PageResult<GrantItem>>({ method: 'GET', url: '/api/device/grants', params });
}

export function grantListQueryOptions(params: GrantListParams) {
  return queryOptions({
    queryKey: ['device', 'grants', params],
    queryFn: () => listGrants(params),
    placeholderData: keepPreviousData,
  });
}

export function useGrantListQuery(params: GrantListParams) {
  return useQuery(grantListQueryOptions(params));
}
