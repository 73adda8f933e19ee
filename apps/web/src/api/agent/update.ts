import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateAgentBody } from '@siteops/contracts/agent';
import { request } from '../client';

export function updateAgent(body: UpdateAgentBody) {
  return request<null>({ method: 'PUT', url: '/api/agent/update', data: body });
}

export function useUpdateAgentMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateAgent,
    onSuccess: () => client.invalidateQueries({ queryKey: ['agent'] }),
  });
}
