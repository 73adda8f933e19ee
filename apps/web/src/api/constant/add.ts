import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddConstantBody } from '@siteops/contracts/constant';
import { request } from '../client';

export function addConstant(body: AddConstantBody) {
  return request<{ id: number }>({ method: 'POST', url: '/api/constant/add', data: body });
}

export function useAddConstantMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addConstant,
    onSuccess: () => client.invalidateQueries({ queryKey: ['constant'] }),
  });
}
