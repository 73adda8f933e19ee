import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../../test/harness.ts';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import type { DeviceEventRecord } from './types.ts';
import { ensureDayPartitions, pruneEvents, pruneTelemetry } from './store-day-partitions.ts';
import { DbTelemetrySink } from './store-telemetry.ts';

/**
 * Telemetry and device events in UTC day partitions (migrations 0045, 0047): where a reading or an event
 * lands, how a day is made over rows the default partition already holds, retention by dropping whole days,
 * a resent event stored once, and the insert triggers still counting.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const DAY = 86_400_000;
type Table = 'device_telemetry' | 'device_events';
const dayName = (t: number, table: Table = 'device_telemetry') =>
  `${table}_p${new Date(t).toISOString().slice(0, 10).replaceAll('-', '')}`;
const exists = async (name: string) =>
  rowsOf<{ r: string | null }>(await database.db.execute(sql`select to_regclass(${name})::text as r`))[0]!.r !== null;

async function insert(deviceId: number, at: number, value: number) {
  await database.db.execute(sql`insert into device_telemetry (device_id, at, data)
    values (${deviceId}, ${new Date(at).toISOString()}::timestamptz, ${JSON.stringify({ a34002: value })}::jsonb)`);
}

/** The number each test writes in a row's data: a reading's value, an event's n. */
const NUMBER_KEY = { device_telemetry: 'a34002', device_events: 'n' } as const;

/** Which partition holds each of a device's rows in `table`, by their number. */
async function whereStored(table: Table, deviceId: number) {
  return rowsOf<{ part: string; n: number }>(
    await database.db.execute(sql`select tableoid::regclass::text as part, (data->>${NUMBER_KEY[table]})::int as n
      from ${sql.identifier(table)} where device_id = ${deviceId} order by n`),
  );
}

/** Today's and next week's days are made; a row of now lands in today's, one of two years ago in the default partition. */
async function expectLandsInItsUtcDay(table: Table, deviceId: number, store: (at: number, n: number) => Promise<void>) {
  await ensureDayPartitions(database.db);
  const now = Date.now();
  expect(await exists(dayName(now, table))).toBe(true);
  expect(await exists(dayName(now + 7 * DAY, table))).toBe(true);
  await store(now, 1);
  await store(now - 2 * 365 * DAY, 2);
  expect(await whereStored(table, deviceId)).toEqual([
    { part: dayName(now, table), n: 1 },
    { part: `${table}_default`, n: 2 },
  ]);
}

describe('telemetry in day partitions', () => {
  it('a reading lands in its UTC day; one far outside the days made lands in the default partition', () =>
    expectLandsInItsUtcDay('device_telemetry', 9101, (at, value) => insert(9101, at, value)));

  it('making a day moves the rows the default partition held for it, and nothing is lost', async () => {
    const old = Date.UTC(2024, 2, 10, 12);
    await insert(9102, old, 1);
    await insert(9102, old + DAY, 2);
    expect((await whereStored('device_telemetry', 9102)).map((r) => r.part)).toEqual([
      'device_telemetry_default',
      'device_telemetry_default',
    ]);
    await database.db.execute(sql`select telemetry_partitions_ensure('2024-03-10'::date, '2024-03-10'::date)`);
    expect(await whereStored('device_telemetry', 9102)).toEqual([
      { part: 'device_telemetry_p20240310', n: 1 },
      { part: 'device_telemetry_default', n: 2 },
    ]);
  });

  it('retention drops the days wholly past it and the default rows past it, and keeps the rest', async () => {
    const now = Date.now();
    const fortyDaysAgo = now - 40 * DAY;
    const day = new Date(fortyDaysAgo).toISOString().slice(0, 10);
    await database.db.execute(sql`select telemetry_partitions_ensure(${day}::date, ${day}::date)`);
    await insert(9103, fortyDaysAgo, 1);
    await insert(9103, now - 2 * 365 * DAY, 2);
    await insert(9103, now - 29 * DAY, 3);
    await insert(9103, now, 4);
    expect(await pruneTelemetry(database.db, 30)).toBeGreaterThanOrEqual(1);
    expect(await exists(dayName(fortyDaysAgo))).toBe(false);
    expect((await whereStored('device_telemetry', 9103)).map((r) => r.n)).toEqual([3, 4]);
    // The day partitions before the cutoff are gone, those after it stay.
    expect(await exists('device_telemetry_p20240310')).toBe(false);
    expect(await exists(dayName(now))).toBe(true);
  });

  it('the hourly rollup still counts what is written (its trigger is on the partitioned table)', async () => {
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    await insert(9104, hour + 60_000, 160);
    const [row] = rowsOf<{ readings: number }>(
      await database.db.execute(
        sql`select readings from telemetry_hourly where device_id = 9104 and hour = ${new Date(hour).toISOString()}::timestamptz`,
      ),
    );
    expect(row?.readings).toBe(1);
  });
});

