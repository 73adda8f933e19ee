import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateConstantBody } from '@siteops/contracts/constant';
import { request } from '../client';

export function updateConstant(body: UpdateConstantBody) {
  return request<null>({ method: 'PUT', url: '/api/constant/update', data: body });
}

export function useUpdateConstantMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateConstant,
    onSuccess: () => client.invalidateQueries({ queryKey: ['constant'] }),
  });
}
