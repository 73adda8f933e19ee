import { useMutation } from '@tanstack/react-query';
import { request } from '../client';

export interface RebootResult {
  rebootAt: string;
}

export function rebootDevice(id: number) {
  return request<RebootResult>({ method: 'POST', url: '/api/device/reboot', data: { id } });
}

export function useRebootMutation() {
  return useMutation({ mutationFn: rebootDevice });
}
