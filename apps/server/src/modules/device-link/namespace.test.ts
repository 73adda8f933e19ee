import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { until } from '../../gateway/testkit.ts';
import { openTestDatabase } from '../../../test/harness.ts';
import { startLinkApp, type LinkTestApp } from './testkit.ts';
import { openLive } from './liveTestkit.ts';

const REDIS_URL = process.env.TEST_REDIS_URL;
if (!REDIS_URL) {
  console.log('two deployments on one Redis: skipped, TEST_REDIS_URL is not set (e.g. redis://127.0.0.1:6379)');
}

/**
 * Deployment X (two instances on one database) and deployment Y (its own database) share one Redis,
 * with no namespace configured: each derives its own from its database. Their device ids collide
 * (both databases start from the same template), yet X's instances still share X's devices and Y
 * never hears of them.
 */
describe.skipIf(!REDIS_URL)('two deployments on one Redis', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'siteops-ns-'));
    dirs.push(d);
    return d;
  };
  let dbX: Database;
  let dbY: Database;
  let x1: LinkTestApp;
  let x2: LinkTestApp;
  let y1: LinkTestApp;

  beforeAll(async () => {
    [dbX, dbY] = await Promise.all([openTestDatabase(), openTestDatabase()]);
    const envX = { REDIS_URL: REDIS_URL!, DATA_DIR: dataDir() };
    x1 = await startLinkApp({ database: dbX, env: envX });
    x2 = await startLinkApp({ database: dbX, env: envX });
    y1 = await startLinkApp({ database: dbY, env: { REDIS_URL: REDIS_URL!, DATA_DIR: dataDir() } });
  });
  afterAll(async () => {
    await Promise.all([x1, x2, y1].map((t) => t?.close()));
    await Promise.all([dbX, dbY].map((d) => d?.close()));
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('commands and live events stay inside their deployment', async () => {
    const dx = await x1.addDevice({ type: 'dust' });
    const dy = await y1.addDevice({ type: 'dust' });
    expect(dy.id, 'colliding device ids').toBe(dx.id);
    const id = dx.id;

    const simY = y1.sim(dy);
    await simY.waitFor('up', 10_000);
    const simX = x1.sim(dx);
    await simX.waitFor('up', 10_000);
    // Two instances of one deployment still share: X2 routes X's device to X1.
    await until(
      () => x2.app.deviceLink.gateway.whereIs(id) === x1.app.deviceLink.gateway.instanceId,
      10_000,
      'X2 learns the route',
    );
    // Past a few route announcements: Y never learns X's link, and X's newer link does not replace Y's.
    await new Promise((r) => setTimeout(r, 700));
    expect(y1.app.deviceLink.gateway.whereIs(id)).toBe('here');
    expect(simY.lastClose).toBeUndefined();

    await x2.app.deviceLink.gateway.call(id, 'config.get', {}, 10_000);
    await y1.app.deviceLink.gateway.call(id, 'config.get', {}, 10_000);
    expect(simX.counters.rpcs).toBe(1);
    expect(simY.counters.rpcs).toBe(1);

    const tabX = await openLive(x2, await x2.login());
    const tabY = await openLive(y1, await y1.login());
    try {
      await Promise.all([tabX.ready(), tabY.ready()]);
      expect((await tabX.subscribe([`device:${id}`])).refused).toEqual([]);
      expect((await tabY.subscribe([`device:${id}`])).refused).toEqual([]);
      simX.sendTelemetry({ a34004: 12.5 });
      simY.sendTelemetry({ a34004: 99.5 });
      const has = (tab: typeof tabX, v: number) => JSON.stringify(tab.of(id)).includes(String(v));
      await until(() => has(tabX, 12.5), 10_000, 'X2 tab sees X telemetry');
      await until(() => has(tabY, 99.5), 10_000, 'Y tab sees Y telemetry');
      await new Promise((r) => setTimeout(r, 300));
      expect(has(tabX, 99.5)).toBe(false);
      expect(has(tabY, 12.5)).toBe(false);
    } finally {
      tabX.close();
      tabY.close();
    }
    // Its waits are upper bounds; a loaded CI machine once needed more than 2 s to link a device.
  }, 60_000);
});
