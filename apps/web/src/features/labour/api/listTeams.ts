import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { labourApi } from '@siteops/contracts/labour/api';
import { call, type CallOptions } from '@/api/endpoint';
import { endpointQuery, useEndpointQuery } from '@/api/queries';

type Input = InputOf<typeof labourApi.teams>;

/** Teams of the caller’s projects (GET /api/labour/teams). */
export const listTeams = (input: Input, options?: CallOptions) => call(labourApi.teams, input, options);

export const listTeamsQuery = (input: Input) => endpointQuery(labourApi.teams, input);

export const useTeams = (input: Input, options: { enabled?: boolean } = {}) =>
  useEndpointQuery(labourApi.teams, input, options);
