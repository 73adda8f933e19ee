import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateDeviceBody } from '@siteops/contracts/device';
import { request } from '../client';

export function updateDevice(body: UpdateDeviceBody) {
  return request<null>({ method: 'PUT', url: '/api/device/update', data: body });
}

export function useUpdateDeviceMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateDevice,
    onSuccess: () => client.invalidateQueries({ queryKey: ['device'] }),
  });
}
