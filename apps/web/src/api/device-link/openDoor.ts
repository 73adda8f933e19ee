import { useMutation } from '@tanstack/react-query';
import { deviceLinkApi } from '@siteops/contracts/device-link/api';
import { call } from '@/api/endpoint';

/** One-key open door (face and tower-elevator-face terminals). Errors are reported by the caller. */
export function openDoor(id: number, door?: number) {
  return call(deviceLinkApi.openDoor, { id, door }, { silent: true });
}

export function useOpenDoorMutation() {
  return useMutation({ mutationFn: ({ id, door }: { id: number; door?: number }) => openDoor(id, door) });
}
