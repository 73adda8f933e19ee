import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddProjectBody } from '@siteops/contracts/project';
import { request } from '../client';

export function addProject(body: AddProjectBody) {
  return request<{ id: number }>({ method: 'POST', url: '/api/project/add', data: body });
}

export function useAddProjectMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addProject,
    onSuccess: () => client.invalidateQueries({ queryKey: ['project'] }),
  });
}
