import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { labourApi } from '@siteops/contracts/labour/api';
import { call } from '@/api/endpoint';
import { useEndpointMutation } from '@/api/queries';

/** Add a subcontractor (POST /api/labour/addSubcontractor). */
export const addSubcontractor = (input: InputOf<typeof labourApi.addSubcontractor>) =>
  call(labourApi.addSubcontractor, input);

/** The mutation; on success every labour read is fetched again. */
export const useAddSubcontractor = () => useEndpointMutation(labourApi.addSubcontractor);
