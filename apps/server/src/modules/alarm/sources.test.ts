import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DeviceType } from '@siteops/contracts/device-protocol';
import { BUILTIN_OFFLINE_RULE_NAME } from '@siteops/contracts/alarm/rules';
import { openTestDatabase } from '../../../test/harness.ts';
import { uniq } from '../../../test/fixtures.ts';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { alarmRules, alarms, alarmTimeline, devices, type StoredAlarmSource } from '../../db/schema/index.ts';
import type { DeviceEventRecord } from '../../gateway/index.ts';
import type { NewNotification } from '../../ports/context.ts';
import { SourceAlarms } from './sources.ts';

/**
 * The sources other than readings over the database, at chosen times: offline and no data through the
 * sweep (raise at the delay, repeat per period, clear when the spell ends, once per spell however many
 * instances sweep, nothing lost by a restart), device events (raise, repeat, a resent event counted once,
 * auto-clear). The sweep keeps nothing in memory: each instance here is a fresh one, as after a restart.
 */
let database: Database;
const notices: NewNotification[] = [];
const warnings: unknown[] = [];
const instance = () =>
  new SourceAlarms(database.db, { warn: (o) => warnings.push(o) }, undefined, {
    notify: async (n) => {
      notices.push(n);
      return 1;
    },
  });

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const MIN = 60_000;
const T0 = Date.parse('2026-06-01T08:00:00Z');

async function device(type: DeviceType, set: Partial<typeof devices.$inferInsert> = {}) {
  const [row] = await database.db
    .insert(devices)
    .values({ sn: uniq('SRC'), type, authStatus: 'authorize', ...set })
    .returning({ id: devices.id, sn: devices.sn });
  return row;
}

async function rule(deviceId: number, source: StoredAlarmSource, deviceType: DeviceType | null = 'dust') {
  const [row] = await database.db
    .insert(alarmRules)
    .values({ name: 'src', scope: 'device', deviceId, deviceType, source, severity: 'major' })
    .returning({ id: alarmRules.id });
  return row.id;
}

const alarmsOf = (deviceId: number) =>
  database.db.select().from(alarms).where(eq(alarms.deviceId, deviceId)).orderBy(asc(alarms.id));

