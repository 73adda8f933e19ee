import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { labourApi } from '@siteops/contracts/labour/api';
import { useEndpointQuery } from '@/api/queries';

type Input = InputOf<typeof labourApi.settings>;

/** A project’s attendance settings (GET /api/labour/settings). */
export const useLabourSettings = (input: Input, options: { enabled?: boolean } = {}) =>
  useEndpointQuery(labourApi.settings, input, options);
