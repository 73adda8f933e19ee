import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { alarmEscalationApi } from '@siteops/contracts/alarm-escalation/api';
import { call } from '@/api/endpoint';
import { useEndpointMutation } from '@/api/queries';

/** Send a test through a channel (POST /api/alarmEscalation/channel/test); answers the delivery. */
export const testChannel = (input: InputOf<typeof alarmEscalationApi.channelTest>) =>
  call(alarmEscalationApi.channelTest, input);

/** The mutation; on success every escalation read is fetched again. */
export const useTestChannel = () => useEndpointMutation(alarmEscalationApi.channelTest);
