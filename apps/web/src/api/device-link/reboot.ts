import { useMutation } from '@tanstack/react-query';
import { DEVICE_LINK_PATHS } from '@siteops/contracts/device-link';
import { request } from '../client';

/** Reboot: the device goes offline and comes back by itself. Errors are reported by the caller. */
export function rebootDevice(id: number) {
  return request<{ rebootAt: string }>({ method: 'POST', url: DEVICE_LINK_PATHS.reboot(id), data: {}, silent: true });
}

export function useRebootMutation() {
  return useMutation({ mutationFn: rebootDevice });
}
