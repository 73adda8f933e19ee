import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageResult } from '../../../api/page';
import { LatestReadingsFallback } from './latestFallback';
import { DEVICE_LIST_KEY, type LiveDeviceRow } from './liveCache';

const getLatestReadings = vi.hoisted(() => vi.fn());
vi.mock('../../../api/device-link/latest', () => ({ getLatestReadings }));

const row = (id: number, type: string) => ({ id, type, sn: `SN${id}`, onlineStatus: 'online' }) as LiveDeviceRow;
const page = (list: LiveDeviceRow[]): PageResult<LiveDeviceRow> => ({
  list,
  total: list.length,
  page: 1,
  pageSize: 20,
});
const rows = (client: QueryClient) => client.getQueryData<PageResult<LiveDeviceRow>>([...DEVICE_LIST_KEY, {}])!.list;

describe('latest readings for list rows that come without them', () => {
  let fallback: LatestReadingsFallback | undefined;
  afterEach(() => {
    fallback?.stop();
    getLatestReadings.mockReset();
  });

  it('fills reading types once, and again after a refetch without asking twice', async () => {
    getLatestReadings.mockImplementation(async (id: number) => ({
      at: '2026-11-23T10:00:00.000Z',
      data: { a34004: id * 10 },
      onlineStatus: 'online',
      heartbeatDatetime: null,
    }));
    const client = new QueryClient();
    client.setQueryData([...DEVICE_LIST_KEY, {}], page([row(1, 'dust'), row(2, 'face')]));
    fallback = new LatestReadingsFallback(client);

    await vi.waitFor(() => expect(rows(client)[0].latest).toEqual({ a34004: 10 }));
    expect(rows(client)[0].latestAt).toBe('2026-11-23T10:00:00.000Z');
    // A face terminal has no readings column: not asked for.
    expect(rows(client)[1].latest).toBeUndefined();
    expect(getLatestReadings).toHaveBeenCalledTimes(1);

    // Live telemetry moves on; the list is refetched (rows again without readings).
    fallback.noteReadings(1, { a34004: 55 }, '2026-11-23T10:00:10.000Z');
    client.setQueryData([...DEVICE_LIST_KEY, {}], page([row(1, 'dust'), row(2, 'face')]));
    await vi.waitFor(() => expect(rows(client)[0].latest).toEqual({ a34004: 55 }));
    expect(getLatestReadings).toHaveBeenCalledTimes(1);
  });

  it('leaves rows that already carry their readings alone', async () => {
    const client = new QueryClient();
    client.setQueryData([...DEVICE_LIST_KEY, {}], page([{ ...row(1, 'dust'), latest: { LA: 60 } }]));
    fallback = new LatestReadingsFallback(client);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(getLatestReadings).not.toHaveBeenCalled();
    expect(rows(client)[0].latest).toEqual({ LA: 60 });
  });
});
