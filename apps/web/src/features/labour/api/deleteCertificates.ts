import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { labourApi } from '@siteops/contracts/labour/api';
import { call } from '@/api/endpoint';
import { useEndpointMutation } from '@/api/queries';

/** Delete certificates (DELETE /api/labour/deleteCertificate). */
export const deleteCertificates = (input: InputOf<typeof labourApi.deleteCertificate>) =>
  call(labourApi.deleteCertificate, input);

/** The mutation; on success every labour read is fetched again. */
export const useDeleteCertificates = () => useEndpointMutation(labourApi.deleteCertificate);
