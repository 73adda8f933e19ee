import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { labourApi } from '@siteops/contracts/labour/api';
import { call, type CallOptions } from '@/api/endpoint';
import { endpointQuery, useEndpointQuery } from '@/api/queries';

type Input = InputOf<typeof labourApi.workerAttendance>;

/** A worker’s own attendance of one month (GET /api/labour/workerAttendance). */
export const getWorkerAttendance = (input: Input, options?: CallOptions) =>
  call(labourApi.workerAttendance, input, options);

export const getWorkerAttendanceQuery = (input: Input) => endpointQuery(labourApi.workerAttendance, input);

export const useWorkerAttendance = (input: Input, options: { enabled?: boolean } = {}) =>
  useEndpointQuery(labourApi.workerAttendance, input, options);
