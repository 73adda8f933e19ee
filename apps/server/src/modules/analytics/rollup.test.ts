import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { analyticsQuery, type AnalyticsQuery } from '@siteops/contracts/analytics/schemas';
import type { DeviceType } from '@siteops/contracts/device-protocol';
import { uniq, type createAgent } from '../../../test/fixtures.ts';
import { DB_KIND, fileTestApp } from '../../../test/harness.ts';
import { migrateAcross } from '../../../test/migrations.ts';
import { rowsOf } from '../../db/rows.ts';
import { devices, projects } from '../../db/schema/index.ts';
import type { Caller } from '../../auth/scope.ts';
import { pruneEvents, pruneTelemetry } from '../../gateway/store-day-partitions.ts';
import { DbTelemetrySink } from '../../gateway/store-telemetry.ts';
import { fleet } from './fleet.ts';
import { pruneRollup, rebuildRollup, rollupGroups } from './rollup.ts';
import { addDevice, analyticsWorld, fleetAnswer, timeline } from './testkit.ts';

/**
 * The hourly rollup behind fleet analytics (decision 0020): it answers exactly what the raw rows answer,
 * a late reading counts in its hour at once, an event sent twice and an hour rebuilt twice count once, an
 * agent sees only its devices' hours, and the history outlives the raw rows' retention.
 */
const { t, admin } = await fileTestApp();
let agentA: Awaited<ReturnType<typeof createAgent>>;
let agentB: Awaited<ReturnType<typeof createAgent>>;
const ids: Record<string, number> = {};
/** Three days ago at a whole hour; the data spans five hours from there. */
const { at } = timeline(72);
const RANGE = { from: at(0).toISOString(), to: at(300).toISOString() };
const qs = (q: Record<string, unknown>) => new URLSearchParams(q as Record<string, string>).toString();

let sink: DbTelemetrySink;
const point = (device: string, minutes: number, data: Record<string, number | string>) => ({
  deviceId: ids[device],
  type: device.replace(/[AB]$/, '') as DeviceType,
  at: at(minutes),
  data,
});
const event = (device: string, minutes: number, kind: string, id = randomUUID()) => ({
  id,
  deviceId: ids[device],
  type: device.replace(/[AB]$/, '') as DeviceType,
  kind,
  level: kind === 'pass' ? ('info' as const) : ('alarm' as const),
  at: at(minutes),
  receivedAt: at(minutes),
  data: {},
});

const api = (token: string, q: Record<string, unknown>) => fleetAnswer(t, token, qs(q));
const callers = (): Record<string, Caller> => ({
  admin: { id: 1, role: 'admin', agentId: null },
  agentA: { id: agentA.userId, role: 'agent', agentId: agentA.id },
  agentB: { id: agentB.userId, role: 'agent', agentId: agentB.id },
});
const both = async (caller: Caller, q: AnalyticsQuery) => {
  const parsed = analyticsQuery.parse(q);
  return {
    rollup: await fleet(t.database.db, caller, parsed),
    raw: await fleet(t.database.db, caller, parsed, { rollup: false }),
  };
};
const rollupRows = async () =>
  rowsOf(
    await t.database.db.execute(sql`select * from telemetry_hourly where hour >= ${at(0).toISOString()}::timestamptz
      order by device_id, hour`),
  );

const dirtyHours = async () =>
  rowsOf<{ hour: string | Date }>(
    await t.database.db.execute(sql`select hour from rollup_dirty_hours
      where hour >= ${at(0).toISOString()}::timestamptz and hour < date_trunc('hour', now()) order by 1`),
  ).map((r) => new Date(r.hour).toISOString());

beforeAll(async () => {
  let siteA: number;
  ({ agentA, agentB, siteA } = await analyticsWorld(t, admin));
  for (const [name, agentId, projectId] of [
    ['dustA', agentA.id, siteA],
    ['towerCraneA', agentA.id, siteA],
    ['faceA', agentA.id, siteA],
    ['dustB', agentB.id, null],
    ['faceB', agentB.id, null],
  ] as const) {
    ids[name] = await addDevice(t, { type: name.replace(/[AB]$/, ''), agentId, projectId, authStatus: 'authorize' });
  }
  sink = new DbTelemetrySink(t.database.db);
  // Through the device link's own write path, in several batches like the gateway's flushes.
  for (let h = 0; h < 5; h++) {
    await sink.flush({
      latest: [],
      points: [
        point('dustA', h * 60 + 5, { a34004: 40 + h * 17.3, a34002: 140 + h * 5.55, LA: 69.95 + h * 0.1 }),
        point('dustA', h * 60 + 35, { a34004: 75, a34002: 'n/a', LA: 71.25 }),
        point('dustB', h * 60 + 20, { a34004: 90.1, a34002: 151, LA: 55 }),
        point('towerCraneA', h * 60 + 10, { load: 1.15 + h }),
        point('towerCraneA', h * 60 + 50, { load: 2.2 }),
      ],
      events: [
        event('faceA', h * 60 + 1, 'pass'),
        event('faceB', h * 60 + 59, 'pass'),
        event('towerCraneA', h * 60 + 30, 'alarm'),
        event('dustA', h * 60 + 31, 'overLimit'),
      ],
    });
  }
});

