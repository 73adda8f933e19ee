import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserInfo } from '@siteops/contracts/user';
import { request } from '../client';
import { INFO_URL } from '../envelope';

export function getUserInfo() {
  return request<UserInfo>({ method: 'POST', url: INFO_URL });
}

export function userInfoQueryOptions() {
  return queryOptions({ queryKey: ['user', 'info'], queryFn: getUserInfo, staleTime: Infinity });
}

export function useUserInfoQuery() {
  return useQuery(userInfoQueryOptions());
}
