import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { alarmEscalationApi } from '@siteops/contracts/alarm-escalation/api';
import { call, type CallOptions } from '@/api/endpoint';
import { endpointQuery, useEndpointQuery } from '@/api/queries';

type Input = InputOf<typeof alarmEscalationApi.channelLog>;

/** A channel’s deliveries, newest first (GET /api/alarmEscalation/channel/log). */
export const channelLog = (input: Input, options?: CallOptions) => call(alarmEscalationApi.channelLog, input, options);

export const channelLogQuery = (input: Input) => endpointQuery(alarmEscalationApi.channelLog, input);

export const useChannelLog = (input: Input, options: { enabled?: boolean } = {}) =>
  useEndpointQuery(alarmEscalationApi.channelLog, input, options);
