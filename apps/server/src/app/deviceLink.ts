import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { COMMAND_TIMEOUT_MS } from '@siteops/contracts/device-link/schemas';
import type { Versions } from '@siteops/contracts/device-protocol';
import { Tickets } from '../auth/tickets.ts';
import { devices } from '../db/schema/index.ts';
import type { Bus } from '../bus/bus.ts';
import {
  registerGateway,
  type DeviceEventRecord,
  type Gateway,
  type GatewayOptions,
  type TelemetryPoint,
  type TelemetrySink,
} from '../gateway/index.ts';
import { startLinkJobs } from '../gateway/jobs.ts';
import { startHj212Listener, type Hj212Listener } from '../gateway/transports/hj212/listener.ts';
import { startMqttBroker, type MqttBroker } from '../gateway/transports/mqtt/broker.ts';
import { connectExternalBroker, type ExternalMqtt } from '../gateway/transports/mqtt/external.ts';
import { DbDeviceDirectory } from '../gateway/store-directory.ts';
import { DbHj212AggregateSink } from '../gateway/store-hj212-aggregates.ts';
import { DbPresenceSink } from '../gateway/store-presence.ts';
import { DbTelemetrySink } from '../gateway/store-telemetry.ts';
import { LiveChannel, type LiveChannelOptions } from '../live/channel.ts';
import { feedPublications } from '../live/publisher.ts';
import { registerLiveSocket } from '../live/socket.ts';
import { heartbeatSeconds as readHeartbeatSeconds } from '../modules/constant/service.ts';
import type { DeviceLinkContext } from '../modules/device-link/context.ts';
import { PictureUrls } from '../modules/device-link/pictures.ts';
import { refusalNotices } from '../modules/device-link/refusals.ts';
import { registerDeviceLinkModule } from '../modules/device-link/routes.ts';
import type { DeviceCommands, DeviceReports, LivePublisher, ModuleContext } from '../ports/context.ts';

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

/** The device link as tests and benchmarks reach it (`app.deviceLink`); modules get only the ports. */
export interface DeviceLink {
  gateway: Gateway;
  bus: Bus;
  channel: LiveChannel;
  presence: DbPresenceSink;
  deviceCommands: DeviceCommands;
  deviceReports: DeviceReports;
  live: LivePublisher;
  /** The embedded MQTT broker, when MQTT_PORT is not `off`. */
  mqtt?: MqttBroker;
  /** This instance's client of the external broker, when MQTT_URL is set. */
  mqttExternal?: ExternalMqtt;
  /** The HJ 212 TCP listener, when HJ212_PORT is not `off`. */
  hj212?: Hj212Listener;
}

const CONSTANT_REFRESH_MS = 10_000;

/**
 * Put the device link together: the gateway on /gateway over the database's directory and sinks, its
 * jobs, the browsers' live channel fed by the gateway and by the modules' publications, and the device
 * link module's routes. Answers the ports the other modules are given.
 */
