import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { labourApi } from '@siteops/contracts/labour/api';
import { call, type CallOptions } from '@/api/endpoint';
import { endpointQuery, useEndpointQuery } from '@/api/queries';

type Input = InputOf<typeof labourApi.subcontractors>;

/** Subcontractors of the caller’s projects (GET /api/labour/subcontractors). */
export const listSubcontractors = (input: Input, options?: CallOptions) =>
  call(labourApi.subcontractors, input, options);

export const listSubcontractorsQuery = (input: Input) => endpointQuery(labourApi.subcontractors, input);

export const useSubcontractors = (input: Input, options: { enabled?: boolean } = {}) =>
  useEndpointQuery(labourApi.subcontractors, input, options);
