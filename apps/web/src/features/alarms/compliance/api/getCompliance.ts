import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { alarmComplianceApi } from '@siteops/contracts/alarm/api';
import { call, type CallOptions } from '@/api/endpoint';
import { endpointQuery, useEndpointQuery } from '@/api/queries';

type Input = InputOf<typeof alarmComplianceApi.compliance>;

/** A project’s compliance report of one month (GET /api/alarm/compliance). */
export const getCompliance = (input: Input, options?: CallOptions) =>
  call(alarmComplianceApi.compliance, input, options);

export const getComplianceQuery = (input: Input) => endpointQuery(alarmComplianceApi.compliance, input);

export const useCompliance = (input: Input, options: { enabled?: boolean } = {}) =>
  useEndpointQuery(alarmComplianceApi.compliance, input, options);
