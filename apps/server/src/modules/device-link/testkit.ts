import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { DeviceType } from '@siteops/contracts/device-protocol';
import { createSimDevice, type SimDevice, type SimDeviceOptions } from '@siteops/device-sim/device';
import { buildApp, type BuildOptions } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { devices, deviceTelemetry } from '../../db/schema/index.ts';
import { hashDeviceSecret } from '../../crypto/deviceSecret.ts';
import { injectCall, injectSend, loginThrough, openTestDatabase, type TestApp } from '../../../test/harness.ts';
import { typedClient } from '@siteops/test-support/api';
import type { DeviceLinkOptions } from '../../app/deviceLink.ts';
import { deviceLinkApi } from '@siteops/contracts/device-link/api';

export const HEARTBEAT_S = 0.2;

/** Fast timings for tests: 200 ms heartbeats, quick flushes, 1.5 s command timeout. */
export const FAST: DeviceLinkOptions = {
  heartbeatSeconds: HEARTBEAT_S,
  commandTimeoutMs: 1_500,
  terminalIdleMs: 1_000,
  staleSweepMs: 200,
  gateway: { refuseDelayMs: 0, presenceFlushMs: 50, telemetryFlushMs: 50, liveBatchMs: 20, routeAnnounceMs: 300 },
  live: { batchMs: 20, ownerTtlMs: 100 },
};

export interface LinkTestApp extends TestApp {
  /** http://127.0.0.1:port */
  base: string;
  /** ws://127.0.0.1:port/gateway */
  gatewayUrl: string;
  sims: SimDevice[];
  /** A device row as the registry and the grant endpoint would leave it. */
  addDevice(opts?: {
    type?: DeviceType;
    agentId?: number | null;
    authStatus?: 'authorize' | 'forbidden' | 'unknown';
    allow?: boolean;
    licenceExpiresAt?: Date | null;
  }): Promise<{ id: number; sn: string; mac: string; secret: string; type: DeviceType }>;
  /** A simulated device for a row (telemetry and random events off unless asked). */
  sim(d: { sn: string; mac: string; secret: string; type: DeviceType }, extra?: Partial<SimDeviceOptions>): SimDevice;
}

let serial = 0;
const mac = () => ['02', ...Array.from({ length: 5 }, () => randomBytes(1).toString('hex'))].join(':').toUpperCase();

/** A whole app (buildApp) listening on loopback, over a fresh test database or the one given. */
export async function startLinkApp(
  opts: {
    database?: Database;
    env?: Record<string, string>;
    deviceLink?: DeviceLinkOptions;
    notifications?: BuildOptions['notifications'];
    visitors?: BuildOptions['visitors'];
    rollouts?: BuildOptions['rollouts'];
    broadcasts?: BuildOptions['broadcasts'];
  } = {},
): Promise<LinkTestApp> {
  const config = loadConfig({
    MQTT_PORT: 'off',
    HJ212_PORT: 'off',
    API_RATE_LIMIT: 'off',
    DATA_DIR: '.tmp/unused',
    DEMO: '0',
    LOG_LEVEL: 'silent',
    ...opts.env,
  });
  const database = opts.database ?? (await openTestDatabase());
  const app = await buildApp({
    config,
    db: database.db,
    logger: false,
    databaseKind: database.kind,
    poolStats: database.poolStats,
    deviceLink: opts.deviceLink ?? FAST,
    notifications: opts.notifications,
    visitors: opts.visitors,
    rollouts: opts.rollouts,
    broadcasts: opts.broadcasts,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const sims: SimDevice[] = [];
  const call = injectCall(app);
  const self: LinkTestApp = {
    app,
    database,
    config,
    call,
    api: typedClient(injectSend(app)),
    base: `http://127.0.0.1:${port}`,
    gatewayUrl: `ws://127.0.0.1:${port}/gateway`,
    sims,
    login: loginThrough(call),
    async addDevice(o = {}) {
      const type = o.type ?? 'face';
      const sn = `T${type.slice(0, 3).toUpperCase()}${process.pid}${++serial}${randomBytes(2).toString('hex')}`;
      const secret = randomUUID();
      const d = { sn, mac: mac(), secret, type };
      const [row] = await database.db
        .insert(devices)
        .values({
          sn,
          mac: d.mac,
          type,
          devName: `Test ${type} ${serial}`,
          agentId: o.agentId ?? null,
          authStatus: o.authStatus ?? 'authorize',
          allow: o.allow ?? true,
          secretHash: hashDeviceSecret(secret),
          licenceExpiresAt: o.licenceExpiresAt === undefined ? new Date(Date.now() + 86_400_000) : o.licenceExpiresAt,
        })
        .returning({ id: devices.id });
      return { id: row.id, ...d };
    },
    sim(d, extra = {}) {
      const sim = createSimDevice({
        url: self.gatewayUrl,
        sn: d.sn,
        mac: d.mac,
        secret: d.secret,
        type: d.type,
        telemetryMs: 0,
        eventRate: 0,
        retryScale: 0.01,
        backoffBaseMs: 50,
        ...extra,
      });
      sims.push(sim);
      return sim;
    },
    async close() {
      await Promise.all(sims.splice(0).map((s) => s.stop()));
      await app.close();
      if (!opts.database) await database.close();
    },
  };
  return self;
}

export const rowOf = async (t: TestApp, id: number) =>
  (await t.database.db.select().from(devices).where(eq(devices.id, id)))[0];

/** The device's stored readings, whichever transport brought them. */
export const readingsOf = (t: TestApp, deviceId: number) =>
  t.database.db.select().from(deviceTelemetry).where(eq(deviceTelemetry.deviceId, deviceId));

/** A ticket through the API. */
export async function ticketFor(t: TestApp, token: string, purpose: 'live' | 'terminal' | 'remote', deviceId?: number) {
  const res = await t.api(deviceLinkApi.ticket, { purpose, deviceId }, token);
  if (res.body.code !== 200) throw Object.assign(new Error(res.body.msg), { status: res.status, body: res.body });
  return res.body.data as { ticket: string; url: string; expiresAt: string };
}
