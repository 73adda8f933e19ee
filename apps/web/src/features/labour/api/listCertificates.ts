import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { labourApi } from '@siteops/contracts/labour/api';
import { useEndpointQuery } from '@/api/queries';

type Input = InputOf<typeof labourApi.certificates>;

/** A worker’s certificates and its required one’s state (GET /api/labour/certificates). */
export const useCertificates = (input: Input, options: { enabled?: boolean } = {}) =>
  useEndpointQuery(labourApi.certificates, input, options);
