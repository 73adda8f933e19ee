import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { labourApi } from '@siteops/contracts/labour/api';
import { call } from '@/api/endpoint';
import { useEndpointMutation } from '@/api/queries';

/** Delete teams (DELETE /api/labour/deleteTeam). */
export const deleteTeams = (input: InputOf<typeof labourApi.deleteTeam>) => call(labourApi.deleteTeam, input);

/** The mutation; on success every labour read is fetched again. */
export const useDeleteTeams = () => useEndpointMutation(labourApi.deleteTeam);
