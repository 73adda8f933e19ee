import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../client';

/** Contracts' `divideAgentBody`. */
export interface DivideAgentBody {
  ids: number[];
  agentId: number | null;
}

/** Admin: give devices to an agent (null: back to the platform), all or none; answers how many changed. */
export function divideDevicesToAgent(body: DivideAgentBody) {
  return request<{ changed: number }>({ method: 'POST', url: '/api/device/divideAgent', data: body });
}

export function useDivideAgentMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: divideDevicesToAgent,
    onSuccess: () => client.invalidateQueries({ queryKey: ['device'] }),
  });
}
