import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { alarmEscalationApi } from '@siteops/contracts/alarm-escalation/api';
import { useEndpointQuery } from '@/api/queries';

type Input = InputOf<typeof alarmEscalationApi.chainListAll>;

/** Escalation chains of the caller’s projects (GET /api/alarmEscalation/chain/listAll). */
export const useChains = (input: Input, options: { enabled?: boolean } = {}) =>
  useEndpointQuery(alarmEscalationApi.chainListAll, input, options);
