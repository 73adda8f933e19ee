import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { alarmEscalationApi } from '@siteops/contracts/alarm-escalation/api';
import { call, type CallOptions } from '@/api/endpoint';
import { endpointQuery, useEndpointQuery } from '@/api/queries';

type Input = InputOf<typeof alarmEscalationApi.channelListAll>;

/** Escalation channels in the caller’s scope (GET /api/alarmEscalation/channel/listAll). */
export const listChannels = (input: Input, options?: CallOptions) =>
  call(alarmEscalationApi.channelListAll, input, options);

export const listChannelsQuery = (input: Input) => endpointQuery(alarmEscalationApi.channelListAll, input);

export const useChannels = (input: Input, options: { enabled?: boolean } = {}) =>
  useEndpointQuery(alarmEscalationApi.channelListAll, input, options);
