import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { COMMAND_TIMEOUT_MS } from '@siteops/contracts/device-link';
import type { Versions } from '@siteops/contracts/device-protocol';
import type { LivePublication } from '@siteops/contracts/live';
import type { DeviceCommands, DeviceReports, LivePublisher, ModuleContext } from '../../ports/context.ts';
import { createMemoryBus, createRedisBus, type Bus } from '../../bus/index.ts';
import { busPrefix } from '../../bus/namespace.ts';
import { registerGateway, type Gateway, type GatewayOptions } from '../../gateway/index.ts';
import { heartbeatSeconds as readHeartbeatSeconds } from '../constant/service.ts';
import type { DeviceLinkContext } from './context.ts';
import { LiveChannel, type LiveChannelOptions } from './channel.ts';
import { PictureUrls } from './pictures.ts';
import { registerDeviceLinkModule } from './routes.ts';
import { refusalNotices } from './refusals.ts';
import {
  DbDeviceDirectory,
  DbPresenceSink,
  DbTelemetrySink,
  pruneEvents,
  pruneTelemetry,
  revokedAmong,
  sweepStalePresence,
} from './sinks.ts';
import { Tickets } from './tickets.ts';

export interface DeviceLinkOptions {
  /** Fixed heartbeat interval in seconds (tests: fractions); default the `device.heartbeatSeconds` constant. */
  heartbeatSeconds?: number;
  /** Redis channel prefix (tests isolate runs); default from REDIS_NAMESPACE or the database identity (bus/namespace.ts). */
  busPrefix?: string;
  gateway?: GatewayOptions;
  commandTimeoutMs?: number;
  terminalIdleMs?: number;
  /** Stale-presence sweep period; default one heartbeat interval (at least 5 s unless a test sets it). */
  staleSweepMs?: number;
  /** The live channel's batching and owner cache (tests: short). */
  live?: LiveChannelOptions;
}

export interface DeviceLink {
  gateway: Gateway;
  bus: Bus;
  channel: LiveChannel;
  presence: DbPresenceSink;
  /** The ports the other modules get (ports/context.ts). */
  deviceCommands: DeviceCommands;
  deviceReports: DeviceReports;
  live: LivePublisher;
}

/** What the app hands the device link: the module context without the ports the link itself provides. */
export type DeviceLinkSetupContext = Omit<ModuleContext, 'deviceCommands' | 'deviceReports' | 'live'> & {
  ticketKey: Buffer;
  pictureKey: Buffer;
};

const RETENTION_EVERY_MS = 3_600_000;
const CONSTANT_REFRESH_MS = 10_000;
const STALE_CHANNEL = 'dl:stale';
/** What modules publish to browser tabs (LivePublisher), to every instance's live channel. */
const LIVE_CHANNEL = 'live:pub';

/**
 * The device link inside the app: the bus (Redis when REDIS_URL is set, else in-process), the gateway
 * on /gateway with the database-backed directory and sinks, the browser routes, the live channel, and the
 * jobs (telemetry retention, stale-presence sweep). Everything stops with `app.close()`.
 */
