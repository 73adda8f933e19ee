import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { labourApi } from '@siteops/contracts/labour/api';
import { call } from '@/api/endpoint';
import { useEndpointMutation } from '@/api/queries';

/** Add a certificate to a worker (POST /api/labour/addCertificate). */
export const addCertificate = (input: InputOf<typeof labourApi.addCertificate>) =>
  call(labourApi.addCertificate, input);

/** The mutation; on success every labour read is fetched again. */
export const useAddCertificate = () => useEndpointMutation(labourApi.addCertificate);
