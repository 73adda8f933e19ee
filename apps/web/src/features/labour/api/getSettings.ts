import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { labourApi } from '@siteops/contracts/labour/api';
import { call, type CallOptions } from '@/api/endpoint';
import { endpointQuery, useEndpointQuery } from '@/api/queries';

type Input = InputOf<typeof labourApi.settings>;

/** A project’s attendance settings (GET /api/labour/settings). */
export const getSettings = (input: Input, options?: CallOptions) => call(labourApi.settings, input, options);

export const getSettingsQuery = (input: Input) => endpointQuery(labourApi.settings, input);

export const useLabourSettings = (input: Input, options: { enabled?: boolean } = {}) =>
  useEndpointQuery(labourApi.settings, input, options);
