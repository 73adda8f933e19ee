import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach } from 'vitest';
import { createSimDevice, type SimDevice, type SimDeviceOptions } from '@siteops/device-sim/device';
import type { DeviceType } from '@siteops/contracts/device-protocol';
import { createMemoryBus, type Bus } from '../bus/bus.ts';
import { registerGateway } from './index.ts';
import type { Gateway } from './gateway.ts';
import { MemoryDirectory, MemoryPresenceSink, MemoryTelemetrySink } from './memory.ts';
import type { GatewayOptions } from './types.ts';

/** What a test waits for: a presence item is `online` or `offline` by its status. */
export type RecordedKind = 'online' | 'offline' | 'telemetry' | 'event';

/** One live item as a test reads it: the item's data plus the instance holding the device's link. */
export interface Recorded {
  kind: RecordedKind;
  at: number;
  deviceId: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: Record<string, any> & { instanceId: string };
}

export interface TestGateway {
  app: FastifyInstance;
  gateway: Gateway;
  bus: Bus;
  url: string;
  directory: MemoryDirectory;
  presence: MemoryPresenceSink;
  telemetry: MemoryTelemetrySink;
  /** Every live event this instance emitted, in order. */
  log: Recorded[];
  /** Resolves with the first recorded event matching, waiting up to `timeoutMs`. */
  waitFor(
    kind: RecordedKind,
    deviceId: number,
    timeoutMs?: number,
    after?: number,
    where?: (body: Record<string, unknown>) => boolean,
  ): Promise<Recorded>;
  close(): Promise<void>;
}

/**
 * A minimal Fastify app with only the gateway, on a loopback port, with in-memory deps: what the
 * gateway tests and the benchmark run against. Pass a shared `bus` (and `directory`) to make several
 * instances of one deployment.
 */
