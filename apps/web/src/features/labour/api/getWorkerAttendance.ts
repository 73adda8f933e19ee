import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { labourApi } from '@siteops/contracts/labour/api';
import { useEndpointQuery } from '@/api/queries';

type Input = InputOf<typeof labourApi.workerAttendance>;

/** A worker’s own attendance of one month (GET /api/labour/workerAttendance). */
export const useWorkerAttendance = (input: Input, options: { enabled?: boolean } = {}) =>
  useEndpointQuery(labourApi.workerAttendance, input, options);
