import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { labourApi } from '@siteops/contracts/labour/api';
import { call } from '@/api/endpoint';
import { useEndpointMutation } from '@/api/queries';

/** Change a subcontractor (PUT /api/labour/updateSubcontractor). */
export const updateSubcontractor = (input: InputOf<typeof labourApi.updateSubcontractor>) =>
  call(labourApi.updateSubcontractor, input);

/** The mutation; on success every labour read is fetched again. */
export const useUpdateSubcontractor = () => useEndpointMutation(labourApi.updateSubcontractor);
