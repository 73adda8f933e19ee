import { useMutation } from '@tanstack/react-query';
import { deviceLinkApi } from '@siteops/contracts/device-link/api';
import { call } from '@/api/endpoint';

/** Reboot: the device goes offline and comes back by itself. Errors are reported by the caller. */
export function rebootDevice(id: number) {
  return call(deviceLinkApi.reboot, { id }, { silent: true });
}

export function useRebootMutation() {
  return useMutation({ mutationFn: rebootDevice });
}
