import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../client';

export function deletePlatforms(ids: number[]) {
  return request<{ deleted: number }>({ method: 'DELETE', url: '/api/platform/delete', data: { ids } });
}

export function useDeletePlatformsMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deletePlatforms,
    onSuccess: () => client.invalidateQueries({ queryKey: ['platform'] }),
  });
}
