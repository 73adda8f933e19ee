import { DEVICE_LINK_PATHS } from '@siteops/contracts/device-link';
import { request } from '../client';

/** `GET /api/device/:id/latest` (contracts' latestAnswer). */
export interface LatestAnswer {
  at: string | null;
  data: Record<string, number | boolean | string>;
  onlineStatus: string;
  heartbeatDatetime: string | null;
}

/** The newest value of every telemetry field of one device. Silent: a list cell has nothing useful to say. */
export function getLatestReadings(id: number) {
  return request<LatestAnswer>({ method: 'GET', url: DEVICE_LINK_PATHS.latest(id), silent: true });
}
