import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { labourApi } from '@siteops/contracts/labour/api';
import { call } from '@/api/endpoint';
import { useEndpointMutation } from '@/api/queries';

/** Register a worker (POST /api/labour/add). */
export const addWorker = (input: InputOf<typeof labourApi.add>) => call(labourApi.add, input);

/** The mutation; on success every labour read is fetched again. */
export const useAddWorker = () => useEndpointMutation(labourApi.add);
