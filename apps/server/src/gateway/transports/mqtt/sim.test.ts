import { afterAll, describe, expect, it } from 'vitest';
import { deviceLinkApi } from '@siteops/contracts/device-link/api';
import { rowOf, startLinkApp } from '../../../modules/device-link/testkit.ts';

/** The simulator on the MQTT transport: the same device behaviour as over the WebSocket. */
const t = await startLinkApp({ env: { MQTT_PORT: '0' } });
const mqttUrl = `mqtt://127.0.0.1:${t.app.deviceLink.mqtt!.port}`;
const admin = await t.login();
afterAll(() => t.close());

const overMqtt = { url: mqttUrl, httpUrl: t.base };

describe('the simulator over MQTT', () => {
  it('links, is told its heartbeat, heartbeats, and is online with transport mqtt', async () => {
    const d = await t.addDevice({ type: 'dust' });
    const sim = t.sim(d, overMqtt);
    await sim.waitFor('up');
    expect(sim.heartbeatSeconds).toBeGreaterThan(0);
    expect(sim.ip).toBe('127.0.0.1');
    await expect.poll(async () => (await rowOf(t, d.id)).onlineStatus, { timeout: 2_000 }).toBe('online');
    expect((await rowOf(t, d.id)).transport).toBe('mqtt');
    const beats = sim.counters.heartbeats;
    await expect.poll(() => sim.counters.heartbeats, { timeout: 2_000 }).toBeGreaterThan(beats + 1);
    // Still linked after several heartbeat intervals: the server hears it.
    expect(sim.state).toBe('up');
  });

  it('a snapshot travels as binary frames (rpc data) and arrives whole', async () => {
    const d = await t.addDevice({ type: 'plate' });
    const sim = t.sim(d, overMqtt);
    await sim.waitFor('up');
    const res = await t.api(deviceLinkApi.snapshot, { id: d.id }, admin);
    expect(res.status, res.body.msg).toBe(200);
    const jpeg = Buffer.from(String(res.body.data.dataUrl).split(',')[1], 'base64');
    expect([jpeg[0], jpeg[1], jpeg.at(-2), jpeg.at(-1)]).toEqual([0xff, 0xd8, 0xff, 0xd9]);
  });

  it('events are acknowledged, so nothing waits to be sent again', async () => {
    const d = await t.addDevice({ type: 'face' });
    const sim = t.sim(d, overMqtt);
    await sim.waitFor('up');
    sim.sendEvent({
      kind: 'pass',
      level: 'info',
      data: { personId: 'P9', personName: 'Wang Fang', direction: 'in', verifyMode: 'face', similarity: 0.9 },
    });
    await expect.poll(() => sim.pendingEvents, { timeout: 2_000 }).toBe(0);
  });

  it('a wrong secret is refused as badSecret and the device waits before dialling again', async () => {
    const d = await t.addDevice({ type: 'dust' });
    const sim = t.sim({ ...d, secret: 'wrong' }, overMqtt);
    await expect.poll(() => sim.lastRefusal?.reason, { timeout: 2_000 }).toBe('badSecret');
    expect(sim.lastClose?.code).toBe(4003);
    expect(sim.state).toBe('waiting');
  });

  it('a link the server cuts is told its close code on down/close, and the device dials in again', async () => {
    const d = await t.addDevice({ type: 'dust' });
    const sim = t.sim(d, overMqtt);
    await sim.waitFor('up');
    t.app.deviceLink.deviceCommands.cut(d.id);
    await expect.poll(() => sim.lastClose?.code, { timeout: 2_000 }).toBeGreaterThanOrEqual(4000);
    await sim.waitFor('up', 5_000);
    expect(sim.counters.links).toBe(2);
  });
});
