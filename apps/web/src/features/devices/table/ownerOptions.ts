import { useQuery } from '@tanstack/react-query';
import type { ProjectItem } from '@siteops/contracts/project';
import { agentListQueryOptions } from '../../../api/agent/listAll';
import { request } from '../../../api/client';
import type { PageResult } from '../../../api/page';

export interface Option {
  value: number;
  label: string;
}

/** Options of the agent and project pickers; typed search narrows them on the server. */
const OPTIONS_PAGE = 50;

/** Agents the caller may pick (admin: all; an agent: its own). */
export function useAgentOptions(name: string, enabled: boolean) {
  return useQuery({
    ...agentListQueryOptions({ name: name || undefined, pageSize: OPTIONS_PAGE }),
    select: (page): Option[] => page.list.map((a) => ({ value: a.id, label: a.name })),
    enabled,
    staleTime: 30_000,
  });
}

/**
 * Projects in the caller's scope. Called silently (not through `api/project/listAll`): the server
 * lets admins and managers list projects, not agents yet, and an agent's picker should just stay
 * empty rather than toast a refusal each time it opens.
 */
export function useProjectOptions(name: string, enabled: boolean, agentId?: number) {
  return useQuery({
    queryKey: ['project', 'list', { name, agentId, pageSize: OPTIONS_PAGE, purpose: 'options' }],
    queryFn: () =>
      request<PageResult<ProjectItem>>({
        method: 'GET',
        url: '/api/project/listAll',
        params: { name: name || undefined, agentId, pageSize: OPTIONS_PAGE },
        silent: true,
      }),
    select: (page): Option[] =>
      page.list.map((p) => ({ value: p.id, label: p.agentName ? `${p.name} (${p.agentName})` : p.name })),
    enabled,
    staleTime: 30_000,
    retry: false,
  });
}
