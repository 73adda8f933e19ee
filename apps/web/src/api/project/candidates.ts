import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectCandidateItem, ProjectCandidatesQuery } from '@siteops/contracts/project';
import { request } from '../client';
import type { PageResult } from '../page';

/** Users who could join the project (purpose manager: role manager, not yet managing it). */
export function listProjectCandidates(params: ProjectCandidatesQuery) {
  return request<PageResult<ProjectCandidateItem>>({ method: 'GET', url: '/api/project/candidates', params });
}

export function projectCandidatesQueryOptions(params: ProjectCandidatesQuery) {
  return queryOptions({
    queryKey: ['project', 'candidates', params],
    queryFn: () => listProjectCandidates(params),
    placeholderData: keepPreviousData,
  });
}

export function useProjectCandidatesQuery(params: ProjectCandidatesQuery | undefined) {
  return useQuery({
    ...projectCandidatesQueryOptions(params ?? { projectId: 0 }),
    enabled: params !== undefined,
  });
}
