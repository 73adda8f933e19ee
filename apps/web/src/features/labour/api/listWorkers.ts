import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { labourApi } from '@siteops/contracts/labour/api';
import { call, type CallOptions } from '@/api/endpoint';
import { endpointQuery, useEndpointQuery } from '@/api/queries';

type Input = InputOf<typeof labourApi.listAll>;

/** Workers of the caller’s projects (GET /api/labour/listAll). */
export const listWorkers = (input: Input, options?: CallOptions) => call(labourApi.listAll, input, options);

export const listWorkersQuery = (input: Input) => endpointQuery(labourApi.listAll, input);

export const useWorkers = (input: Input, options: { enabled?: boolean } = {}) =>
  useEndpointQuery(labourApi.listAll, input, options);
