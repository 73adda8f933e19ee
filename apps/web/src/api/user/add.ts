import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddUserInput } from '@siteops/contracts/user';
import { request } from '../client';
import { refreshUsers } from './invalidate';

export function addUser(body: AddUserInput) {
  return request<{ id: number }>({ method: 'POST', url: '/api/user/add', data: body });
}

export function useAddUserMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addUser,
    onSuccess: () => refreshUsers(client),
  });
}
