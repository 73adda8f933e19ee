import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConstantItem } from '@siteops/contracts/constant';
import { request } from '../client';

export function getConstant(id: number) {
  return request<ConstantItem>({ method: 'GET', url: '/api/constant/detail', params: { id } });
}

export function constantDetailQueryOptions(id: number) {
  return queryOptions({ queryKey: ['constant', 'detail', id], queryFn: () => getConstant(id) });
}

export function useConstantDetailQuery(id: number | undefined) {
  return useQuery({ ...constantDetailQueryOptions(id ?? 0), enabled: id !== undefined });
}
