import { test as base, type APIRequestContext } from '@playwright/test';
import type { DeviceType } from '@siteops/contracts/device-protocol';
import { createSimDevice, type SimDevice, type SimDeviceOptions } from '@siteops/device-sim/device';
import { deviceApi } from '@siteops/contracts/device/api';
import { api, grantDevice, publishGateConfig, type GrantedDevice } from './support';

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

/**
 * A face terminal at the gate of `projectId`: granted, named `devName(sn)`, moved into the project, linked
 * through the simulator (`more`: another transport, say) and up, and published as the project's only gate
 * terminal. Answers the grant, the name and the simulator.
 */
export async function projectGate(
  request: APIRequestContext,
  token: string,
  dialSim: DialSim,
  gate: { projectId: number; prefix: string; devName: (sn: string) => string; more?: Partial<SimDeviceOptions> },
) {
  const granted = await grantDevice(request, token, { type: 'face', prefix: gate.prefix });
  const devName = gate.devName(granted.sn);
  await api(request, deviceApi.update, { id: granted.id, devName, projectId: gate.projectId }, token);
  const device = dialSim(granted, 'face', gate.more);
  await device.waitFor('up', 15_000);
  await publishGateConfig(request, token, gate.projectId, [granted.id]);
  return { granted, devName, device };
}
