import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddAgentBody } from '@siteops/contracts/agent';
import { request } from '../client';

/** Creates the agent and its admin user together (all or nothing on the server). */
export function addAgent(body: AddAgentBody) {
  return request<{ id: number; userId: number }>({ method: 'POST', url: '/api/agent/add', data: body });
}

export function useAddAgentMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addAgent,
    onSuccess: () => client.invalidateQueries({ queryKey: ['agent'] }),
  });
}
