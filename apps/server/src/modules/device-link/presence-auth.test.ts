import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { devices } from '../../db/schema/index.ts';
import { until } from '../../gateway/testkit.ts';
import { DbPresenceSink } from '../../gateway/store-presence.ts';
import { HEARTBEAT_S, rowOf } from './testkit.ts';
import { fileLinkApp, watch } from './liveTestkit.ts';

const { t, live, linked } = await fileLinkApp();
const HB_MS = HEARTBEAT_S * 1000;

describe('presence', () => {
  it('a device that connects is online within 1 s: live event, then the devices row', async () => {
    const d = await t.addDevice({ type: 'dust' });
    await watch(live, d.id);
    const started = Date.now();
    t.sim(d);
    const online = await live.waitFor((m) => m.type === 'presence' && m.data.deviceId === d.id, 1_000, 'online');
    expect(online.data).toMatchObject({ onlineStatus: 'online', ip: '127.0.0.1' });
    expect(online.at - started).toBeLessThan(1_000);
    await expect.poll(async () => (await rowOf(t, d.id)).onlineStatus, { timeout: 1_000 }).toBe('online');
    const fresh = await rowOf(t, d.id);
    expect(fresh.heartbeatDatetime).not.toBeNull();
    expect(fresh.version).toBeTruthy();
  });

  it('a killed device is offline within two heartbeat intervals, live and in the row', async () => {
    const d = await linked({ type: 'plate' });
    await expect.poll(async () => (await rowOf(t, d.id)).onlineStatus, { timeout: 1_000 }).toBe('online');
    const killedAt = Date.now();
    d.sim.kill();
    const off = await live.waitFor(
      (m) => m.type === 'presence' && m.data.deviceId === d.id && m.data.onlineStatus === 'offline',
      2 * HB_MS + 500,
      'offline',
    );
    expect(off.at - killedAt).toBeLessThan(2 * HB_MS + 300);
    await expect.poll(async () => (await rowOf(t, d.id)).onlineStatus, { timeout: 1_000 }).toBe('offline');
  });

  it('a replaced link does not flap: no offline event, the row stays online', async () => {
    const d = await linked({ type: 'face' });
    const since = Date.now();
    const second = t.sim(d, { retryScale: 100 });
    await second.waitFor('up', 10_000);
    await new Promise((r) => setTimeout(r, 3 * HB_MS));
    const flaps = live.seen.filter(
      (m) => m.at >= since && m.type === 'presence' && m.data.deviceId === d.id && m.data.onlineStatus === 'offline',
    );
    expect(flaps).toEqual([]);
    expect((await rowOf(t, d.id)).onlineStatus).toBe('online');
    d.sim.kill();
  });

  it('a device forbidden or deleted while linked is cut off (4010 revoked) and offline', async () => {
    const d = await linked({ type: 'elevator' });
    await t.database.db.update(devices).set({ authStatus: 'forbidden' }).where(eq(devices.id, d.id));
    await until(() => d.sim.lastClose?.code === 4010, 2_000, 'revoked close');
    await live.waitFor(
      (m) => m.type === 'presence' && m.data.deviceId === d.id && m.data.reason === 'revoked',
      1_000,
      'revoked offline',
    );
    await expect.poll(async () => (await rowOf(t, d.id)).onlineStatus, { timeout: 1_000 }).toBe('offline');
  });

  it('a row left online by a crashed instance is marked offline by the sweep, and browsers are told', async () => {
    const d = await t.addDevice({ type: 'gateway' });
    await watch(live, d.id);
    await t.database.db
      .update(devices)
      .set({ onlineStatus: 'online', heartbeatDatetime: new Date(Date.now() - 60_000) })
      .where(eq(devices.id, d.id));
    await live.waitFor((m) => m.type === 'presence' && m.data.deviceId === d.id && m.data.reason === 'stale', 2_000);
    expect((await rowOf(t, d.id)).onlineStatus).toBe('offline');
  });

  it('writes presence of a whole batch with one statement', async () => {
    const a = await t.addDevice();
    const b = await t.addDevice();
    const sink = new DbPresenceSink(t.database.db);
    const at = new Date();
    await sink.flush([
      {
        deviceId: a.id,
        online: true,
        at,
        heartbeatAt: at,
        ip: '10.0.0.1',
        transport: 'ws',
        versions: { version: '9.9' },
      },
      { deviceId: b.id, online: true, at, heartbeatAt: at, ip: '10.0.0.2', transport: 'mqtt', versions: {} },
    ]);
    expect(sink.statements).toBe(1);
    expect(await rowOf(t, a.id)).toMatchObject({
      onlineStatus: 'online',
      ip: '10.0.0.1',
      version: '9.9',
      transport: 'ws',
    });
    expect(await rowOf(t, b.id)).toMatchObject({ onlineStatus: 'online', ip: '10.0.0.2', transport: 'mqtt' });
    // An older state never overwrites a newer one (two instances, a late flush).
    await sink.flush([
      {
        deviceId: a.id,
        online: false,
        at,
        heartbeatAt: new Date(at.getTime() - 5_000),
        ip: '',
        transport: 'ws',
        versions: {},
      },
    ]);
    expect((await rowOf(t, a.id)).onlineStatus).toBe('online');
  });
});

describe('authentication against the devices table', () => {
  it('an unknown sn is recorded with authStatus unknown and refused', async () => {
    const sn = `UNKNOWN${Date.now()}`;
    const sim = t.sim({ sn, mac: '02:AA:BB:CC:DD:01', secret: 'x', type: 'aiBox' }, { retryScale: 100 });
    const refused = await new Promise<{ reason: string }>((resolve) => sim.once('refused', resolve));
    expect(refused.reason).toBe('unknown');
    const [row] = await t.database.db.select().from(devices).where(eq(devices.sn, sn));
    expect(row).toMatchObject({ authStatus: 'unknown', type: 'aiBox', mac: '02:AA:BB:CC:DD:01', ip: '127.0.0.1' });
  });

  it.each([
    ['forbidden', { authStatus: 'forbidden' as const }, 'forbidden'],
    ['not allowed', { allow: false }, 'forbidden'],
    ['expired licence', { licenceExpiresAt: new Date(Date.now() - 1000) }, 'expired'],
  ])('%s is refused', async (_name, opts, reason) => {
    const d = await t.addDevice(opts);
    const sim = t.sim(d, { retryScale: 100 });
    const refused = await new Promise<{ reason: string }>((resolve) => sim.once('refused', resolve));
    expect(refused.reason).toBe(reason);
  });

  it('a wrong secret and a MAC mismatch are refused', async () => {
    const d = await t.addDevice();
    const bad = t.sim({ ...d, secret: 'not-the-secret' }, { retryScale: 100 });
    expect((await new Promise<{ reason: string }>((r) => bad.once('refused', r))).reason).toBe('badSecret');
    const other = t.sim({ ...d, mac: '02:00:00:00:00:99' }, { retryScale: 100 });
    expect((await new Promise<{ reason: string }>((r) => other.once('refused', r))).reason).toBe('mismatch');
  });
});
