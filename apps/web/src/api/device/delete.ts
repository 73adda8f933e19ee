import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../client';

export function deleteDevices(ids: number[]) {
  return request<{ changed: number }>({ method: 'DELETE', url: '/api/device/delete', data: { ids } });
}

export function useDeleteDevicesMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteDevices,
    onSuccess: () => client.invalidateQueries({ queryKey: ['device'] }),
  });
}
