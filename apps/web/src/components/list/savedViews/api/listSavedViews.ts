import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { savedViewApi } from '@siteops/contracts/saved-view/api';
import { call, type CallOptions } from '@/api/endpoint';
import { endpointQuery, useEndpointQuery } from '@/api/queries';

type Input = InputOf<typeof savedViewApi.list>;

/** The caller's saved views of a list, then those shared with it (GET /api/savedView/list). */
export const listSavedViews = (input: Input, options?: CallOptions) => call(savedViewApi.list, input, options);

export const listSavedViewsQuery = (input: Input) => endpointQuery(savedViewApi.list, input);

/** Fetched once the menu opens or the address asks for a view; kept a while, a save refreshes it. */
export const useSavedViews = (input: Input, options: { enabled?: boolean } = {}) =>
  useEndpointQuery(savedViewApi.list, input, { staleTime: 30_000, ...options });
