import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../../test/harness.ts';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { ensureTelemetryPartitions, pruneTelemetry } from './store.ts';

/**
 * Telemetry in UTC day partitions (migration 0045): where a reading lands, how a day is made over rows the
 * default partition already holds, and retention by dropping whole days.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const DAY = 86_400_000;
const dayName = (t: number) => `device_telemetry_p${new Date(t).toISOString().slice(0, 10).replaceAll('-', '')}`;
const exists = async (name: string) =>
  rowsOf<{ r: string | null }>(await database.db.execute(sql`select to_regclass(${name})::text as r`))[0]!.r !== null;

async function insert(deviceId: number, at: number, value: number) {
  await database.db.execute(sql`insert into device_telemetry (device_id, at, data)
    values (${deviceId}, ${new Date(at).toISOString()}::timestamptz, ${JSON.stringify({ a34002: value })}::jsonb)`);
}

/** Which partition holds each of a device's readings, by value. */
async function whereStored(deviceId: number) {
  return rowsOf<{ part: string; v: number }>(
    await database.db.execute(sql`select tableoid::regclass::text as part, (data->>'a34002')::int as v
      from device_telemetry where device_id = ${deviceId} order by v`),
  );
}

describe('telemetry in day partitions', () => {
  it('a reading lands in its UTC day; one far outside the days made lands in the default partition', async () => {
    await ensureTelemetryPartitions(database.db);
    const now = Date.now();
    expect(await exists(dayName(now))).toBe(true);
    expect(await exists(dayName(now + 7 * DAY))).toBe(true);
    await insert(9101, now, 1);
    await insert(9101, now - 2 * 365 * DAY, 2);
    expect(await whereStored(9101)).toEqual([
      { part: dayName(now), v: 1 },
      { part: 'device_telemetry_default', v: 2 },
    ]);
  });

  it('making a day moves the rows the default partition held for it, and nothing is lost', async () => {
    const old = Date.UTC(2024, 2, 10, 12);
    await insert(9102, old, 1);
    await insert(9102, old + DAY, 2);
    expect((await whereStored(9102)).map((r) => r.part)).toEqual([
      'device_telemetry_default',
      'device_telemetry_default',
    ]);
    await database.db.execute(sql`select telemetry_partitions_ensure('2024-03-10'::date, '2024-03-10'::date)`);
    expect(await whereStored(9102)).toEqual([
      { part: 'device_telemetry_p20240310', v: 1 },
      { part: 'device_telemetry_default', v: 2 },
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
    expect((await whereStored(9103)).map((r) => r.v)).toEqual([3, 4]);
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
