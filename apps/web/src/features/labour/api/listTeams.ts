import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { labourApi } from '@siteops/contracts/labour/api';
import { useEndpointQuery } from '@/api/queries';

type Input = InputOf<typeof labourApi.teams>;

/** Teams of the caller’s projects (GET /api/labour/teams). */
export const useTeams = (input: Input, options: { enabled?: boolean } = {}) =>
  useEndpointQuery(labourApi.teams, input, options);
