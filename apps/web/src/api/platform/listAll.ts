import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PlatformItem } from '@siteops/contracts/device';
import { request } from '../client';
import type { PageResult } from '../page';

export interface PlatformListParams {
  page?: number;
  pageSize?: number;
  sortField?: string;
  sortOrder?: 'asc' | 'desc';
  platformName?: string;
}

export function listPlatforms(params: PlatformListParams) {
  return request<PageResult<PlatformItem>>({ method: 'GET', url: '/api/platform/listAll', params });
}

export function platformListQueryOptions(params: PlatformListParams) {
  return queryOptions({
    queryKey: ['platform', 'list', params],
    queryFn: () => listPlatforms(params),
    placeholderData: keepPreviousData,
  });
}

export function usePlatformListQuery(params: PlatformListParams, enabled = true) {
  return useQuery({ ...platformListQueryOptions(params), enabled });
}
