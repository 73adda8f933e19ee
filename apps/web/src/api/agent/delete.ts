import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../client';

/** The 409 `data` when an agent still has users, projects or devices. */
export interface AgentInUse {
  id: number;
  name: string;
  dependents: string[];
  counts: { users?: number; projects?: number; devices?: number };
}

export function deleteAgents(ids: number[]) {
  return request<{ deleted: number }>({ method: 'DELETE', url: '/api/agent/delete', data: { ids } });
}

export function useDeleteAgentsMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteAgents,
    onSuccess: () => client.invalidateQueries({ queryKey: ['agent'] }),
  });
}
