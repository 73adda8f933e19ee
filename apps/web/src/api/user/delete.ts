import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../client';
import { refreshUsers } from './invalidate';

export function deleteUsers(ids: number[]) {
  return request<{ deleted: number }>({ method: 'DELETE', url: '/api/user/delete', data: { ids } });
}

export function useDeleteUsersMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteUsers,
    onSuccess: () => refreshUsers(client),
  });
}
