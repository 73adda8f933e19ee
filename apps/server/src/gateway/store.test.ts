import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LATEST_TIMES, devices } from '../db/schema/index.ts';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../../test/harness.ts';
import { DbTelemetrySink } from './store-telemetry.ts';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe('devices.latest', () => {
  it('follows each reading time, not the order of writes: a backlog reading never replaces a newer value', async () => {
    const [row] = await database.db
      .insert(devices)
      .values({ sn: 'LATEST0001', mac: '02:00:00:09:00:01', type: 'dust', authStatus: 'authorize' })
      .returning({ id: devices.id });
    const sink = new DbTelemetrySink(database.db);
    const t0 = Date.UTC(2026, 10, 23, 10, 0, 0);
    const write = (at: number, data: Record<string, number>) =>
      sink.flush({
        points: [],
        events: [],
        latest: [
          {
            deviceId: row.id,
            at: new Date(at),
            data,
            times: Object.fromEntries(Object.keys(data).map((k) => [k, at])),
          },
        ],
      });
    const latest = async () =>
      (await database.db.select({ latest: devices.latest }).from(devices).where(eq(devices.id, row.id)))[0]
        .latest as Record<string, unknown>;

    await write(t0, { a34004: 50, a34002: 80 });
    await write(t0 - 60_000, { a34004: 10, LA: 61 }); // backlog after a reconnect
    expect(await latest()).toMatchObject({ a34004: 50, a34002: 80, LA: 61 });
    await write(t0 + 1_000, { a34004: 55 });
    const after = await latest();
    expect(after).toMatchObject({ a34004: 55, a34002: 80, LA: 61 });
    expect(after[LATEST_TIMES]).toEqual({ a34004: t0 + 1_000, a34002: t0, LA: t0 - 60_000 });
  });
});
