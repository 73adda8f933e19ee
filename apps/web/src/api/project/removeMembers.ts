import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectMembersBody } from '@siteops/contracts/project';
import { request } from '../client';

export function removeProjectMembers(body: ProjectMembersBody) {
  return request<{ removed: number }>({ method: 'POST', url: '/api/project/removeMembers', data: body });
}

export function useRemoveProjectMembersMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeProjectMembers,
    onSuccess: () => client.invalidateQueries({ queryKey: ['project'] }),
  });
}
