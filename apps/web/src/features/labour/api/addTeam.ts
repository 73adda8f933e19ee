import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { labourApi } from '@siteops/contracts/labour/api';
import { call } from '@/api/endpoint';
import { useEndpointMutation } from '@/api/queries';

/** Add a team (POST /api/labour/addTeam). */
export const addTeam = (input: InputOf<typeof labourApi.addTeam>) => call(labourApi.addTeam, input);

/** The mutation; on success every labour read is fetched again. */
export const useAddTeam = () => useEndpointMutation(labourApi.addTeam);
