import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentItem } from '@siteops/contracts/agent';
import { request } from '../client';

export function getAgent(id: number) {
  return request<AgentItem>({ method: 'GET', url: '/api/agent/detail', params: { id } });
}

export function agentDetailQueryOptions(id: number) {
  return queryOptions({ queryKey: ['agent', 'detail', id], queryFn: () => getAgent(id) });
}

export function useAgentDetailQuery(id: number | undefined) {
  return useQuery({ ...agentDetailQueryOptions(id ?? 0), enabled: id !== undefined });
}
