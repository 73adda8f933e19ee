import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { constants, deviceEvents } from '../../db/schema/index.ts';
import { openTestDatabase, urlOf } from '../../../test/harness.ts';
import { until } from '../../gateway/testkit.ts';
import { pruneEvents, pruneTelemetry } from '../../gateway/store-day-partitions.ts';
import { DbTelemetrySink } from '../../gateway/store-telemetry.ts';
import { rowsOf } from '../../db/rows.ts';
import { rowOf, startLinkApp } from './testkit.ts';
import { fileLinkApp } from './liveTestkit.ts';
import { deviceLinkApi } from '@siteops/contracts/device-link/api';

const { t, admin, live, linked } = await fileLinkApp();

describe('telemetry and events', () => {
  it('telemetry is stored (series, latest) and sent live', async () => {
    const d = await linked({ type: 'dust' });
    d.sim.sendTelemetry({ a34004: 40, LA: 60 });
    await new Promise((r) => setTimeout(r, 20));
    d.sim.sendTelemetry({ a34004: 50 });
    // The live channel merges a device's readings within one batch into their newest values, so the
    // tab may get both messages or one merged: either way it ends with a34004 50 and has seen LA 60.
    const readings = (m: { data: Record<string, unknown> }) => m.data.data as Record<string, unknown>;
    const sent = await live.waitFor(
      (m) => m.type === 'telemetry' && m.data.deviceId === d.id && readings(m).a34004 === 50,
      1_000,
    );
    expect(sent.data).toMatchObject({ type: 'dust' });
    expect(live.of(d.id).some((m) => m.type === 'telemetry' && readings(m).LA === 60)).toBe(true);
    await expect
      .poll(
        async () =>
          rowsOf<{ n: number }>(
            await t.database.db.execute(sql`select count(*)::int as n from device_telemetry where device_id = ${d.id}`),
          )[0],
        { timeout: 1_000 },
      )
      .toMatchObject({ n: 2 });
    expect((await rowOf(t, d.id)).latest).toMatchObject({ a34004: 50, LA: 60 });
    const series = await t.api(deviceLinkApi.telemetry, { id: d.id, field: 'a34004' }, admin);
    expect(series.status, series.body.msg).toBe(200);
    const values = series.body.data.points.map((p: number[]) => p[1]);
    expect(values.length).toBeGreaterThanOrEqual(1);
    expect(Math.min(...series.body.data.points.map((p: number[]) => p[2]))).toBe(40);
    const latest = await t.api(deviceLinkApi.latest, { id: d.id }, admin);
    expect(latest.body.data).toMatchObject({ data: { a34004: 50 }, onlineStatus: 'online' });
    expect(Object.keys(latest.body.data.data).sort()).toEqual(['LA', 'a34004']); // readings only, not their times
  });

  it('events are stored once, listed per device with their picture', async () => {
    const d = await linked({ type: 'face' });
    const id = d.sim.sendEvent({
      kind: 'pass',
      level: 'info',
      picture: true,
      data: { personId: 'P1', personName: 'Zhang Wei', direction: 'in', verifyMode: 'face', similarity: 0.93 },
    });
    await live.waitFor((m) => m.type === 'event' && m.data.id === id, 1_000);
    await until(() => d.sim.pendingEvents === 0, 2_000, 'event.ack');
    const [row] = await t.database.db.select().from(deviceEvents).where(eq(deviceEvents.id, id));
    expect(row).toMatchObject({ deviceId: d.id, kind: 'pass', level: 'info' });
    // The same event again (another instance got the resend after a reconnect): stored once.
    await new DbTelemetrySink(t.database.db).flush({
      points: [],
      latest: [],
      events: [{ ...row, type: 'face', level: 'info', data: row.data, picture: undefined }],
    });
    const list = await t.api(deviceLinkApi.events, { id: d.id, kind: 'pass' }, admin);
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.list[0]).toMatchObject({ id, kind: 'pass', data: { personName: 'Zhang Wei' } });
    const pic = await fetch(`${t.base}${list.body.data.list[0].pictureUrl}`);
    expect(pic.headers.get('content-type')).toBe('image/jpeg');
    const forged = await fetch(
      `${t.base}${urlOf(deviceLinkApi.eventPicture, { id: d.id, eventId: id, exp: 9999999999, sig: 'x' })}`,
    );
    expect(forged.status).toBe(404);
  });
});

describe('jobs and settings', () => {
  it('retention prunes telemetry older than the configured days and keeps the rest', async () => {
    const d = await t.addDevice({ type: 'dust' });
    const day = 86_400_000;
    await t.database.db.execute(sql`
      insert into device_telemetry (device_id, at, data) values
        (${d.id}, ${new Date(Date.now() - 31 * day).toISOString()}::timestamptz, '{"a34004": 1}'),
        (${d.id}, ${new Date(Date.now() - 29 * day).toISOString()}::timestamptz, '{"a34004": 2}')`);
    expect(await pruneTelemetry(t.database.db, 30)).toBeGreaterThanOrEqual(1);
    const left = rowsOf<{ v: number }>(
      await t.database.db.execute(
        sql`select (data->>'a34004')::int as v from device_telemetry where device_id = ${d.id}`,
      ),
    );
    expect(left).toEqual([{ v: 2 }]);
  });

  it('retention prunes device events (and their pictures) older than the configured days, keeps the rest', async () => {
    const d = await t.addDevice({ type: 'face' });
    const day = 86_400_000;
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day).toISOString();
    await t.database.db.execute(sql`
      insert into device_events (id, device_id, type, kind, level, at, received_at, data) values
        (gen_random_uuid(), ${d.id}, 'face', 'pass', 'info', ${at(91)}::timestamptz, now(), '{"n": 1}'),
        (gen_random_uuid(), ${d.id}, 'face', 'pass', 'info', ${at(89)}::timestamptz, now(), '{"n": 2}')`);
    expect(await pruneEvents(t.database.db, 90)).toBeGreaterThanOrEqual(1);
    const left = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select (data->>'n')::int as n from device_events where device_id = ${d.id}`),
    );
    expect(left).toEqual([{ n: 2 }]);
  });

  it('devices are told the heartbeat interval of the system constant', async () => {
    const database = await openTestDatabase();
    await database.db.insert(constants).values({ key: 'device.heartbeatSeconds', value: '7' });
    const other = await startLinkApp({ database, deviceLink: { gateway: { refuseDelayMs: 0 } } });
    try {
      const d = await other.addDevice();
      const sim = other.sim(d);
      const linked = await new Promise<{ heartbeatSeconds: number }>((r) => sim.once('linked', r));
      expect(linked.heartbeatSeconds).toBe(7);
    } finally {
      await other.close();
      await database.close();
    }
  });
});