describe('offline longer than N minutes', () => {
  it('raises at the delay (once, with two instances sweeping), notifies, repeats per period, clears and notifies when back', async () => {
    const d = await device('dust', { onlineStatus: 'offline', heartbeatDatetime: new Date(T0) });
    const ruleId = await rule(d.id, { kind: 'offline', minutes: 10 }, null);
    notices.length = 0;
    await instance().sweep(T0 + 9 * MIN);
    expect(await alarmsOf(d.id)).toEqual([]);

    // Two instances at once: one alarm, one notice.
    await Promise.all([instance().sweep(T0 + 10 * MIN), instance().sweep(T0 + 10 * MIN)]);
    const [raised] = await alarmsOf(d.id);
    expect(await alarmsOf(d.id)).toHaveLength(1);
    expect(raised).toMatchObject({ ruleId, status: 'active', count: 1, severity: 'major' });
    expect(raised.firstAt.getTime()).toBe(T0 + 10 * MIN);
    expect(notices.filter((n) => n.link === `/device/device-list?sn=${d.sn}`)).toHaveLength(1);
    expect(notices[0]).toMatchObject({ level: 'warning', kind: 'device', to: { userIds: expect.any(Array) } });
    // The admins it told, kept on the alarm for the escalation chain (which does not tell them again).
    const [raisedEntry] = await database.db.select().from(alarmTimeline).where(eq(alarmTimeline.alarmId, raised.id));
    expect(raisedEntry.detail.noticed).toEqual(notices[0].to.userIds);
    expect(notices[0].to.userIds!.length).toBeGreaterThan(0);

    // A restart (a new instance) within the same period changes nothing; a period later it repeats.
    await instance().sweep(T0 + 15 * MIN);
    expect((await alarmsOf(d.id))[0].count).toBe(1);
    await Promise.all([instance().sweep(T0 + 31 * MIN), instance().sweep(T0 + 31 * MIN)]);
    const [repeated] = await alarmsOf(d.id);
    expect(repeated.count).toBe(3);
    expect(repeated.lastAt.getTime()).toBe(T0 + 30 * MIN);

    // Back online: cleared by the condition, told once.
    await database.db.update(devices).set({ onlineStatus: 'online' }).where(eq(devices.id, d.id));
    await Promise.all([instance().sweep(T0 + 32 * MIN), instance().sweep(T0 + 32 * MIN)]);
    const [cleared] = await alarmsOf(d.id);
    expect(cleared).toMatchObject({ status: 'cleared', clearedBy: 'condition' });
    expect(notices.filter((n) => n.level === 'success')).toHaveLength(1);
    const timeline = await database.db
      .select({ kind: alarmTimeline.kind })
      .from(alarmTimeline)
      .where(eq(alarmTimeline.alarmId, cleared.id));
    expect(timeline.map((e) => e.kind)).toEqual(['raised', 'cleared']);
  });

  it('the hard-wired notification’s table is gone: the offline alarms are its claims now', async () => {
    const [row] = rowsOf<{ t: string | null }>(
      await database.db.execute(sql`select to_regclass('device_offline_notices')::text as t`),
    );
    expect(row.t).toBeNull();
  });

  it('an offline alarm cleared by a person is not raised again for the same spell; the next spell raises', async () => {
    const d = await device('towerCrane', { onlineStatus: 'offline', heartbeatDatetime: new Date(T0) });
    await rule(d.id, { kind: 'offline', minutes: 5 }, 'towerCrane');
    await instance().sweep(T0 + 5 * MIN);
    const [first] = await alarmsOf(d.id);
    await database.db.update(alarms).set({ status: 'cleared', clearedBy: 'manual' }).where(eq(alarms.id, first.id));
    await instance().sweep(T0 + 20 * MIN);
    expect(await alarmsOf(d.id)).toHaveLength(1);
    await database.db
      .update(devices)
      .set({ heartbeatDatetime: new Date(T0 + 30 * MIN) })
      .where(eq(devices.id, d.id));
    await instance().sweep(T0 + 35 * MIN);
    expect((await alarmsOf(d.id)).map((a) => a.status)).toEqual(['cleared', 'active']);
  });

  it('the built-in fleet rule applies to every type unless a narrower offline rule does', async () => {
    const [builtIn] = await database.db
      .select({ id: alarmRules.id, name: alarmRules.name, deviceType: alarmRules.deviceType, scope: alarmRules.scope })
      .from(alarmRules)
      .where(and(eq(alarmRules.scope, 'fleet'), sql`${alarmRules.source}->>'kind' = 'offline'`));
    // Its stored bilingual name is the one the console shows in the reader's language.
    expect(builtIn).toMatchObject({ name: BUILTIN_OFFLINE_RULE_NAME, deviceType: null, scope: 'fleet' });
    // The default delay is notification.deviceOfflineSeconds (300 s unless set).
    const now = Date.now();
    const d = await device('plate', { onlineStatus: 'offline', heartbeatDatetime: new Date(now - 6 * MIN) });
    await instance().sweep(now);
    expect((await alarmsOf(d.id)).map((a) => a.ruleId)).toEqual([builtIn.id]);
    const narrower = await device('plate', { onlineStatus: 'offline', heartbeatDatetime: new Date(now - 6 * MIN) });
    const own = await rule(narrower.id, { kind: 'offline', minutes: 60 }, null);
    await instance().sweep(now);
    expect(await alarmsOf(narrower.id)).toEqual([]);
    await instance().sweep(now + 60 * MIN);
    expect((await alarmsOf(narrower.id)).map((a) => a.ruleId)).toEqual([own]);
  });
});

