import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../client';

/** Contracts' `addPlatformBody`; the name is unique (a 409 names platformName). */
export interface PlatformBody {
  platformName: string;
  /** YYYY-MM-DD */
  expirationDate: string;
  attachInfo?: string | null;
}

export function addPlatform(body: PlatformBody) {
  return request<{ id: number }>({ method: 'POST', url: '/api/platform/add', data: body });
}

export function useAddPlatformMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addPlatform,
    onSuccess: () => client.invalidateQueries({ queryKey: ['platform'] }),
  });
}
