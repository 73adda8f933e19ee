import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { alarmEscalationApi } from '@siteops/contracts/alarm-escalation/api';
import { call } from '@/api/endpoint';
import { useEndpointMutation } from '@/api/queries';

/** Change a channel (PUT /api/alarmEscalation/channel/update). */
export const updateChannel = (input: InputOf<typeof alarmEscalationApi.channelUpdate>) =>
  call(alarmEscalationApi.channelUpdate, input);

/** The mutation; on success every escalation read is fetched again. */
export const useUpdateChannel = () => useEndpointMutation(alarmEscalationApi.channelUpdate);
