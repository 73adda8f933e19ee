import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserDetail } from '@siteops/contracts/user';
import { request } from '../client';

/** `reveal`: full ID and card numbers (admin only; the server audits that read). */
export function getUserDetail(id: number, reveal = false) {
  return request<UserDetail>({
    method: 'GET',
    url: '/api/user/detail',
    params: reveal ? { id, reveal: 1 } : { id },
  });
}

export function userDetailQueryOptions(id: number, reveal = false) {
  return queryOptions({
    queryKey: ['user', 'detail', id, reveal],
    queryFn: () => getUserDetail(id, reveal),
    // A revealed read is audited once per opening of the form, not again from a cache refresh.
    staleTime: reveal ? 0 : 30_000,
    gcTime: reveal ? 0 : undefined,
  });
}

export function useUserDetailQuery(id: number | undefined, reveal = false) {
  return useQuery({ ...userDetailQueryOptions(id ?? 0, reveal), enabled: id !== undefined });
}
