import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddUserInput } from '@siteops/contracts/user';
import { request } from '../client';
import { refreshUsers } from './invalidate';

/** `id` plus only the fields that change; `enabled: 'disable'` ends the user's sessions at once. */
export type UpdateUserInput = Partial<Omit<AddUserInput, 'password'>> & { id: number };

export function updateUser(body: UpdateUserInput) {
  return request<null>({ method: 'PUT', url: '/api/user/update', data: body });
}

export function useUpdateUserMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => refreshUsers(client),
  });
}
