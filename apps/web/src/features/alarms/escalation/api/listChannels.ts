import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { alarmEscalationApi } from '@siteops/contracts/alarm-escalation/api';
import { useEndpointQuery } from '@/api/queries';

type Input = InputOf<typeof alarmEscalationApi.channelListAll>;

/** Escalation channels in the caller’s scope (GET /api/alarmEscalation/channel/listAll). */
export const useChannels = (input: Input, options: { enabled?: boolean } = {}) =>
  useEndpointQuery(alarmEscalationApi.channelListAll, input, options);
