import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { labourApi } from '@siteops/contracts/labour/api';
import { call } from '@/api/endpoint';
import { useEndpointMutation } from '@/api/queries';

/** Change a worker (PUT /api/labour/update). */
export const updateWorker = (input: InputOf<typeof labourApi.update>) => call(labourApi.update, input);

/** The mutation; on success every labour read is fetched again. */
export const useUpdateWorker = () => useEndpointMutation(labourApi.update);
