import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectMemberItem, ProjectMembersQuery } from '@siteops/contracts/project';
import { request } from '../client';
import type { PageResult } from '../page';

export function listProjectMembers(params: ProjectMembersQuery) {
  return request<PageResult<ProjectMemberItem>>({ method: 'GET', url: '/api/project/members', params });
}

export function projectMembersQueryOptions(params: ProjectMembersQuery) {
  return queryOptions({
    queryKey: ['project', 'members', params],
    queryFn: () => listProjectMembers(params),
    placeholderData: keepPreviousData,
  });
}

export function useProjectMembersQuery(params: ProjectMembersQuery | undefined) {
  return useQuery({
    ...projectMembersQueryOptions(params ?? { projectId: 0 }),
    enabled: params !== undefined,
  });
}
