import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { labourApi } from '@siteops/contracts/labour/api';
import { call } from '@/api/endpoint';
import { useEndpointMutation } from '@/api/queries';

/** Change a certificate (PUT /api/labour/updateCertificate). */
export const updateCertificate = (input: InputOf<typeof labourApi.updateCertificate>) =>
  call(labourApi.updateCertificate, input);

/** The mutation; on success every labour read is fetched again. */
export const useUpdateCertificate = () => useEndpointMutation(labourApi.updateCertificate);
