import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { CloseCode, busyRetrySeconds } from '@siteops/contracts/device-protocol';
import { startLinkApp, type LinkTestApp } from '../../../modules/device-link/testkit.ts';

/** Link admission behind an external broker (the machine's Mosquitto): busy is a down/close naming the wait. */
const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const brokerAnswers = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(BROKER);
  const socket = net.connect(Number(port || 1883), hostname);
  socket.setTimeout(1_000);
  socket.once('connect', () => (socket.destroy(), resolve(true)));
  socket.once('error', () => resolve(false));
  socket.once('timeout', () => (socket.destroy(), resolve(false)));
});
if (!brokerAnswers)
  console.log(`MQTT admission behind a broker: skipped, no broker answers at ${BROKER} (TEST_MQTT_URL)`);

describe.skipIf(!brokerAnswers)(
  'a storm of devices through the broker on an instance admitting 3 links a second',
  () => {
    let t: LinkTestApp;
    afterAll(() => t?.close());

    it('the instance survives, the turned-away devices are told busy:<s> and all link', async () => {
      t = await startLinkApp({
        env: {
          MQTT_URL: BROKER,
          MQTT_SHARE_GROUP: `adm${randomBytes(4).toString('hex')}`,
          DEVICE_ADMIT_PER_SECOND: '3',
        },
      });
      const fleet = await Promise.all(
        Array.from({ length: 8 }, async () => {
          const d = await t.addDevice({ type: 'dust' });
          return t.sim(d, { url: BROKER, httpUrl: t.base, retryScale: 0.2, backoffBaseMs: 30_000, autoStart: false });
        }),
      );
      for (const sim of fleet) sim.start();
      await Promise.all(fleet.map((s) => s.waitFor('up', 15_000)));
      const turnedAway = fleet.filter((s) => s.lastClose).map((s) => s.lastClose!);
      expect(turnedAway.length).toBeGreaterThanOrEqual(3);
      for (const close of turnedAway) {
        expect(close.code).toBe(CloseCode.busy);
        expect(busyRetrySeconds(close.reason)).toBeGreaterThan(0);
      }
      expect(t.app.deviceLink.mqttExternal!.links).toBe(8);
    });
  },
);
