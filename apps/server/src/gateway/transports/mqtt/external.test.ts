import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { deviceLinkApi } from '@siteops/contracts/device-link/api';
import { PROTOCOL_VERSION, mqttTopics } from '@siteops/contracts/device-protocol';
import { readingsOf, rowOf } from '../../../modules/device-link/testkit.ts';
import {
  startTwoInstances,
  twoInstancesSkipped,
  twoInstancesForSuite,
} from '../../../modules/device-link/twoInstances.ts';
import { BROKER, brokerAnswers } from './brokerTestkit.ts';

const skipped =
  twoInstancesSkipped('MQTT through an external broker') || !(await brokerAnswers('MQTT through an external broker'));

describe.skipIf(skipped)('MQTT through an external broker, two instances sharing the devices', () => {
  const two = twoInstancesForSuite(() =>
    startTwoInstances({ env: { MQTT_URL: BROKER, MQTT_SHARE_GROUP: `test${randomBytes(4).toString('hex')}` } }),
  );

  it('devices link through the broker, the instances share them, and readings from all are stored', async () => {
    const { a, b } = two;
    const devices = await Promise.all(Array.from({ length: 6 }, () => a.addDevice({ type: 'dust' })));
    const sims = devices.map((d) => a.sim(d, { url: BROKER, httpUrl: a.base, telemetryMs: 200 }));
    await Promise.all(sims.map((s) => s.waitFor('up', 10_000)));
    const held = () => [a.app.deviceLink.mqttExternal!.links, b.app.deviceLink.mqttExternal!.links];
    await expect.poll(() => held()[0] + held()[1], { timeout: 5_000 }).toBe(6);
    // The shared subscription hands each instance some of the devices' auth messages.
    expect(Math.min(...held())).toBeGreaterThan(0);
    for (const d of devices) {
      await expect.poll(async () => (await rowOf(a, d.id)).onlineStatus, { timeout: 5_000 }).toBe('online');
      expect((await rowOf(a, d.id)).transport).toBe('mqtt');
      await expect.poll(async () => (await readingsOf(a, d.id)).length, { timeout: 5_000 }).toBeGreaterThan(1);
    }
    // Heartbeats keep them linked well past the heartbeat window, wherever each message lands.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(sims.every((s) => s.state === 'up' && s.counters.links === 1)).toBe(true);
  });

  it('a command from either instance reaches a device whichever instance holds its link', async () => {
    const { a, b } = two;
    const d = await a.addDevice({ type: 'face' });
    const sim = a.sim(d, { url: BROKER, httpUrl: a.base });
    await sim.waitFor('up', 10_000);
    for (const t of [a, b]) {
      const admin = await t.login();
      const res = await t.api(deviceLinkApi.openDoor, { id: d.id, door: 1 }, admin);
      expect(res.status, res.body.msg).toBe(200);
      expect(res.body.data.door).toBe(1);
    }
  });

  it('a will ends the link it names, never a newer one', async () => {
    const { a } = two;
    const d = await a.addDevice({ type: 'dust' });
    const topics = mqttTopics(d.sn);
    const client = await mqtt.connectAsync(BROKER, { clientId: d.sn, protocolVersion: 4, reconnectPeriod: 0 });
    try {
      const hello = new Promise<void>((resolve) =>
        client.on('message', (topic) => topic.endsWith('/down/auth.ok') && resolve()),
      );
      await client.subscribeAsync(topics.down, { qos: 1 });
      const auth = {
        protocol: PROTOCOL_VERSION,
        sn: d.sn,
        mac: d.mac,
        secret: d.secret,
        deviceType: 'dust',
        versions: {},
      };
      await client.publishAsync(topics.upAuth, JSON.stringify({ ...auth, link: 'second' }), { qos: 1 });
      await hello;
      // Heartbeats faster than the test gateway's window, so only a will can end the link.
      const beat = setInterval(() => client.publish(topics.up('heartbeat'), '{}'), 50);
      try {
        await expect.poll(async () => (await rowOf(a, d.id)).onlineStatus, { timeout: 5_000 }).toBe('online');
        // The will of an earlier connection of the same device arrives late: the link stays.
        await client.publishAsync(topics.upWill, JSON.stringify({ link: 'first' }), { qos: 1 });
        await new Promise((r) => setTimeout(r, 600));
        expect((await rowOf(a, d.id)).onlineStatus).toBe('online');
        await client.publishAsync(topics.upWill, JSON.stringify({ link: 'second' }), { qos: 1 });
        await expect.poll(async () => (await rowOf(a, d.id)).onlineStatus, { timeout: 5_000 }).toBe('offline');
      } finally {
        clearInterval(beat);
      }
    } finally {
      await client.endAsync(true);
    }
  });

  it('a device whose connection dies goes offline, and links again when it comes back', async () => {
    const { a } = two;
    const d = await a.addDevice({ type: 'dust' });
    const sim = a.sim(d, { url: BROKER, httpUrl: a.base });
    await sim.waitFor('up', 10_000);
    await expect.poll(async () => (await rowOf(a, d.id)).onlineStatus, { timeout: 5_000 }).toBe('online');
    sim.kill();
    await expect.poll(async () => (await rowOf(a, d.id)).onlineStatus, { timeout: 5_000 }).toBe('offline');
    sim.start();
    await sim.waitFor('up', 10_000);
    await expect.poll(async () => (await rowOf(a, d.id)).onlineStatus, { timeout: 5_000 }).toBe('online');
  });
});
