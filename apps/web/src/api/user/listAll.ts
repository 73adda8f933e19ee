import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserListItem, UserListQuery } from '@siteops/contracts/user';
import { request } from '../client';
import type { PageResult } from '../page';

export function listUsers(params: UserListQuery) {
  return request<PageResult<UserListItem>>({ method: 'GET', url: '/api/user/listAll', params });
}

export function userListQueryOptions(params: UserListQuery) {
  return queryOptions({
    queryKey: ['user', 'list', params],
    queryFn: () => listUsers(params),
    placeholderData: keepPreviousData,
  });
}

export function useUserListQuery(params: UserListQuery) {
  return useQuery(userListQueryOptions(params));
}
