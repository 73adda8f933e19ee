import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { labourApi } from '@siteops/contracts/labour/api';
import { call, type CallOptions } from '@/api/endpoint';
import { endpointQuery, useEndpointQuery } from '@/api/queries';

type Input = InputOf<typeof labourApi.daySheet>;

/** A project’s attendance of one day (GET /api/labour/daySheet). */
export const getDaySheet = (input: Input, options?: CallOptions) => call(labourApi.daySheet, input, options);

export const getDaySheetQuery = (input: Input) => endpointQuery(labourApi.daySheet, input);

export const useDaySheet = (input: Input, options: { enabled?: boolean } = {}) =>
  useEndpointQuery(labourApi.daySheet, input, options);
