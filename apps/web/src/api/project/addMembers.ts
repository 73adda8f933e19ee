import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectMembersBody } from '@siteops/contracts/project';
import { request } from '../client';

export function addProjectMembers(body: ProjectMembersBody) {
  return request<{ added: number }>({ method: 'POST', url: '/api/project/addMembers', data: body });
}

export function useAddProjectMembersMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addProjectMembers,
    onSuccess: () => client.invalidateQueries({ queryKey: ['project'] }),
  });
}
