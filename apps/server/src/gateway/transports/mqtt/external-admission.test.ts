import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { CloseCode, busyRetrySeconds } from '@siteops/contracts/device-protocol';
import { startLinkApp, type LinkTestApp } from '../../../modules/device-link/testkit.ts';
import { BROKER, brokerAnswers } from './brokerTestkit.ts';

/** Link admission behind an external broker (the machine's Mosquitto): busy is a down/close naming the wait. */
const skipped = !(await brokerAnswers('MQTT admission behind a broker'));

describe.skipIf(skipped)('a storm of devices through the broker on an instance admitting 3 links a second', () => {
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
});