export async function composeDeviceLink(
  app: FastifyInstance,
  ctx: Omit<ModuleContext, 'deviceCommands' | 'deviceReports'> & { ticketKey: Buffer; pictureKey: Buffer },
  bus: Bus,
  opts: DeviceLinkOptions = {},
): Promise<DeviceLink> {
  const { db, config } = ctx;
  let hbSeconds = opts.heartbeatSeconds ?? (await readHeartbeatSeconds(db));
  // Links keep the interval they were given, so after an admin shortens it some still beat at the old
  // one: the stale sweep judges by the longest interval handed out since start, never flagging them.
  let hbLongest = hbSeconds;
  if (opts.heartbeatSeconds === undefined) {
    const refresh = setInterval(() => {
      readHeartbeatSeconds(db).then(
        (s) => {
          hbSeconds = s;
          hbLongest = Math.max(hbLongest, s);
        },
        () => {},
      );
    }, CONSTANT_REFRESH_MS);
    refresh.unref();
    app.addHook('preClose', async () => clearInterval(refresh));
  }

  const presence = new DbPresenceSink(db);
  // Modules hear readings after they are stored (the alarm engine), through the DeviceReports port.
  const telemetrySink = new DbTelemetrySink(db);
  const readingsStored = new Set<(readings: readonly TelemetryPoint[]) => void>();
  const eventsStored = new Set<(events: readonly DeviceEventRecord[]) => void>();
  const tell = <T>(listeners: Set<(items: readonly T[]) => void>, items: readonly T[]) => {
    for (const listener of listeners) {
      try {
        listener(items);
      } catch (err) {
        app.log.warn({ err }, 'a readings or events listener failed');
      }
    }
  };
  const telemetry: TelemetrySink = {
    async flush(batch) {
      await telemetrySink.flush(batch);
      if (batch.points.length) tell(readingsStored, batch.points);
      if (batch.events.length) tell(eventsStored, batch.events);
    },
  };
  const gateway = await registerGateway(app, {
    directory: new DbDeviceDirectory(db, refusalNotices(db, ctx.notifications), (stored) =>
      ctx.pii.decrypt(stored, 'devices.hj212_pw'),
    ),
    presence,
    telemetry,
    bus,
    heartbeatSeconds: () => hbSeconds,
    options: { instanceId: randomUUID(), admitPerSecond: config.deviceLink.admitPerSecond, ...opts.gateway },
  });
  let mqtt: MqttBroker | undefined;
  if (config.mqtt) {
    mqtt = await startMqttBroker(gateway, {
      ...config.mqtt,
      host: config.host,
      log: app.log.child({ module: 'mqtt' }),
    });
    // After the gateway's own preClose: its links say goodbye on their topics first.
    app.addHook('preClose', async () => mqtt?.close());
  }
  let hj212: Hj212Listener | undefined;
  if (config.hj212) {
    const log = app.log.child({ module: 'hj212' });
    const aggregates = new DbHj212AggregateSink(
      db,
      (err) => log.warn({ err }, 'HJ 212 period data not stored; retried'),
      opts.gateway?.telemetryFlushMs,
    );
    hj212 = await startHj212Listener(gateway, {
      port: config.hj212.port,
      host: config.host,
      log,
      aggregates: (rows) => aggregates.add(rows),
    });
    app.addHook('preClose', async () => {
      await hj212?.close();
      await aggregates.close();
    });
  }
  let mqttExternal: ExternalMqtt | undefined;
  if (config.mqttBroker) {
    const external = (mqttExternal = await connectExternalBroker(gateway, {
      url: config.mqttBroker.url.reveal(),
      group: config.mqttBroker.group,
      log: app.log.child({ module: 'mqtt' }),
      deviceIdOf: async (sn) =>
        (await db.select({ id: devices.id }).from(devices).where(eq(devices.sn, sn)).limit(1))[0]?.id,
    }));
    app.addHook('preClose', async () => external.close());
  }
  await startLinkJobs(app, db, bus, gateway, {
    telemetryRetentionDays: config.deviceLink.telemetryRetentionDays,
    eventsRetentionDays: config.deviceLink.eventsRetentionDays,
    sweepMs: opts.staleSweepMs ?? Math.max(5_000, hbSeconds * 1000),
    longestHeartbeatSeconds: () => hbLongest,
  });

  const channel = new LiveChannel(db, gateway.events, {
    sessionMaxTopics: config.liveSessionMaxTopics,
    ...opts.live,
  });
  const stopFeed = await feedPublications(bus, channel);
  app.addHook('preClose', async () => channel.close());
  app.addHook('onClose', async () => {
    await stopFeed().catch(() => {});
  });
  const tickets = new Tickets(ctx.ticketKey);
  registerLiveSocket(app, { db, session: config.session, tickets, channel, heartbeatSeconds: () => hbSeconds });

  const commandTimeoutMs = opts.commandTimeoutMs ?? COMMAND_TIMEOUT_MS;
  const deviceCommands: DeviceCommands = {
    send: (deviceId, method, params, o) => gateway.call(deviceId, method, params, o?.timeoutMs ?? commandTimeoutMs),
    cut: (deviceId) => gateway.disconnect(deviceId),
  };
  const pictures = new PictureUrls(ctx.pictureKey);
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
    onReadingsStored(listener) {
      readingsStored.add(listener);
      return () => void readingsStored.delete(listener);
    },
    onEventsStored(listener) {
      eventsStored.add(listener);
      return () => void eventsStored.delete(listener);
    },
    eventPictureUrl: (deviceId, eventId) => pictures.url(deviceId, eventId),
  };
  const linkCtx: DeviceLinkContext = {
    ...ctx,
    deviceCommands,
    deviceReports,
    gateway,
    tickets,
    pictures,
    terminalIdleMs: opts.terminalIdleMs ?? config.deviceLink.terminalIdleMs,
    commandTimeoutMs,
  };
  await registerDeviceLinkModule(app, linkCtx);
  return { gateway, bus, channel, presence, deviceCommands, deviceReports, live: ctx.live, mqtt, mqttExternal, hj212 };
}
