import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateSelfInput } from '@siteops/contracts/user';
import { request } from '../client';

/** "Edit info": the caller's own safe profile fields (every role). */
export function updateSelf(body: UpdateSelfInput) {
  return request<null>({ method: 'PUT', url: '/api/user/updateSelf', data: body });
}

export function useUpdateSelfMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateSelf,
    // The navbar and greeting read the user info; the overview and lists show the name too.
    onSuccess: () => client.invalidateQueries({ queryKey: ['user'] }),
  });
}