export async function startTestGateway(
  opts: {
    bus?: Bus;
    directory?: MemoryDirectory;
    heartbeatSeconds?: number;
    options?: GatewayOptions;
    ownsBus?: boolean;
  } = {},
): Promise<TestGateway> {
  const bus = opts.bus ?? createMemoryBus();
  const directory = opts.directory ?? new MemoryDirectory();
  const presence = new MemoryPresenceSink();
  const telemetry = new MemoryTelemetrySink();
  const app = Fastify({ logger: false });
  const gateway = await registerGateway(app, {
    directory,
    presence,
    telemetry,
    bus,
    heartbeatSeconds: () => opts.heartbeatSeconds ?? 0.2,
    options: {
      refuseDelayMs: 0,
      presenceFlushMs: 50,
      telemetryFlushMs: 50,
      liveBatchMs: 20,
      routeAnnounceMs: 500,
      ...opts.options,
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const log: Recorded[] = [];
  const waiters = new Set<() => void>();
  gateway.events.on('device', (item, instanceId) => {
    const kind = item.kind === 'presence' ? item.data.onlineStatus : item.kind;
    log.push({ kind, at: Date.now(), deviceId: item.data.deviceId, body: { ...item.data, instanceId } });
    waiters.forEach((w) => w());
  });
  return {
    app,
    gateway,
    bus,
    url: `ws://127.0.0.1:${port}${gateway.path}`,
    directory,
    presence,
    telemetry,
    log,
    waitFor(kind, deviceId, timeoutMs = 2_000, after = 0, where = () => true) {
      const find = () =>
        log.find(
          (e) =>
            e.kind === kind &&
            e.deviceId === deviceId &&
            e.at >= after &&
            where(e.body as unknown as Record<string, unknown>),
        );
      return awaitFound(find, waiters, timeoutMs, `${kind} event for device ${deviceId}`);
    },
    async close() {
      await app.close();
      if (opts.ownsBus ?? !opts.bus) await bus.close();
    },
  };
}

/**
 * What `find` answers, now or when a call of one of `waiters` (which a recorder calls as each message arrives)
 * finds it; rejects after `timeoutMs`, naming `what`. The test recorders wait this way rather than by polling.
 */
export function awaitFound<T>(
  find: () => T | undefined,
  waiters: Set<() => void>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const found = find();
  if (found) return Promise.resolve(found);
  return new Promise((resolve, reject) => {
    const check = () => {
      const hit = find();
      if (!hit) return;
      waiters.delete(check);
      clearTimeout(timer);
      resolve(hit);
    };
    const timer = setTimeout(() => {
      waiters.delete(check);
      reject(new Error(`no ${what} within ${timeoutMs} ms`));
    }, timeoutMs);
    waiters.add(check);
  });
}

/** Poll until `fn` answers truthy (bounded). */
export async function until<T>(
  fn: () => T | undefined | false | null,
  timeoutMs = 2_000,
  what = 'condition',
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * A shell opened through `gateway` (the instance holding the device's link, or another) on device `id`, once
 * it answers: the device's prompt (`sn`) shown and an `echo hi` echoed. With all it has printed so far, and
 * its close reason.
 */
export async function answeringShell(gateway: Gateway, id: number, sn: string, size: { cols: number; rows: number }) {
  const shell = await gateway.openShell(id, size);
  let out = '';
  shell.on('data', (chunk) => (out += chunk.toString('utf8')));
  const closed = new Promise<string>((resolve) => shell.on('close', resolve));
  await until(() => out.includes(`${sn}@siteops:~$ `), 2_000, 'prompt');
  shell.write('echo hi\n');
  await until(() => /\r\nhi\r\n/.test(out), 2_000, 'echo output');
  return { shell, closed, output: () => out };
}

/** The licence a simulated device links with. */
export interface SimIdentity {
  sn: string;
  mac: string;
  secret: string;
}

/**
 * A second simulated device with `first`'s identity, linking to `url` (the same instance or another): resolves
 * once it is up and has replaced `first`'s link, as a device that restarts or moves does. Stopped with `sims`.
 */
export async function linkAgain(
  url: string,
  first: SimIdentity & { sim: SimDevice },
  type: DeviceType,
  sims: SimDevice[],
): Promise<SimDevice> {
  const second = quietSim(url, first, type);
  sims.push(second);
  await second.waitFor('up', 10_000);
  await until(() => first.sim.lastClose, 2_000, 'the first link closed');
  return second;
}

/** A simulated device of `type` linking to `url` as `who`, quiet (no telemetry, no random events) unless `extra` says so. */
export const quietSim = (url: string, who: SimIdentity, type: DeviceType, extra: Partial<SimDeviceOptions> = {}) =>
  createSimDevice({ url, sn: who.sn, mac: who.mac, secret: who.secret, type, telemetryMs: 0, eventRate: 0, ...extra });

/**
 * The gateway a test file's tests share (heartbeats every `heartbeatMs`, 200 by default), made as the file loads (call it with a
 * top-level await) and closed after the file's last test; the simulated devices a test starts are stopped after it.
 */
export async function fileGateway(heartbeatMs = 200) {
  const gw = await startTestGateway({ heartbeatSeconds: heartbeatMs / 1000 });
  const sims: SimDevice[] = [];
  let counter = 0;
  afterEach(async () => {
    await Promise.all(sims.splice(0).map((s) => s.stop()));
  });
  afterAll(async () => {
    await gw.close();
  });

  /** Register a device in the directory and start a simulated one with its licence secret. */
  function device(type: DeviceType = 'dust', extra: Partial<SimDeviceOptions> & { register?: boolean } = {}) {
    const n = ++counter;
    const sn = `T${type.toUpperCase()}${String(n).padStart(4, '0')}`;
    const mac = `02:00:00:00:${String(Math.floor(n / 100)).padStart(2, '0')}:${String(n % 100).padStart(2, '0')}`;
    const secret = randomUUID();
    const record = extra.register === false ? undefined : gw.directory.add({ sn, mac, type, secret });
    const sim = quietSim(gw.url, { sn, mac, secret }, type, {
      retryScale: 1,
      backoffBaseMs: 50,
      backoffMaxMs: 200,
      rebootMs: 100,
      pingIntervalMs: 20,
      ...extra,
    });
    sims.push(sim);
    return { sim, id: record?.id ?? -1, sn, mac, secret };
  }

  /** `device`, once its link is up. */
  async function linked(type: DeviceType = 'dust', extra: Partial<SimDeviceOptions> = {}) {
    const d = device(type, extra);
    await d.sim.waitFor('up', 10_000);
    return d;
  }
  return { gw, sims, device, linked };
}
