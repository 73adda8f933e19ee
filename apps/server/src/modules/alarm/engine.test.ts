import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { DeviceType } from '@siteops/contracts/device-protocol';
import type { AlarmCondition } from '@siteops/contracts/alarm/rules';
import { openTestDatabase } from '../../../test/harness.ts';
import { uniq } from '../../../test/fixtures.ts';
import type { Database } from '../../db/client.ts';
import { alarmRules, alarms, alarmTimeline, devices } from '../../db/schema/index.ts';
import type { Reading } from './evaluate.ts';
import { AlarmEngine } from './engine.ts';

/**
 * The engine over the database, fed readings as the device link hands them over after storing them
 * (with the device's own times, so durations are exact without waiting): flagged readings, duration,
 * repeats, hysteresis, and one open alarm per device and rule.
 */
let database: Database;
let engine: AlarmEngine;
const warnings: unknown[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  engine = new AlarmEngine(database.db, { warn: (obj) => warnings.push(obj) });
});
afterAll(() => database.close());

const T0 = Date.parse('2026-06-01T08:00:00Z');
const pm10 = (operator: 'gt' | 'lt', threshold: number): AlarmCondition => ({
  logic: 'and',
  terms: [{ field: 'a34002', operator, threshold }],
});

async function device(type: DeviceType = 'dust') {
  const [row] = await database.db
    .insert(devices)
    .values({ sn: uniq('ENG'), type, authStatus: 'authorize' })
    .returning({ id: devices.id });
  return row.id;
}

async function rule(deviceId: number, values: Partial<typeof alarmRules.$inferInsert> = {}) {
  const [row] = await database.db
    .insert(alarmRules)
    .values({
      name: 'PM10',
      scope: 'device',
      deviceId,
      deviceType: 'dust',
      condition: pm10('gt', 150),
      clearCondition: pm10('lt', 120),
      durationSeconds: 600,
      severity: 'major',
      ...values,
    })
    .returning({ id: alarmRules.id });
  return row.id;
}

/** Feed readings (seconds after T0) one batch each, and wait until they are judged. */
async function feed(deviceId: number, readings: [number, Reading][], type: DeviceType = 'dust') {
  for (const [s, data] of readings) engine.feed([{ deviceId, type, at: new Date(T0 + s * 1000), data }]);
  await engine.idle();
}

const alarmsOf = (deviceId: number) =>
  database.db.select().from(alarms).where(eq(alarms.deviceId, deviceId)).orderBy(asc(alarms.id));

describe('the alarm engine over the database', () => {
  it('raises after the duration, counts repeats, holds between the limits and clears by the condition', async () => {
    const d = await device();
    const ruleId = await rule(d);
    await feed(d, [
      [0, { a34002: 160 }],
      [300, { a34002: 170 }],
    ]);
    expect(await alarmsOf(d)).toEqual([]);
    await feed(d, [
      [600, { a34002: 180 }],
      [660, { a34002: 190 }],
      [720, { a34002: 130 }],
    ]);
    const [open] = await alarmsOf(d);
    expect(open).toMatchObject({
      ruleId,
      status: 'active',
      count: 2,
      firstValue: { a34002: 180 },
      lastValue: { a34002: 190 },
      severity: 'major',
    });
    expect(open.firstAt.toISOString()).toBe(new Date(T0 + 600_000).toISOString());

    await feed(d, [[780, { a34002: 100 }]]);
    const [cleared] = await alarmsOf(d);
    expect(cleared).toMatchObject({ status: 'cleared', clearedBy: 'condition' });
    const timeline = await database.db
      .select({ kind: alarmTimeline.kind, detail: alarmTimeline.detail })
      .from(alarmTimeline)
      .where(eq(alarmTimeline.alarmId, cleared.id))
      .orderBy(asc(alarmTimeline.id));
    expect(timeline).toEqual([
      {
        kind: 'raised',
        detail: { value: { a34002: 180 }, since: new Date(T0).toISOString(), severity: 'major' },
      },
      { kind: 'cleared', detail: { by: 'condition', value: { a34002: 100 } } },
    ]);
  });

  it('readings whose data flag is not normal neither raise, repeat nor clear', async () => {
    const d = await device();
    await rule(d, { durationSeconds: 0 });
    await feed(d, [
      [0, { a34002: 900, flag: 'M' }],
      [10, { a34002: 900, 'a34002-Flag': 'C' }],
    ]);
    expect(await alarmsOf(d)).toEqual([]);
    await feed(d, [
      [20, { a34002: 900, flag: 'N' }],
      [30, { a34002: 950, flag: 'D' }],
      [40, { a34002: 10, 'a34002-Flag': 'F' }],
    ]);
    expect(await alarmsOf(d)).toMatchObject([{ status: 'active', count: 1, lastValue: { a34002: 900 } }]);
  });

  it('another device type, or a device outside the rule’s scope, is not judged by it', async () => {
    const d = await device();
    const other = await device();
    await rule(d, { durationSeconds: 0 });
    await feed(other, [[0, { a34002: 900 }]]);
    await feed(d, [[0, { a34002: 900 }]], 'face');
    expect(await alarmsOf(other)).toEqual([]);
    expect(await alarmsOf(d)).toEqual([]);
  });

  it('one open alarm per device and rule, even when two writers raise it', async () => {
    const d = await device();
    const ruleId = await rule(d, { durationSeconds: 0 });
    const second = new AlarmEngine(database.db, { warn: (obj) => warnings.push(obj) });
    engine.feed([{ deviceId: d, type: 'dust', at: new Date(T0), data: { a34002: 900 } }]);
    second.feed([{ deviceId: d, type: 'dust', at: new Date(T0), data: { a34002: 901 } }]);
    await Promise.all([engine.idle(), second.idle()]);
    const open = (await alarmsOf(d)).filter((a) => a.status === 'active');
    expect(open).toHaveLength(1);
    expect(open[0].ruleId).toBe(ruleId);
    expect(warnings).toEqual([]);
  });

  it('a rule added, edited, disabled or deleted applies from the next batch (the engine keeps rules in memory)', async () => {
    const d = await device();
    const over = (s: number): [number, Reading] => [s, { a34002: 200 }];
    await feed(d, [over(0)]);
    const ruleId = await rule(d, { durationSeconds: 0 });
    await feed(d, [over(10)]);
    expect(await alarmsOf(d)).toHaveLength(1);
    // Edited: the limit rises above the readings, which now clear it (no clear condition left).
    await database.db
      .update(alarmRules)
      .set({ condition: pm10('gt', 250), clearCondition: null })
      .where(eq(alarmRules.id, ruleId));
    await feed(d, [over(20)]);
    expect((await alarmsOf(d)).map((a) => a.status)).toEqual(['cleared']);
    // Disabled: nothing is raised however high the reading.
    await database.db.update(alarmRules).set({ enabled: false }).where(eq(alarmRules.id, ruleId));
    await feed(d, [[30, { a34002: 900 }]]);
    expect(await alarmsOf(d)).toHaveLength(1);
    // Enabled again, then deleted: nothing either.
    await database.db.update(alarmRules).set({ enabled: true }).where(eq(alarmRules.id, ruleId));
    await database.db.delete(alarmRules).where(eq(alarmRules.id, ruleId));
    await feed(d, [[40, { a34002: 900 }]]);
    expect(await alarmsOf(d)).toEqual([]);
    expect(warnings).toEqual([]);
  });
});
