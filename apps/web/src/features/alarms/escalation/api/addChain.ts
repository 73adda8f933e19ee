import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { alarmEscalationApi } from '@siteops/contracts/alarm-escalation/api';
import { call } from '@/api/endpoint';
import { useEndpointMutation } from '@/api/queries';

/** Add a project’s chain (POST /api/alarmEscalation/chain/add). */
export const addChain = (input: InputOf<typeof alarmEscalationApi.chainAdd>) =>
  call(alarmEscalationApi.chainAdd, input);

/** The mutation; on success every escalation read is fetched again. */
export const useAddChain = () => useEndpointMutation(alarmEscalationApi.chainAdd);
