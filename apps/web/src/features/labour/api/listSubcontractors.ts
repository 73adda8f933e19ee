import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { labourApi } from '@siteops/contracts/labour/api';
import { useEndpointQuery } from '@/api/queries';

type Input = InputOf<typeof labourApi.subcontractors>;

/** Subcontractors of the caller’s projects (GET /api/labour/subcontractors). */
export const useSubcontractors = (input: Input, options: { enabled?: boolean } = {}) =>
  useEndpointQuery(labourApi.subcontractors, input, options);
