import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { labourApi } from '@siteops/contracts/labour/api';
import { useEndpointQuery } from '@/api/queries';

type Input = InputOf<typeof labourApi.listAll>;

/** Workers of the caller’s projects (GET /api/labour/listAll). */
export const useWorkers = (input: Input, options: { enabled?: boolean } = {}) =>
  useEndpointQuery(labourApi.listAll, input, options);
