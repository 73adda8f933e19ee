import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { CloseCode } from '@siteops/contracts/device-protocol';
import type { SimDevice } from '@siteops/device-sim/device';
import { LinkAdmission } from './admission.ts';
import { quietSim, startTestGateway } from './testkit.ts';

describe('link admission (DEVICE_ADMIT_PER_SECOND)', () => {
  it('spreads the links it turns away over the following seconds at the admitted rate', () => {
    const admission = new LinkAdmission(2);
    const now = 1_000_000;
    expect([0, 0, 0, 0, 0, 0, 0].map(() => admission.admit(now))).toEqual([0, 0, 1, 1, 2, 2, 3]);
    // A second later the bucket is full again.
    expect(admission.admit(now + 1_000)).toBe(0);
  });

  describe('on a gateway admitting 3 links a second', async () => {
    const gw = await startTestGateway({ options: { admitPerSecond: 3 } });
    const sims: SimDevice[] = [];
    afterAll(async () => {
      await Promise.all(sims.map((s) => s.stop()));
      await gw.close();
    });

    it('a storm of 8 devices: the first 3 link, the rest are closed 4013 busy:<s> and come back when told', async () => {
      const fleet = Array.from({ length: 8 }, (_, i) => {
        const who = { sn: `ADMIT${i}`, mac: `02:00:00:00:10:${String(i).padStart(2, '0')}`, secret: randomUUID() };
        gw.directory.add({ ...who, type: 'dust' });
        return quietSim(gw.url, who, 'dust', { retryScale: 0.2, autoStart: false });
      });
      sims.push(...fleet);
      for (const sim of fleet) sim.start();
      await expect.poll(() => fleet.filter((s) => s.lastClose).length, { timeout: 5_000 }).toBe(5);
      const busy = fleet.filter((s) => s.lastClose);
      expect(busy.map((s) => s.lastClose!.code)).toEqual(Array(5).fill(CloseCode.busy));
      expect(busy.map((s) => s.lastClose!.reason).sort()).toEqual(['busy:1', 'busy:1', 'busy:1', 'busy:2', 'busy:2']);
      expect(gw.gateway.counters.busy).toBe(5);
      // Every device is linked in the end, none refused for anything else.
      await Promise.all(fleet.map((s) => s.waitFor('up', 10_000)));
    });
  });
});
