import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { labourApi } from '@siteops/contracts/labour/api';
import { call } from '@/api/endpoint';
import { useEndpointMutation } from '@/api/queries';

/** Change a team (PUT /api/labour/updateTeam). */
export const updateTeam = (input: InputOf<typeof labourApi.updateTeam>) => call(labourApi.updateTeam, input);

/** The mutation; on success every labour read is fetched again. */
export const useUpdateTeam = () => useEndpointMutation(labourApi.updateTeam);
