import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddManagerBody } from '@siteops/contracts/project';
import { request } from '../client';

/** Makes a user with the role manager a manager of the project. */
export function addProjectManager(body: AddManagerBody) {
  return request<null>({ method: 'POST', url: '/api/project/addManager', data: body });
}

export function useAddProjectManagerMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addProjectManager,
    onSuccess: () => client.invalidateQueries({ queryKey: ['project'] }),
  });
}
