import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { savedViewApi } from '@siteops/contracts/saved-view/api';
import { call } from '@/api/endpoint';
import { useEndpointMutation } from '@/api/queries';

/** Rename or re-share one's own view, with `state` overwrite it (PUT /api/savedView/update). */
export const updateSavedView = (input: InputOf<typeof savedViewApi.update>) => call(savedViewApi.update, input);

/** The mutation; on success every saved-view read is fetched again. */
export const useUpdateSavedView = () => useEndpointMutation(savedViewApi.update);
