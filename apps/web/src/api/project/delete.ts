import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../client';

export function deleteProjects(ids: number[]) {
  return request<{ deleted: number }>({ method: 'DELETE', url: '/api/project/delete', data: { ids } });
}

export function useDeleteProjectsMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteProjects,
    onSuccess: () => client.invalidateQueries({ queryKey: ['project'] }),
  });
}
