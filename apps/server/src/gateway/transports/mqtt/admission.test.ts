import { afterAll, describe, expect, it } from 'vitest';
import { CloseCode, MQTT_UNAVAILABLE_RETRY_S } from '@siteops/contracts/device-protocol';
import { startLinkApp } from '../../../modules/device-link/testkit.ts';

/** Link admission over MQTT: a 3.1.1 CONNACK cannot say how long to wait, so the protocol fixes it. */
const t = await startLinkApp({ env: { MQTT_PORT: '0', DEVICE_ADMIT_PER_SECOND: '3' } });
const overMqtt = { url: `mqtt://127.0.0.1:${t.app.deviceLink.mqtt!.port}`, httpUrl: t.base };
afterAll(() => t.close());

describe('a storm of MQTT devices on an instance admitting 3 links a second', () => {
  it('the turned-away devices are told busy (CONNACK 3), wait the fixed time and all link', async () => {
    const fleet = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const d = await t.addDevice({ type: 'dust' });
        // retryScale 0.2: the 5-10 s wait becomes 1-2 s. Own backoff is slowed, so only the fixed wait links in time.
        return t.sim(d, { ...overMqtt, retryScale: 0.2, backoffBaseMs: 30_000, autoStart: false });
      }),
    );
    for (const sim of fleet) sim.start();
    await Promise.all(fleet.map((s) => s.waitFor('up', 10_000)));
    // How many were turned away depends on how fast the CONNECTs came (the bucket refills meanwhile).
    const turnedAway = fleet.filter((s) => s.lastClose).map((s) => s.lastClose);
    expect(turnedAway.length).toBeGreaterThanOrEqual(3);
    expect(turnedAway).toEqual(
      turnedAway.map(() => ({ code: CloseCode.busy, reason: `busy:${MQTT_UNAVAILABLE_RETRY_S}` })),
    );
    expect(fleet.every((s) => s.lastRefusal === undefined)).toBe(true);
  });
});
