import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LicencePublicKeyAnswer } from '@siteops/contracts/device';
import { request } from '../client';

/** The Ed25519 public key licences verify with (public). */
export function getLicencePublicKey() {
  return request<LicencePublicKeyAnswer>({ method: 'GET', url: '/api/device/licencePublicKey' });
}

export const licencePublicKeyQueryOptions = queryOptions({
  queryKey: ['device', 'licencePublicKey'],
  queryFn: getLicencePublicKey,
  staleTime: Infinity,
});

export function useLicencePublicKeyQuery() {
  return useQuery(licencePublicKeyQueryOptions);
}
