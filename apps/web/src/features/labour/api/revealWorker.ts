import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { labourApi } from '@siteops/contracts/labour/api';
import { useEndpointQuery } from '@/api/queries';

type Input = InputOf<typeof labourApi.reveal>;

/** Asked only when `enabled` (the admin pressed Reveal): each ask is an audited read. */
/** A worker’s full ID and bank card numbers (GET /api/labour/reveal; admins only, recorded in the audit log). */
export const useRevealWorker = (input: Input, options: { enabled?: boolean } = {}) =>
  useEndpointQuery(labourApi.reveal, input, { ...options, staleTime: Infinity });
