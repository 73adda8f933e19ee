import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { labourApi } from '@siteops/contracts/labour/api';
import { useEndpointQuery } from '@/api/queries';

type Input = InputOf<typeof labourApi.daySheet>;

/** A project’s attendance of one day (GET /api/labour/daySheet). */
export const useDaySheet = (input: Input, options: { enabled?: boolean } = {}) =>
  useEndpointQuery(labourApi.daySheet, input, options);
