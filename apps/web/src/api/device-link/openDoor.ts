import { useMutation } from '@tanstack/react-query';
import { DEVICE_LINK_PATHS, type OpenDoorAnswer } from '@siteops/contracts/device-link';
import { request } from '../client';

/** One-key open door (face and tower-elevator-face terminals). Errors are reported by the caller. */
export function openDoor(id: number, door?: number) {
  return request<OpenDoorAnswer>({ method: 'POST', url: DEVICE_LINK_PATHS.openDoor(id), data: { door }, silent: true });
}

export function useOpenDoorMutation() {
  return useMutation({ mutationFn: ({ id, door }: { id: number; door?: number }) => openDoor(id, door) });
}
