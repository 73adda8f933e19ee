import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MenuNode } from '@siteops/contracts/routes';
import { request } from '../client';

export function getUserMenu() {
  return request<MenuNode[]>({ method: 'POST', url: '/api/user/menu' });
}

export function userMenuQueryOptions() {
  return queryOptions({ queryKey: ['user', 'menu'], queryFn: getUserMenu, staleTime: Infinity });
}

export function useUserMenuQuery(enabled = true) {
  return useQuery({ ...userMenuQueryOptions(), enabled });
}
