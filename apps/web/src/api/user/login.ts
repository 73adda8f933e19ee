import { useMutation } from '@tanstack/react-query';
import type { LoginBody } from '@siteops/contracts/user';
import { request } from '../client';

export interface LoginResult {
  token: string;
  mustChangePassword: boolean;
}

export function login(body: LoginBody) {
  return request<LoginResult>({ method: 'POST', url: '/api/user/login', data: body });
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}