describe('no data for N minutes', () => {
  const lastReadingAt = (id: number, at: number) =>
    database.db
      .update(devices)
      .set({ latest: { a34002: 40, '@at': { a34002: at } } })
      .where(eq(devices.id, id));

  it('raises after N minutes without a reading, repeats per period, clears when data comes again', async () => {
    const d = await device('dust', { onlineStatus: 'online' });
    await lastReadingAt(d.id, T0);
    const ruleId = await rule(d.id, { kind: 'noData', minutes: 30 });
    await instance().sweep(T0 + 29 * MIN);
    expect(await alarmsOf(d.id)).toEqual([]);
    await Promise.all([instance().sweep(T0 + 30 * MIN), instance().sweep(T0 + 30 * MIN)]);
    expect(await alarmsOf(d.id)).toMatchObject([{ ruleId, status: 'active', count: 1 }]);
    await instance().sweep(T0 + 61 * MIN);
    expect(await alarmsOf(d.id)).toMatchObject([{ count: 2, lastValue: { minutes: 61 } }]);
    await lastReadingAt(d.id, T0 + 62 * MIN);
    await instance().sweep(T0 + 63 * MIN);
    expect(await alarmsOf(d.id)).toMatchObject([{ status: 'cleared', clearedBy: 'condition' }]);
  });

  it('a device of another type is not judged', async () => {
    const d = await device('elevator');
    await lastReadingAt(d.id, T0);
    await rule(d.id, { kind: 'noData', minutes: 30 }, 'dust');
    await instance().sweep(T0 + 60 * MIN);
    expect(await alarmsOf(d.id)).toEqual([]);
  });
});

describe('device events', () => {
  const event = (deviceId: number, kind: string, data: Record<string, unknown>, at: number): DeviceEventRecord => ({
    id: randomUUID(),
    deviceId,
    type: 'towerCrane',
    kind,
    level: 'alarm',
    at: new Date(at),
    receivedAt: new Date(at),
    data,
  });

  it('each event raises or counts on the open alarm; a resent event counts once; another code is not taken; it clears itself', async () => {
    const d = await device('towerCrane');
    const ruleId = await rule(
      d.id,
      { kind: 'event', event: 'alarm', code: 'collision', autoClearMinutes: 15 },
      'towerCrane',
    );
    const src = instance();
    const first = event(d.id, 'alarm', { flags: 16, codes: ['collision'], load: 2 }, T0);
    src.feedEvents([first]);
    await src.idle();
    expect(await alarmsOf(d.id)).toMatchObject([
      { ruleId, count: 1, firstValue: { eventId: first.id, codes: 'collision' } },
    ]);
    const second = event(d.id, 'alarm', { flags: 16, codes: ['collision'], load: 3 }, T0 + MIN);
    src.feedEvents([second, first]); // the first sent again after a reconnect
    src.feedEvents([event(d.id, 'alarm', { flags: 1, codes: ['overload'], load: 9 }, T0 + 2 * MIN)]);
    src.feedEvents([second]);
    await src.idle();
    expect(await alarmsOf(d.id)).toMatchObject([{ count: 2, lastValue: { eventId: second.id, load: 3 } }]);

    await instance().sweep(T0 + 15 * MIN);
    expect((await alarmsOf(d.id))[0].status).toBe('active');
    await instance().sweep(T0 + 16 * MIN);
    expect(await alarmsOf(d.id)).toMatchObject([{ status: 'cleared', clearedBy: 'condition' }]);
    // The next event raises a new alarm.
    src.feedEvents([event(d.id, 'alarm', { flags: 16, codes: ['collision'], load: 1 }, T0 + 20 * MIN)]);
    await src.idle();
    expect((await alarmsOf(d.id)).map((a) => a.status)).toEqual(['cleared', 'active']);
    expect(warnings).toEqual([]);
  });
});
