import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { alarmEscalationApi } from '@siteops/contracts/alarm-escalation/api';
import { call } from '@/api/endpoint';
import { useEndpointMutation } from '@/api/queries';

/** Change a chain (PUT /api/alarmEscalation/chain/update). */
export const updateChain = (input: InputOf<typeof alarmEscalationApi.chainUpdate>) =>
  call(alarmEscalationApi.chainUpdate, input);

/** The mutation; on success every escalation read is fetched again. */
export const useUpdateChain = () => useEndpointMutation(alarmEscalationApi.chainUpdate);
