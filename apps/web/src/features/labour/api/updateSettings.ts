import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { labourApi } from '@siteops/contracts/labour/api';
import { call } from '@/api/endpoint';
import { useEndpointMutation } from '@/api/queries';

/** Change a project’s attendance settings (PUT /api/labour/updateSettings). */
export const updateSettings = (input: InputOf<typeof labourApi.updateSettings>) =>
  call(labourApi.updateSettings, input);

/** The mutation; on success every labour read is fetched again. */
export const useUpdateLabourSettings = () => useEndpointMutation(labourApi.updateSettings);
