import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { labourApi } from '@siteops/contracts/labour/api';
import { useEndpointQuery } from '@/api/queries';

type Input = InputOf<typeof labourApi.monthSheet>;

/** A project’s attendance of one month (GET /api/labour/monthSheet). */
export const useMonthSheet = (input: Input, options: { enabled?: boolean } = {}) =>
  useEndpointQuery(labourApi.monthSheet, input, options);
