import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../client';

/** Admin: the user gets the default password, must change it at next login, and is logged out now. */
export function resetPasswd(id: number) {
  return request<null>({ method: 'PUT', url: '/api/user/resetPasswd', data: { id } });
}

export function useResetPasswdMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resetPasswd,
    onSuccess: () => client.invalidateQueries({ queryKey: ['user', 'overview'] }),
  });
}
