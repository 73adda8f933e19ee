import type { QueryClient } from '@tanstack/react-query';
import { DeviceLinkCode, commandErrorData } from '@siteops/contracts/device-link/schemas';
import type { TFunction } from 'i18next';
import { ApiError } from '@/api/envelope';
import { markDeviceOffline } from '@/api/device-link/liveCache';

/**
 * What to tell the user when a command failed: the device-link reason in their language when the
 * server gave one (offline, timeout, ...), the server's message otherwise.
 */
export function commandErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    const data = commandErrorData.safeParse(error.data);
    if (data.success) return t(`deviceLink.errors.${data.data.reason}`, { defaultValue: error.message });
    return error.message;
  }
  return error instanceof Error && error.message ? error.message : t('request.error');
}

/**
 * The server answers `offline` at once when the device dropped after the list was drawn: show it
 * offline right away instead of waiting for the live event.
 */
export function noteOfflineAnswer(error: unknown, client: QueryClient, deviceId: number) {
  if (error instanceof ApiError && error.code === DeviceLinkCode.offline) {
    markDeviceOffline(client, deviceId);
  }
}
