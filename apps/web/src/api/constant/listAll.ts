import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ConstantItem, ConstantListQuery } from '@siteops/contracts/constant';
import { request } from '../client';
import type { PageResult } from '../page';

export function listConstants(params: ConstantListQuery) {
  return request<PageResult<ConstantItem>>({ method: 'GET', url: '/api/constant/listAll', params });
}

export function constantListQueryOptions(params: ConstantListQuery) {
  return queryOptions({
    queryKey: ['constant', 'list', params],
    queryFn: () => listConstants(params),
    placeholderData: keepPreviousData,
  });
}

export function useConstantListQuery(params: ConstantListQuery) {
  return useQuery(constantListQueryOptions(params));
}
