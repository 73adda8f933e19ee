import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { savedViewApi } from '@siteops/contracts/saved-view/api';
import { call } from '@/api/endpoint';
import { useEndpointMutation } from '@/api/queries';

/** Delete saved views ({ ids }) (DELETE /api/savedView/delete). */
export const deleteSavedViews = (input: InputOf<typeof savedViewApi.delete>) => call(savedViewApi.delete, input);

/** The mutation; on success every saved-view read is fetched again. */
export const useDeleteSavedViews = () => useEndpointMutation(savedViewApi.delete);
