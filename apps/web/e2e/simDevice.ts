import { test as base } from '@playwright/test';
import type { DeviceType } from '@siteops/contracts/device-protocol';
import { createSimDevice, type SimDevice, type SimDeviceOptions } from '@siteops/device-sim/device';
import type { GrantedDevice } from './support';

/** Starts a simulated device of a granted one: its type, and any option beyond the quiet defaults. */
export type DialSim = (
  device: Pick<GrantedDevice, 'sn' | 'mac' | 'secret'>,
  type: DeviceType,
  more?: Partial<SimDeviceOptions>,
) => SimDevice;

/**
 * Playwright's `test` with `dialSim`: dials a simulated device into this server's /gateway, quiet (no
 * telemetry, no random events, so a test sees only what it sends) unless `more` says otherwise. Every
 * device it started is stopped when the test ends, passed or failed, so none keeps a link (and its
 * reconnects) into the next test.
 */
export const test = base.extend<{ dialSim: DialSim }>({
  dialSim: async ({ baseURL }, use) => {
    const started: SimDevice[] = [];
    await use(({ sn, mac, secret }, type, more = {}) => {
      const sim = createSimDevice({
        url: `${baseURL!.replace(/^http/, 'ws')}/gateway`,
        sn,
        mac,
        secret,
        type,
        telemetryMs: 0,
        eventRate: 0,
        ...more,
      });
      started.push(sim);
      return sim;
    });
    await Promise.all(started.map((sim) => sim.stop()));
  },
});
