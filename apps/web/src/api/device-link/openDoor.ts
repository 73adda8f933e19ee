import { useMutation } from '@tanstack/react-query';
import { request } from '../client';

export interface OpenDoorResult {
  door: number;
  openedAt: string;
  closesAt: string;
}

/** One-key open door (face and tower-elevator-face terminals). */
export function openDoor(id: number, door?: number) {
  return request<OpenDoorResult>({ method: 'POST', url: '/api/device/openDoor', data: { id, door } });
}

export function useOpenDoorMutation() {
  return useMutation({ mutationFn: ({ id, door }: { id: number; door?: number }) => openDoor(id, door) });
}
