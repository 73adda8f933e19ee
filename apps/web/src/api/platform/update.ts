import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../client';
import type { PlatformBody } from './add';

export function updatePlatform(body: Partial<PlatformBody> & { id: number }) {
  return request<null>({ method: 'PUT', url: '/api/platform/update', data: body });
}

export function useUpdatePlatformMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updatePlatform,
    onSuccess: () => client.invalidateQueries({ queryKey: ['platform'] }),
  });
}
