import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { DeviceItem } from '@siteops/contracts/device/schemas';
import type { PageResult } from '@/api/page';
import {
  DEVICE_LIST_KEY,
  applyLiveItems,
  deviceDetailKey,
  markDeviceOffline,
  patchRow,
  type LiveDeviceRow,
} from './liveCache';

function device(id: number, patch: Partial<LiveDeviceRow> = {}): LiveDeviceRow {
  return {
    id,
    type: 'dust',
    devName: `dust ${id}`,
    factoryName: null,
    sn: `SN${id}`,
    mac: null,
    ip: null,
    transport: null,
    agentId: null,
    agentName: null,
    projectId: null,
    projectName: null,
    installSite: null,
    frpcVer: null,
    devVer: null,
    version: null,
    authStatus: 'authorize',
    onlineStatus: 'offline',
    allow: true,
    anyAccess: false,
    remoteAccount: null,
    hasTerminalPassword: false,
    direction: 'none',
    remark: null,
    licenceExpiresAt: null,
    additionDatetime: '2026-11-23T00:00:00.000Z',
    heartbeatDatetime: null,
    updatedAt: '2026-11-23T00:00:00.000Z',
    createdId: null,
    updatedId: null,
    latest: null,
    ...patch,
  } satisfies DeviceItem & LiveDeviceRow;
}

const page = (list: LiveDeviceRow[]): PageResult<LiveDeviceRow> => ({
  list,
  total: list.length,
  page: 1,
  pageSize: 20,
});

describe('live device updates', () => {
  it('shows a device online, with its IP and versions, in every cached list and its detail', () => {
    const client = new QueryClient();
    client.setQueryData([...DEVICE_LIST_KEY, { page: 1 }], page([device(1), device(2)]));
    client.setQueryData([...DEVICE_LIST_KEY, { page: 1, type: 'dust' }], page([device(1)]));
    client.setQueryData(deviceDetailKey(1), device(1));

    applyLiveItems(client, [
      {
        kind: 'presence',
        data: {
          deviceId: 1,
          type: 'dust',
          onlineStatus: 'online',
          heartbeatDatetime: '2026-11-23T10:00:00.000Z',
          ip: '10.0.0.7',
          versions: { version: '3.4.0' },
        },
      },
    ]);

    const all = client.getQueryData<PageResult<LiveDeviceRow>>([...DEVICE_LIST_KEY, { page: 1 }])!;
    expect(all.list.map((d) => d.onlineStatus)).toEqual(['online', 'offline']);
    expect(all.list[0]).toMatchObject({
      ip: '10.0.0.7',
      version: '3.4.0',
      heartbeatDatetime: '2026-11-23T10:00:00.000Z',
    });
    const dust = client.getQueryData<PageResult<LiveDeviceRow>>([...DEVICE_LIST_KEY, { page: 1, type: 'dust' }])!;
    expect(dust.list[0].onlineStatus).toBe('online');
    expect(client.getQueryData<LiveDeviceRow>(deviceDetailKey(1))!.onlineStatus).toBe('online');
  });

  it('applies a batch in order: the last presence wins and readings merge field by field', () => {
    const client = new QueryClient();
    client.setQueryData([...DEVICE_LIST_KEY, {}], page([device(1, { latest: { a34004: 10, LA: 50 } })]));
    applyLiveItems(client, [
      {
        kind: 'presence',
        data: { deviceId: 1, type: 'dust', onlineStatus: 'online', heartbeatDatetime: '2026-11-23T10:00:00Z' },
      },
      { kind: 'telemetry', data: { deviceId: 1, type: 'dust', at: '2026-11-23T10:00:05Z', data: { a34004: 42.5 } } },
      {
        kind: 'presence',
        data: {
          deviceId: 1,
          type: 'dust',
          onlineStatus: 'offline',
          heartbeatDatetime: '2026-11-23T10:00:06Z',
          reason: 'closed',
        },
      },
    ]);
    const [row] = client.getQueryData<PageResult<LiveDeviceRow>>([...DEVICE_LIST_KEY, {}])!.list;
    expect(row.onlineStatus).toBe('offline');
    expect(row.latest).toEqual({ a34004: 42.5, LA: 50 });
    expect(row.latestAt).toBe('2026-11-23T10:00:05Z');
  });

  it('keeps the data flags of the latest values: a flagged reading sets them, a normal one clears its fields', () => {
    const at = '2026-11-23T10:00:05Z';
    const flagged = patchRow(device(1, { latest: { LA: 50 } }), {
      kind: 'telemetry',
      data: { deviceId: 1, type: 'dust', at, data: { a34004: 512, a34002: 80 }, flags: { a34004: 'C', a34002: 'C' } },
    });
    expect(flagged.latestFlags).toEqual({ a34004: 'C', a34002: 'C' });
    const normal = patchRow(flagged, {
      kind: 'telemetry',
      data: { deviceId: 1, type: 'dust', at, data: { a34004: 40 } },
    });
    expect(normal.latestFlags).toEqual({ a34002: 'C' });
    expect(
      patchRow(device(2), { kind: 'telemetry', data: { deviceId: 2, type: 'dust', at, data: { LA: 1 } } }),
    ).not.toHaveProperty('latestFlags');
  });

  it('leaves pages without the device untouched (same object, no re-render)', () => {
    const client = new QueryClient();
    const other = page([device(5)]);
    client.setQueryData([...DEVICE_LIST_KEY, { page: 2 }], other);
    applyLiveItems(client, [
      {
        kind: 'presence',
        data: { deviceId: 1, type: 'dust', onlineStatus: 'online', heartbeatDatetime: '2026-11-23T10:00:00Z' },
      },
    ]);
    expect(client.getQueryData([...DEVICE_LIST_KEY, { page: 2 }])).toBe(other);
  });

  it('marks a device offline when a command was answered "offline", keeping its last heartbeat', () => {
    const client = new QueryClient();
    client.setQueryData(
      [...DEVICE_LIST_KEY, {}],
      page([device(3, { onlineStatus: 'online', heartbeatDatetime: '2026-11-23T09:59:30Z' })]),
    );
    markDeviceOffline(client, 3);
    const [row] = client.getQueryData<PageResult<LiveDeviceRow>>([...DEVICE_LIST_KEY, {}])!.list;
    expect(row).toMatchObject({ onlineStatus: 'offline', heartbeatDatetime: '2026-11-23T09:59:30Z' });
  });
});
