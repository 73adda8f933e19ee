import type { FastifyBaseLogger } from 'fastify';
import { GATEWAY_PATH } from '@siteops/contracts/device-protocol';
import { SimFleet } from '@siteops/device-sim/fleet';
import { Hj212Monitor } from '@siteops/device-sim/hj212Monitor';
import type { DemoDevice } from './seed.ts';

/**
 * The demo's simulated devices, in this process, dialling the server's own gateway on loopback like
 * real devices on a site would: heartbeats, drifting readings, the odd alarm, and an answer to every
 * console button. Stop it before the server closes, so devices do not spend the shutdown reconnecting.
 */
export async function startDemoFleet(
  devices: DemoDevice[],
  port: number,
  log: Pick<FastifyBaseLogger, 'debug'>,
  opts: { mqttPort?: number; hj212Port?: number } = {},
): Promise<{ stop(): Promise<void> }> {
  const { mqttPort, hj212Port } = opts;
  // The HJ 212 monitor dials the TCP listener when there is one; without it, it links like the rest.
  const monitors = hj212Port
    ? devices.flatMap(({ hj212 }) =>
        hj212
          ? [new Hj212Monitor({ host: '127.0.0.1', port: hj212Port, mn: hj212.mn, pw: hj212.pw, rtdIntervalS: 10 })]
          : [],
      )
    : [];
  if (hj212Port) devices = devices.filter((d) => !d.hj212);
  const fleet = new SimFleet({
    url: `ws://127.0.0.1:${port}${GATEWAY_PATH}`,
    httpUrl: `http://127.0.0.1:${port}`,
    // Universal gateways (DTUs) are the site hardware that speaks MQTT: with the embedded broker on, they use it.
    devices: devices.map((d) => (mqttPort && d.type === 'gateway' ? { ...d, url: `mqtt://127.0.0.1:${mqttPort}` } : d)),
    versions: { frpcVer: '0.52.3', devVer: 'HW-2.1', version: '3.4.0' },
    // A reading every 10 s per device: lively lists, a light load next to the console.
    telemetryMs: 10_000,
    connectRate: 50,
    // Reconnects after a reboot button and the like are normal here: keep them out of the info log.
    log: (message, extra) => log.debug({ ...extra, module: 'demo-fleet' }, message),
  });
  await fleet.start();
  return {
    async stop() {
      await Promise.all([fleet.stop(), ...monitors.map((m) => m.stop())]);
    },
  };
}
