import { useQuery } from '@tanstack/react-query';
import { projectApi } from '@siteops/contracts/project/api';
import { endpointQuery } from '@/api/queries';

/** The projects in the caller's scope with their agents (GET /api/project/listAll): whose chains and channels the page shows. */
export const useProjectChoices = () =>
  useQuery({
    ...endpointQuery(projectApi.listAll, { pageSize: 200, sortField: 'name', sortOrder: 'asc' }),
    select: (page) =>
      page.list.map((p) => ({
        value: p.id,
        label: p.agentName ? `${p.name} (${p.agentName})` : p.name,
        agentId: p.agentId,
      })),
    staleTime: 30_000,
  });
