import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { labourApi } from '@siteops/contracts/labour/api';
import { call, type CallOptions } from '@/api/endpoint';
import { endpointQuery, useEndpointQuery } from '@/api/queries';

type Input = InputOf<typeof labourApi.certificates>;

/** A worker’s certificates and its required one’s state (GET /api/labour/certificates). */
export const listCertificates = (input: Input, options?: CallOptions) => call(labourApi.certificates, input, options);

export const listCertificatesQuery = (input: Input) => endpointQuery(labourApi.certificates, input);

export const useCertificates = (input: Input, options: { enabled?: boolean } = {}) =>
  useEndpointQuery(labourApi.certificates, input, options);
