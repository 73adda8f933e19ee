import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectUserItem, UserListQuery } from '@siteops/contracts/user';
import { request } from '../client';
import type { PageResult } from '../page';

export type ProjectUserListQuery = UserListQuery & { projectId: number; projectRole?: 'manager' | 'member' };

export function listProjectUsers(params: ProjectUserListQuery) {
  return request<PageResult<ProjectUserItem>>({ method: 'GET', url: '/api/user/proListAll', params });
}

export function projectUserListQueryOptions(params: ProjectUserListQuery) {
  return queryOptions({
    queryKey: ['user', 'proList', params],
    queryFn: () => listProjectUsers(params),
    placeholderData: keepPreviousData,
  });
}

export function useProjectUserListQuery(params: ProjectUserListQuery) {
  return useQuery(projectUserListQueryOptions(params));
}