/** A face terminal's pass as the device link stores it (DbTelemetrySink: one INSERT, `on conflict (id, at)`). */
const pass = (deviceId: number, at: number, n: number, id: string = randomUUID()): DeviceEventRecord => ({
  id,
  deviceId,
  type: 'face',
  kind: 'pass',
  level: 'info',
  at: new Date(at),
  receivedAt: new Date(),
  data: { n },
});

async function storeEvents(...events: DeviceEventRecord[]) {
  await new DbTelemetrySink(database.db).flush({ points: [], latest: [], events });
}

describe('device events in day partitions', () => {
  it('an event lands in its UTC day, one far outside the days made in the default partition', () =>
    expectLandsInItsUtcDay('device_events', 9201, (at, n) => storeEvents(pass(9201, at, n))));

  it('an event resent after a reconnect (same id, same time) is stored and counted once', async () => {
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    const event = pass(9202, hour + 60_000, 1);
    await storeEvents(event);
    await storeEvents({ ...event, receivedAt: new Date() });
    // Both copies in one batch too (the resend reached the same instance before the first was written).
    const again = pass(9202, hour + 120_000, 2);
    await storeEvents(again, { ...again });
    expect((await whereStored('device_events', 9202)).map((r) => r.n)).toEqual([1, 2]);
    const [row] = rowsOf<{ count: number }>(
      await database.db.execute(sql`select count from events_hourly
        where device_id = 9202 and hour = ${new Date(hour).toISOString()}::timestamptz and kind = 'pass'`),
    );
    expect(row?.count).toBe(2);
  });

  it('making a day moves the events the default partition held for it, pictures and all', async () => {
    const old = Date.UTC(2024, 4, 20, 8);
    await storeEvents({ ...pass(9203, old, 1), picture: Buffer.from([0xff, 0xd8, 0xff]) }, pass(9203, old + DAY, 2));
    await database.db.execute(
      sql`select day_partitions_ensure('device_events', '2024-05-20'::date, '2024-05-20'::date)`,
    );
    expect(await whereStored('device_events', 9203)).toEqual([
      { part: 'device_events_p20240520', n: 1 },
      { part: 'device_events_default', n: 2 },
    ]);
    const [row] = rowsOf<{ picture: string }>(
      await database.db.execute(
        sql`select encode(picture, 'hex') as picture from device_events where device_id = 9203 and (data->>'n') = '1'`,
      ),
    );
    expect(row?.picture).toBe('ffd8ff');
  });

  it('retention drops the days of events wholly past it and the default rows past it, and keeps the rest', async () => {
    const now = Date.now();
    const hundredDaysAgo = now - 100 * DAY;
    const day = new Date(hundredDaysAgo).toISOString().slice(0, 10);
    await database.db.execute(sql`select day_partitions_ensure('device_events', ${day}::date, ${day}::date)`);
    await storeEvents(
      pass(9204, hundredDaysAgo, 1),
      pass(9204, now - 2 * 365 * DAY, 2),
      pass(9204, now - 89 * DAY, 3),
      pass(9204, now, 4),
    );
    expect(await exists(dayName(hundredDaysAgo, 'device_events'))).toBe(true);
    expect(await pruneEvents(database.db, 90)).toBeGreaterThanOrEqual(1);
    expect(await exists(dayName(hundredDaysAgo, 'device_events'))).toBe(false);
    expect((await whereStored('device_events', 9204)).map((r) => r.n)).toEqual([3, 4]);
    expect(await exists('device_events_p20240520')).toBe(false);
    expect(await exists(dayName(now, 'device_events'))).toBe(true);
    // Telemetry's days are its own: the events' retention dropped none of them.
    expect(await exists(dayName(now - DAY))).toBe(true);
  });
});
