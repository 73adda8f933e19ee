import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { savedViewApi } from '@siteops/contracts/saved-view/api';
import { call } from '@/api/endpoint';
import { useEndpointMutation } from '@/api/queries';

/** Save the list's view under a name (POST /api/savedView/add). */
export const addSavedView = (input: InputOf<typeof savedViewApi.add>) => call(savedViewApi.add, input);

/** The mutation; on success every saved-view read is fetched again. */
export const useAddSavedView = () => useEndpointMutation(savedViewApi.add);
