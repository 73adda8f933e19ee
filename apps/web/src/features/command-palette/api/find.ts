import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { searchApi } from '@siteops/contracts/search/api';
import { call, type CallOptions } from '@/api/endpoint';
import { endpointQuery, useEndpointQuery } from '@/api/queries';

type Input = InputOf<typeof searchApi.find>;

/** Devices, projects and visitors the caller may open, by name or serial number (GET /api/search/find). */
export const find = (input: Input, options?: CallOptions) => call(searchApi.find, input, options);

export const findQuery = (input: Input) => endpointQuery(searchApi.find, input);

export const useFind = (input: Input, options: { enabled?: boolean } = {}) =>
  useEndpointQuery(searchApi.find, input, options);
