import { useQuery } from '@tanstack/react-query';
import { userApi } from '@siteops/contracts/user/api';
import { endpointQuery } from '@/api/queries';

/** The people a step may name: users in the caller's scope (GET /api/user/listAll), as picker options. */
export const useUserOptions = (enabled: boolean) =>
  useQuery({
    ...endpointQuery(userApi.listAll, { pageSize: 200 }),
    select: (page) =>
      page.list.map((u) => ({ value: u.id, label: u.realName ? `${u.realName} (${u.userName})` : u.userName })),
    enabled,
    staleTime: 30_000,
  });