export async function setupDeviceLink(
  app: FastifyInstance,
  ctx: DeviceLinkSetupContext,
  opts: DeviceLinkOptions = {},
): Promise<DeviceLink> {
  const { db, config } = ctx;
  const bus = config.redisUrl
    ? await createRedisBus(config.redisUrl, {
        prefix: opts.busPrefix ?? (await busPrefix(db, config)),
        // ioredis reports every failed reconnect; the outage itself is one warning (onState).
        onError: (err) => app.log.debug({ err }, 'redis bus'),
        onState: (state, reason) =>
          state === 'down'
            ? app.log.warn({ reason }, 'Redis unavailable: running as a single instance until it returns')
            : app.log.info('Redis is back: instances share devices and live events again'),
      })
    : createMemoryBus();

  let hbSeconds = opts.heartbeatSeconds ?? (await readHeartbeatSeconds(db));
  // Links keep the interval they were given, so after an admin shortens it some still beat at the old
  // one: the stale sweep judges by the longest interval handed out since start, never flagging them.
  let hbLongest = hbSeconds;
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, fn: () => void) => {
    const t = setInterval(fn, ms);
    t.unref();
    timers.push(t);
  };
  if (opts.heartbeatSeconds === undefined) {
    every(CONSTANT_REFRESH_MS, () => {
      readHeartbeatSeconds(db).then(
        (s) => {
          hbSeconds = s;
          hbLongest = Math.max(hbLongest, s);
        },
        () => {},
      );
    });
  }

  const presence = new DbPresenceSink(db);
  const gateway = await registerGateway(app, {
    directory: new DbDeviceDirectory(db, refusalNotices(db, ctx.notifications)),
    presence,
    telemetry: new DbTelemetrySink(db),
    bus,
    heartbeatSeconds: () => hbSeconds,
    options: { instanceId: randomUUID(), ...opts.gateway },
  });
  const channel = new LiveChannel(db, gateway.events, opts.live);
  const unsubscribeLive = await bus.subscribe(LIVE_CHANNEL, (m) => channel.publication(m as LivePublication));
  const commandTimeoutMs = opts.commandTimeoutMs ?? COMMAND_TIMEOUT_MS;
  const deviceCommands: DeviceCommands = {
    send: (deviceId, method, params, o) => gateway.call(deviceId, method, params, o?.timeoutMs ?? commandTimeoutMs),
    cut: (deviceId) => gateway.disconnect(deviceId),
  };
  const deviceReports: DeviceReports = {
    onUpgradeProgress(listener) {
      gateway.reports.on('upgradeProgress', listener);
      return () => void gateway.reports.off('upgradeProgress', listener);
    },
    onLinked(listener) {
      const onLinked = (e: { deviceId: number; versions: Versions }) => listener(e.deviceId, e.versions);
      gateway.reports.on('linked', onLinked);
      return () => void gateway.reports.off('linked', onLinked);
    },
  };
  const live: LivePublisher = {
    publish: (publication) => void bus.publish(LIVE_CHANNEL, publication).catch(() => {}),
  };
  const linkCtx: DeviceLinkContext = {
    ...ctx,
    deviceCommands,
    deviceReports,
    live,
    gateway,
    channel,
    tickets: new Tickets(ctx.ticketKey),
    pictures: new PictureUrls(ctx.pictureKey),
    heartbeatSeconds: () => hbSeconds,
    terminalIdleMs: opts.terminalIdleMs ?? config.deviceLink.terminalIdleMs,
    commandTimeoutMs,
  };
  await registerDeviceLinkModule(app, linkCtx);

  // Jobs. Both are idempotent, so every instance may run them.
  const prune = () =>
    Promise.all([
      pruneTelemetry(db, config.deviceLink.telemetryRetentionDays).then(
        (n) => n && app.log.info({ deleted: n }, 'telemetry retention'),
        (err) => app.log.warn({ err }, 'telemetry retention failed'),
      ),
      pruneEvents(db, config.deviceLink.eventsRetentionDays).then(
        (n) => n && app.log.info({ deleted: n }, 'device events retention'),
        (err) => app.log.warn({ err }, 'device events retention failed'),
      ),
    ]);
  every(RETENTION_EVERY_MS, () => void prune());
  const initialPrune = setTimeout(() => void prune(), 60_000);
  initialPrune.unref();
  const sweepMs = opts.staleSweepMs ?? Math.max(5_000, hbSeconds * 1000);
  // Rows left online by a crashed instance: the instance that marks them tells every instance's browsers.
  const unsubscribeStale = await bus.subscribe(STALE_CHANNEL, (m) => {
    const { deviceId, at } = m as { deviceId: number; at: string };
    if (gateway.isOnline(deviceId)) return;
    channel.device(deviceId, {
      kind: 'presence',
      data: { deviceId, onlineStatus: 'offline', heartbeatDatetime: new Date(at).toISOString(), reason: 'stale' },
    });
  });
  every(sweepMs, () => {
    sweepStalePresence(db, hbLongest).then(
      (rows) => {
        for (const r of rows) {
          bus.publish(STALE_CHANNEL, { deviceId: r.id, at: r.at.toISOString() }).catch(() => {});
        }
      },
      (err) => app.log.warn({ err }, 'stale presence sweep failed'),
    );
    // A device forbidden, expired or deleted while linked is cut off (4010 revoked) within one sweep.
    const held = gateway.registry.deviceIds();
    revokedAmong(db, held).then(
      (ids) => {
        for (const id of ids) void gateway.disconnect(id);
      },
      (err) => app.log.warn({ err }, 'revocation sweep failed'),
    );
  });

  app.addHook('preClose', async () => {
    for (const t of timers) clearInterval(t);
    clearTimeout(initialPrune);
    channel.close();
  });
  app.addHook('onClose', async () => {
    await unsubscribeStale().catch(() => {});
    await unsubscribeLive().catch(() => {});
    await bus.close();
  });
  return { gateway, bus, channel, presence, deviceCommands, deviceReports, live };
}
