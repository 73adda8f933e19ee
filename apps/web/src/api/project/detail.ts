import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectItem } from '@siteops/contracts/project';
import { request } from '../client';

export function getProject(id: number) {
  return request<ProjectItem>({ method: 'GET', url: '/api/project/detail', params: { id } });
}

export function projectDetailQueryOptions(id: number) {
  return queryOptions({ queryKey: ['project', 'detail', id], queryFn: () => getProject(id) });
}

export function useProjectDetailQuery(id: number | undefined) {
  return useQuery({ ...projectDetailQueryOptions(id ?? 0), enabled: id !== undefined });
}
