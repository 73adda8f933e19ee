import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { labourApi } from '@siteops/contracts/labour/api';
import { call, type CallOptions } from '@/api/endpoint';
import { endpointQuery, useEndpointQuery } from '@/api/queries';

type Input = InputOf<typeof labourApi.reveal>;

/** A worker’s full ID and bank card numbers (GET /api/labour/reveal; admins only, recorded in the audit log). */
export const revealWorker = (input: Input, options?: CallOptions) => call(labourApi.reveal, input, options);

export const revealWorkerQuery = (input: Input) => endpointQuery(labourApi.reveal, input);

/** Asked only when `enabled` (the admin pressed Reveal): each ask is an audited read. */
export const useRevealWorker = (input: Input, options: { enabled?: boolean } = {}) =>
  useEndpointQuery(labourApi.reveal, input, { ...options, staleTime: Infinity });
