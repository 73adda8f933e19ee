import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { alarmComplianceApi } from '@siteops/contracts/alarm/api';
import { useEndpointQuery } from '@/api/queries';

type Input = InputOf<typeof alarmComplianceApi.compliance>;

/** A project’s compliance report of one month (GET /api/alarm/compliance). */
export const useCompliance = (input: Input, options: { enabled?: boolean } = {}) =>
  useEndpointQuery(alarmComplianceApi.compliance, input, options);
