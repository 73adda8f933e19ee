import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../client';

/** Contracts' `authorizeDevicesBody`. */
export interface AuthorizeDevicesBody {
  ids: number[];
  authStatus: 'authorize' | 'forbidden';
}

/** Authorise or forbid devices, all or none; answers how many changed. */
export function authorizeDevices(body: AuthorizeDevicesBody) {
  return request<{ changed: number }>({ method: 'POST', url: '/api/device/authorize', data: body });
}

export function useAuthorizeDevicesMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: authorizeDevices,
    onSuccess: () => client.invalidateQueries({ queryKey: ['device'] }),
  });
}
