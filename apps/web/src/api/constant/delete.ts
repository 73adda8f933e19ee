import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../client';

export function deleteConstants(ids: number[]) {
  return request<{ deleted: number }>({ method: 'DELETE', url: '/api/constant/delete', data: { ids } });
}

export function useDeleteConstantsMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteConstants,
    onSuccess: () => client.invalidateQueries({ queryKey: ['constant'] }),
  });
}
