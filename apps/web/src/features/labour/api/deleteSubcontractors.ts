import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { labourApi } from '@siteops/contracts/labour/api';
import { call } from '@/api/endpoint';
import { useEndpointMutation } from '@/api/queries';

/** Delete subcontractors (DELETE /api/labour/deleteSubcontractor). */
export const deleteSubcontractors = (input: InputOf<typeof labourApi.deleteSubcontractor>) =>
  call(labourApi.deleteSubcontractor, input);

/** The mutation; on success every labour read is fetched again. */
export const useDeleteSubcontractors = () => useEndpointMutation(labourApi.deleteSubcontractor);
