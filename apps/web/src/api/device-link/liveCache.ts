import type { QueryClient } from '@tanstack/react-query';
import { deviceApi } from '@siteops/contracts/device/api';
import type { DeviceItem } from '@siteops/contracts/device/schemas';
import type { LiveDeviceItem } from '@siteops/contracts/live/schemas';
import { keyOf } from '@/api/queryKey';
import type { PageResult } from '@/api/page';

/** Where the registry's device caches are: the typed client keys them by their declarations. */
export const DEVICE_LIST_KEY = keyOf(deviceApi.listAll);
export const deviceDetailKey = (id: number) => keyOf(deviceApi.detail, { id });

/** A device row as lists and details cache it: the list answers its latest readings; live telemetry keeps them current. */
export type LiveDeviceRow = DeviceItem;

/** The live items that change what a device list shows (an event does not). */
export type RowItem = Exclude<LiveDeviceItem, { kind: 'event' }>;

/** The latest flags after a reading: its fields take their new flag, or lose the old one (N). */
function mergedFlags(
  before: Record<string, string> | undefined,
  data: Record<string, unknown>,
  flags: Record<string, string> | undefined,
): { latestFlags?: Record<string, string> } {
  if (!before && !flags) return {};
  const out = { ...before };
  for (const field of Object.keys(data)) {
    const flag = flags?.[field];
    if (flag && flag !== 'N') out[field] = flag;
    else delete out[field];
  }
  return { latestFlags: out };
}

/** One device row after a live item; the same object when nothing changed (so React skips it). */
export function patchRow<T extends LiveDeviceRow>(row: T, event: RowItem): T {
  if (row.id !== event.data.deviceId) return row;
  switch (event.kind) {
    case 'presence': {
      const { onlineStatus, heartbeatDatetime, ip, versions } = event.data;
      return {
        ...row,
        onlineStatus,
        heartbeatDatetime,
        ip: ip ?? row.ip,
        frpcVer: versions?.frpcVer ?? row.frpcVer,
        devVer: versions?.devVer ?? row.devVer,
        version: versions?.version ?? row.version,
      };
    }
    case 'telemetry':
      return {
        ...row,
        // Data arriving means the link is up, whatever an earlier missed event said.
        onlineStatus: 'online',
        latest: { ...(row.latest ?? {}), ...event.data.data },
        latestAt: event.data.at,
        ...mergedFlags(row.latestFlags, event.data.data, event.data.flags),
      };
  }
}

/** Apply a batch of live items to one page of a device list; the same page when no row of it changed. */
export function patchPage<T extends LiveDeviceRow>(page: PageResult<T>, events: readonly RowItem[]): PageResult<T> {
  const ids = new Set(events.map((e) => e.data.deviceId));
  if (!page.list.some((row) => ids.has(row.id))) return page;
  const list = page.list.map((row) =>
    ids.has(row.id) ? events.reduce((current, event) => patchRow(current, event), row) : row,
  );
  return { ...page, list };
}

/** Patch every cached device list and detail with a batch of live items. */
export function applyLiveItems(client: QueryClient, events: readonly RowItem[]) {
  if (!events.length) return;
  client.setQueriesData<PageResult<LiveDeviceRow>>({ queryKey: DEVICE_LIST_KEY }, (page) =>
    page && Array.isArray(page.list) ? patchPage(page, events) : page,
  );
  for (const id of new Set(events.map((e) => e.data.deviceId))) {
    const mine = events.filter((e) => e.data.deviceId === id);
    client.setQueryData<LiveDeviceRow>(deviceDetailKey(id), (row) =>
      row ? mine.reduce((current, event) => patchRow(current, event), row) : row,
    );
  }
}

/** Show one device offline in every cached list and detail (the server just said so), nothing else changed. */
export function markDeviceOffline(client: QueryClient, deviceId: number) {
  const offline = <T extends LiveDeviceRow>(row: T): T =>
    row.id === deviceId && row.onlineStatus !== 'offline' ? { ...row, onlineStatus: 'offline' } : row;
  client.setQueriesData<PageResult<LiveDeviceRow>>({ queryKey: DEVICE_LIST_KEY }, (page) =>
    page && Array.isArray(page.list) && page.list.some((row) => row.id === deviceId)
      ? { ...page, list: page.list.map(offline) }
      : page,
  );
  client.setQueryData<LiveDeviceRow>(deviceDetailKey(deviceId), (row) => (row ? offline(row) : row));
}
