import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { labourApi } from '@siteops/contracts/labour/api';
import { call, type CallOptions } from '@/api/endpoint';
import { endpointQuery, useEndpointQuery } from '@/api/queries';

type Input = InputOf<typeof labourApi.monthSheet>;

/** A project’s attendance of one month (GET /api/labour/monthSheet). */
export const getMonthSheet = (input: Input, options?: CallOptions) => call(labourApi.monthSheet, input, options);

export const getMonthSheetQuery = (input: Input) => endpointQuery(labourApi.monthSheet, input);

export const useMonthSheet = (input: Input, options: { enabled?: boolean } = {}) =>
  useEndpointQuery(labourApi.monthSheet, input, options);
