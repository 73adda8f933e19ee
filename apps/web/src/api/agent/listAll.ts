import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentItem, AgentListQuery } from '@siteops/contracts/agent';
import { request } from '../client';
import type { PageResult } from '../page';

export function listAgents(params: AgentListQuery) {
  return request<PageResult<AgentItem>>({ method: 'GET', url: '/api/agent/listAll', params });
}

export function agentListQueryOptions(params: AgentListQuery) {
  return queryOptions({
    queryKey: ['agent', 'list', params],
    queryFn: () => listAgents(params),
    placeholderData: keepPreviousData,
  });
}

export function useAgentListQuery(params: AgentListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...agentListQueryOptions(params), enabled: options.enabled ?? true });
}
