import { useQuery } from '@tanstack/react-query';
import { agentApi } from '@siteops/contracts/agent/api';
import { projectApi } from '@siteops/contracts/project/api';
import { call } from '@/api/endpoint';
import { endpointQuery } from '@/api/queries';
import { keyOf } from '@/api/queryKey';

export interface Option {
  value: number;
  label: string;
}

/** Options of the agent and project pickers; typed search narrows them on the server. */
const OPTIONS_PAGE = 50;

/** Agents the caller may pick (admin: all; an agent: its own). */
export function useAgentOptions(name: string, enabled: boolean) {
  return useQuery({
    ...endpointQuery(agentApi.listAll, { name: name || undefined, pageSize: OPTIONS_PAGE }),
    select: (page): Option[] => page.list.map((a) => ({ value: a.id, label: a.name })),
    enabled,
    staleTime: 30_000,
  });
}

/**
 * Projects in the caller's scope. Called silently: a caller the server refuses should just see an
 * empty picker rather than a toast each time it opens.
 */
export function useProjectOptions(name: string, enabled: boolean, agentId?: number) {
  const input = { name: name || undefined, agentId, pageSize: OPTIONS_PAGE };
  return useQuery({
    queryKey: keyOf(projectApi.listAll, input),
    queryFn: ({ signal }) => call(projectApi.listAll, input, { silent: true, signal }),
    select: (page): Option[] =>
      page.list.map((p) => ({ value: p.id, label: p.agentName ? `${p.name} (${p.agentName})` : p.name })),
    enabled,
    staleTime: 30_000,
    retry: false,
  });
}
