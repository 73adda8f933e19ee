import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { alarmEscalationApi } from '@siteops/contracts/alarm-escalation/api';
import { call } from '@/api/endpoint';
import { useEndpointMutation } from '@/api/queries';

/** Add a channel (POST /api/alarmEscalation/channel/add). */
export const addChannel = (input: InputOf<typeof alarmEscalationApi.channelAdd>) =>
  call(alarmEscalationApi.channelAdd, input);

/** The mutation; on success every escalation read is fetched again. */
export const useAddChannel = () => useEndpointMutation(alarmEscalationApi.channelAdd);
