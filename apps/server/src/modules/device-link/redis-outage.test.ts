import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../gateway/testkit.ts';
import { startFaultProxy, targetOf, type FaultProxy } from '../../../test/faultproxy.ts';
import { FAST, startLinkApp, type LinkTestApp } from './testkit.ts';
import { openLive } from './liveTestkit.ts';
import { HEALTH_URL } from '../../../test/harness.ts';
import { deviceLinkApi } from '@siteops/contracts/device-link/api';

const REDIS_URL = process.env.TEST_REDIS_URL;
if (!REDIS_URL) console.log('device link during a Redis outage: skipped, TEST_REDIS_URL is not set');

/**
 * One instance whose Redis goes away: what a user notices is that nothing changes for the devices
 * linked to it. Commands reach them and their readings reach the browsers on that instance.
 */
describe.skipIf(!REDIS_URL)('device link during a Redis outage', () => {
  let proxy: FaultProxy;
  let t: LinkTestApp;
  beforeAll(async () => {
    proxy = await startFaultProxy(targetOf(REDIS_URL!));
    t = await startLinkApp({
      env: { REDIS_URL: proxy.through(REDIS_URL!) },
      deviceLink: { ...FAST, busPrefix: `siteops-outage-${randomBytes(4).toString('hex')}:` },
    });
  });
  afterAll(async () => {
    proxy?.heal();
    await t?.close();
    await proxy?.close();
  });

  it('commands and live readings keep working on the instance, and Redis is back by itself', async () => {
    const admin = await t.login();
    const d = await t.addDevice({ type: 'dust' });
    const sim = t.sim(d);
    await sim.waitFor('up', 10_000);
    const tab = await openLive(t, admin);
    try {
      await tab.ready();
      await tab.subscribe([`device:${d.id}`]);

      proxy.cut();
      await until(() => t.app.deviceLink.bus.state?.() === 'down', 4_000, 'outage noticed');
      const health = await t.call({ method: 'GET', url: HEALTH_URL });
      expect(health.status).toBe(503);
      expect(health.body.data).toMatchObject({ database: 'up', redis: 'down' });

      sim.sendTelemetry({ a34004: 42.5 });
      await until(() => JSON.stringify(tab.of(d.id)).includes('42.5'), 2_000, 'reading reaches the tab');
      const res = await t.api(deviceLinkApi.snapshot, { id: d.id }, admin);
      expect(res.status, res.body.msg).toBe(200);

      proxy.heal();
      await until(() => t.app.deviceLink.bus.state?.() === 'up', 6_000, 'Redis back');
      sim.sendTelemetry({ a34004: 43.5 });
      await until(() => JSON.stringify(tab.of(d.id)).includes('43.5'), 2_000, 'reading after recovery');
    } finally {
      tab.close();
    }
  });
});
