import { getToken } from '../../lib/token';

/**
 * The live device events stream (Server-Sent Events). EventSource cannot send headers, so the
 * session token travels in the query.
 */
export function deviceEventsUrl(): string {
  const url = new URL(`${import.meta.env.VITE_API_BASE_URL ?? ''}/api/device/events`, window.location.href);
  const token = getToken();
  if (token) url.searchParams.set('token', token);
  return url.href;
}

export interface OnlineLiveEvent {
  deviceId: number;
  at: string;
  ip?: string;
  versions?: { frpcVer?: string; devVer?: string; version?: string };
}
export interface OfflineLiveEvent {
  deviceId: number;
  at: string;
  reason?: string;
}
export interface TelemetryLiveEvent {
  deviceId: number;
  type?: string;
  at: string;
  data: Record<string, number | boolean | string>;
}
export interface DeviceLiveEventMap {
  online: OnlineLiveEvent;
  offline: OfflineLiveEvent;
  telemetry: TelemetryLiveEvent;
}
/** The SSE `event:` names the console listens to. */
export const DEVICE_LIVE_EVENTS = ['online', 'offline', 'telemetry'] as const satisfies (keyof DeviceLiveEventMap)[];
