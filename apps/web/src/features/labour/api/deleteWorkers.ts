import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { labourApi } from '@siteops/contracts/labour/api';
import { call } from '@/api/endpoint';
import { useEndpointMutation } from '@/api/queries';

/** Delete workers (DELETE /api/labour/delete). */
export const deleteWorkers = (input: InputOf<typeof labourApi.delete>) => call(labourApi.delete, input);

/** The mutation; on success every labour read is fetched again. */
export const useDeleteWorkers = () => useEndpointMutation(labourApi.delete);