describe('the hourly rollup', () => {
  it('answers exactly what the raw rows answer: hours, viewer days, part hours, a half-hour offset, per caller', async () => {
    const queries: AnalyticsQuery[] = [
      { ...RANGE, bucket: 'hour' },
      { ...RANGE, bucket: 'day', tzOffset: 480 },
      { from: at(17).toISOString(), to: at(263).toISOString(), bucket: 'hour', tzOffset: -300 },
      { from: at(-1).toISOString(), to: at(61).toISOString(), bucket: 'hour' },
      { ...RANGE, bucket: 'hour', tzOffset: 330 },
      { from: at(10).toISOString(), to: at(50).toISOString(), bucket: 'hour' },
    ];
    // Before the job (every hour dirty: per-device rows) and after it (per device group).
    for (const job of [false, true]) {
      if (job) await rollupGroups(t.database.db);
      for (const caller of Object.values(callers())) {
        for (const q of queries) {
          const { rollup, raw } = await both(caller, q);
          expect(rollup, JSON.stringify({ job, q })).toEqual(raw);
        }
      }
    }
    expect(await dirtyHours()).toEqual([]);
    const { rollup } = await both(callers().agentA, { ...RANGE, bucket: 'day', tzOffset: 480 });
    // The five hours may span a local midnight: add the days up.
    const total = (k: 'readings' | 'pm25Over' | 'noiseOver') => rollup.dust.reduce((n, r) => n + r[k], 0);
    expect([total('readings'), total('pm25Over'), total('noiseOver')]).toEqual([10, 2, 9]);
    expect(rollup.passes.reduce((n, p) => n + p.count, 0)).toBe(5);
  });

  it('counts a reading that arrives late in its hour at once', async () => {
    const before = await api(agentA.token, { ...RANGE, bucket: 'hour' });
    expect(before.dust[0]).toMatchObject({ at: at(0).toISOString(), readings: 2, pm25: 57.5, pm25Over: 0 });
    await sink.flush({
      latest: [],
      points: [point('dustA', 50, { a34004: 100 })],
      events: [event('faceA', 7, 'pass')],
    });
    const after = await api(agentA.token, { ...RANGE, bucket: 'hour' });
    expect(after.dust[0]).toMatchObject({ at: at(0).toISOString(), readings: 3, pm25: 71.7, pm25Over: 1 });
    expect(after.passes[0]).toEqual({ at: at(0).toISOString(), count: 2 });
    expect(after).toEqual((await both(callers().agentA, { ...RANGE, bucket: 'hour' })).raw);
    expect(await dirtyHours()).toEqual([at(0).toISOString()]);
    await rollupGroups(t.database.db);
    expect(await api(agentA.token, { ...RANGE, bucket: 'hour' })).toEqual(after);
  });

  it('counts an event sent twice once, and an hour rebuilt twice once', async () => {
    const q = { ...RANGE, bucket: 'day' } as const;
    const first = await api(admin, q);
    const again = event('faceB', 120, 'pass');
    await sink.flush({ latest: [], points: [], events: [again] });
    await sink.flush({ latest: [], points: [], events: [again] });
    const sent = await api(admin, q);
    // Summed over the range: at(120) falls on the next day when the test runs in the last two hours of a UTC day.
    const passes = (a: typeof first) => a.passes.reduce((n, p) => n + p.count, 0);
    expect(passes(sent)).toBe(passes(first) + 1);
    const rows = await rollupRows();
    await rebuildRollup(t.database.db, at(0), at(300));
    await rebuildRollup(t.database.db, at(0), at(300));
    expect(await rollupRows()).toEqual(rows);
    expect(await api(admin, q)).toEqual(sent);
    // Two instances' jobs at once: each hour is added up per group once.
    await Promise.all([rollupGroups(t.database.db, 2), rollupGroups(t.database.db, 2)]);
    expect(await dirtyHours()).toEqual([]);
    expect(await api(admin, q)).toEqual(sent);
  });

  it('shows an agent only its own devices’ hours', async () => {
    const b = await api(agentB.token, { ...RANGE, bucket: 'hour' });
    expect(b.dust.map((r) => [r.readings, r.pm25, r.pm10Over])).toEqual(Array(5).fill([1, 90.1, 1]));
    expect(b.lifting).toEqual([]);
    expect(b.events).toEqual([]);
    expect(b.passes.reduce((n, p) => n + p.count, 0)).toBe(6);
    // Naming agent A's devices by type or agent changes nothing: still none of them.
    const named = await api(agentB.token, { ...RANGE, bucket: 'day', agentId: agentA.id });
    expect([named.dust, named.lifting, named.passes, named.events]).toEqual([[], [], [], []]);
  });

  it('follows a device moved to another agent and project, before and after the job', async () => {
    const q = { ...RANGE, bucket: 'hour' } as const;
    const [{ id: siteB }] = await t.database.db
      .insert(projects)
      .values({ name: uniq('Site '), code: uniq('S'), agentId: agentB.id })
      .returning({ id: projects.id });
    await t.database.db
      .update(devices)
      .set({ agentId: agentB.id, projectId: siteB })
      .where(sql`id = ${ids.dustA}`);
    for (const job of [false, true]) {
      if (job) await rollupGroups(t.database.db);
      const b = await api(agentB.token, q);
      expect(b.dust.filter((r) => r.projectId === siteB).map((r) => r.readings)).toEqual([3, 2, 2, 2, 2]);
      expect((await api(agentA.token, q)).dust).toEqual([]);
      for (const caller of Object.values(callers())) {
        const { rollup, raw } = await both(caller, q);
        expect(rollup).toEqual(raw);
      }
    }
  });

  it('keeps the history when the raw rows are pruned, until its own retention', async () => {
    const q = { ...RANGE, bucket: 'hour' } as const;
    const before = await api(admin, q);
    expect(await pruneTelemetry(t.database.db, 1)).toBeGreaterThan(0);
    expect(await pruneEvents(t.database.db, 1)).toBeGreaterThan(0);
    expect((await both(callers().admin, q)).raw.dust).toEqual([]);
    expect(await api(admin, q)).toEqual(before);
    expect(await pruneRollup(t.database.db, 1)).toBeGreaterThan(0);
    const gone = await api(admin, q);
    expect([gone.dust, gone.lifting, gone.passes, gone.events]).toEqual([[], [], [], []]);
  });
});

