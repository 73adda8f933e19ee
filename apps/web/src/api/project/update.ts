import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProjectBody } from '@siteops/contracts/project';
import { request } from '../client';

export function updateProject(body: UpdateProjectBody) {
  return request<null>({ method: 'PUT', url: '/api/project/update', data: body });
}

export function useUpdateProjectMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    onSuccess: () => client.invalidateQueries({ queryKey: ['project'] }),
  });
}
