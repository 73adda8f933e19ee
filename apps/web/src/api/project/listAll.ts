import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectItem, ProjectListQuery } from '@siteops/contracts/project';
import { request } from '../client';
import type { PageResult } from '../page';

export function listProjects(params: ProjectListQuery) {
  return request<PageResult<ProjectItem>>({ method: 'GET', url: '/api/project/listAll', params });
}

export function projectListQueryOptions(params: ProjectListQuery) {
  return queryOptions({
    queryKey: ['project', 'list', params],
    queryFn: () => listProjects(params),
    placeholderData: keepPreviousData,
  });
}

export function useProjectListQuery(params: ProjectListQuery) {
  return useQuery(projectListQueryOptions(params));
}
