import { useMutation } from '@tanstack/react-query';
import { request } from '../client';

export interface UpdatePasswdBody {
  oldPassword: string;
  newPassword: string;
}

export function updatePasswd(body: UpdatePasswdBody) {
  return request<null>({ method: 'PUT', url: '/api/user/updatePasswd', data: body });
}

export function useUpdatePasswdMutation() {
  return useMutation({ mutationFn: updatePasswd });
}