// The backfill, on an embedded database that already holds readings and events before migration 0023.
describe.runIf(DB_KIND === 'pglite')('migration 0023 with stored rows', () => {
  it('rolls up every stored row once, then keeps counting new ones', async () => {
    const client = await migrateAcross(21, (c) =>
      c.exec(`insert into device_telemetry (device_id, at, data) values
          (7, '2026-03-01T10:05Z', '{"a34004": 80, "LA": 60}'), (7, '2026-03-01T10:45Z', '{"a34004": 20.5}'),
          (7, '2026-03-01T11:05Z', '{"load": 3}');
        insert into device_events (id, device_id, type, kind, level, at, received_at, data) values
          (gen_random_uuid(), 7, 'face', 'pass', 'info', '2026-03-01T10:01Z', now(), '{}')`),
    );
    await client.exec(
      `insert into device_telemetry (device_id, at, data) values (7, '2026-03-01T10:50Z', '{"a34004": 1}')`,
    );
    const hours = await client.query<Record<string, unknown>>(
      'select hour, readings, pm25_n, pm25_sum, pm25_over, load_max from telemetry_hourly order by hour',
    );
    expect(
      hours.rows.map((r) => [
        new Date(r.hour as string).toISOString(),
        r.readings,
        r.pm25_n,
        r.pm25_sum,
        r.pm25_over,
        r.load_max,
      ]),
    ).toEqual([
      ['2026-03-01T10:00:00.000Z', 3, 3, 101.5, 1, null],
      ['2026-03-01T11:00:00.000Z', 1, 0, 0, 0, 3],
    ]);
    const events = await client.query<{ count: number }>('select count from events_hourly');
    expect(events.rows).toEqual([{ count: 1 }]);
    await client.close();
  }, 120_000);
});
