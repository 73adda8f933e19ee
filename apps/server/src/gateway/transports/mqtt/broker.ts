import fs from 'node:fs';
import net from 'node:net';
import tls from 'node:tls';
import { Aedes, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import {
  PROTOCOL_VERSION,
  isTopicSafe,
  mayDeviceSubscribe,
  parseMqttUsername,
  parseUpTopic,
} from '@siteops/contracts/device-protocol';
import { openTransport, type LinkInput } from '../transport.ts';
import { MqttTransport, connectRefusal } from './transport.ts';

/** What the broker needs of the gateway: a new link per device session. */
export interface LinkOpener {
  open(transport: MqttTransport, ip: string): LinkInput;
}

export interface MqttBrokerOptions {
  port: number;
  host: string;
  tls?: { port: number; certFile: string; keyFile: string };
  log: FastifyBaseLogger;
}

export interface MqttBroker {
  /** The ports it listens on (0 in the options: chosen by the system). */
  port: number;
  tlsPort?: number;
  close(): Promise<void>;
}

/** A device's refusal is logged at most this often (a misconfigured device redials every few seconds). */
const REFUSAL_LOG_MS = 60_000;

interface Session {
  transport: MqttTransport;
  input: LinkInput;
}

/**
 * The embedded MQTT broker (aedes, decision 0023): each client is a device whose CONNECT is its
 * handshake and whose topics are its own `siteops/<sn>/` tree (the ACL). Publishes become protocol
 * messages for the gateway; nothing is routed device to device.
 */
export async function startMqttBroker(gateway: LinkOpener, opts: MqttBrokerOptions): Promise<MqttBroker> {
  const { log } = opts;
  const sessions = new WeakMap<Client, Session>();
  const keepalives = new WeakMap<Client, number>();
  const refusalsLogged = new Map<string, number>();
  const logRefusal = (sn: string, why: string, ip: string | undefined) => {
    const now = Date.now();
    if ((refusalsLogged.get(sn) ?? 0) > now - REFUSAL_LOG_MS) return;
    if (refusalsLogged.size > 10_000) refusalsLogged.clear();
    refusalsLogged.set(sn, now);
    log.warn({ sn, ip, why }, 'MQTT device refused');
  };

  const broker = await Aedes.createBroker({
    preConnect(client, packet, done) {
      keepalives.set(client, packet.keepalive ?? 0);
      done(null, true);
    },
    authenticate(client, username, password, done) {
      const ip = remoteAddress(client);
      if (!isTopicSafe(client.id)) {
        logRefusal(client.id, 'client id is not a serial number', ip);
        return done(connectRefusal(2 as never, 'the client id must be the serial number'), false);
      }
      const who = parseMqttUsername(username);
      if (!who || !password) {
        logRefusal(client.id, 'user name is not <deviceType>/<MAC>, or no password', ip);
        return done(
          connectRefusal(4 as never, 'user name <deviceType>/<MAC> and the device secret as password'),
          false,
        );
      }
      const connack: typeof done = (error, ok) => {
        if (error) logRefusal(client.id, error.message, ip);
        done(error, ok);
      };
      const { transport, input, endedInOpen } = openTransport<MqttTransport>(
        (t) => gateway.open(t, ip ?? ''),
        (onEnd) => new MqttTransport(client, connack, keepalives.get(client) ?? 0, onEnd),
      );
      if (endedInOpen) return; // turned away at once (busy, shutdown): the CONNACK 3 has gone out
      sessions.set(client, { transport, input });
      const secret = password.toString('utf8');
      const auth = {
        type: 'auth',
        protocol: PROTOCOL_VERSION,
        sn: client.id,
        mac: who.mac,
        secret,
        deviceType: who.deviceType,
        versions: {},
      };
      input.json(auth, secret.length + (username?.length ?? 0));
    },
    authorizePublish(client, packet, done) {
      if (!client) return done(new Error('not linked'));
      const up = parseUpTopic(packet.topic, client.id);
      if (up.kind === 'refused') {
        log.debug({ sn: client.id, topic: packet.topic, why: up.why }, 'MQTT publish refused');
        return done(new Error(up.why));
      }
      // The CONNECT was the handshake and the broker sees the connection end: auth and will are no news
      // (a will is checked at CONNECT, before the session exists).
      if (up.kind === 'will' || (up.kind === 'message' && up.type === 'auth')) return done(null);
      const session = sessions.get(client);
      if (!session) return done(new Error('not linked'));
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      if (up.kind === 'frame') session.input.frame(payload);
      else {
        let body: unknown;
        try {
          body = payload.length ? JSON.parse(payload.toString('utf8')) : {};
        } catch {
          session.input.text(payload);
          return done(null);
        }
        if (body && typeof body === 'object' && !Array.isArray(body))
          session.input.json({ ...body, type: up.type, ...(up.id !== undefined && { id: up.id }) }, payload.length);
        else session.input.text(payload);
      }
      // Accepted (PUBACK for QoS 1); with no subscriber allowed outside a device's own down/ tree, the
      // broker routes it nowhere.
      done(null);
    },
    authorizeSubscribe(client, subscription, done) {
      if (mayDeviceSubscribe(subscription.topic, client.id)) return done(null, subscription);
      log.debug({ sn: client.id, topic: subscription.topic }, 'MQTT subscription refused');
      done(null, null);
    },
  });
  broker.on('clientReady', (client) => sessions.get(client)?.transport.ready());
  broker.on('clientDisconnect', (client) => sessions.get(client)?.transport.end());
  broker.on('clientError', (client) => sessions.get(client)?.transport.end());
  broker.on('ping', (_packet, client) => sessions.get(client)?.input.alive());

  const plain = net.createServer((socket) => broker.handle(socket));
  const port = await listen(plain, opts.port, opts.host, 'MQTT_PORT');
  let secure: tls.Server | undefined;
  let tlsPort: number | undefined;
  if (opts.tls) {
    secure = tls.createServer(
      { cert: fs.readFileSync(opts.tls.certFile), key: fs.readFileSync(opts.tls.keyFile) },
      (socket) => broker.handle(socket),
    );
    tlsPort = await listen(secure, opts.tls.port, opts.host, 'MQTTS_PORT').catch(async (err: unknown) => {
      await closeServer(plain);
      throw err;
    });
  }
  log.info({ port, tlsPort }, 'MQTT broker listening');
  return {
    port,
    tlsPort,
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await Promise.all([closeServer(plain), secure && closeServer(secure)]);
    },
  };
}

function remoteAddress(client: Client): string | undefined {
  const conn = client.conn as Partial<net.Socket>;
  const ip = conn.remoteAddress;
  return ip?.startsWith('::ffff:') ? ip.slice(7) : ip;
}

/** A port that is taken stops start-up with a message naming the setting. */
async function listen(server: net.Server, port: number, host: string, setting: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        new Error(
          err.code === 'EADDRINUSE'
            ? `${setting}: port ${port} is already in use; choose another with ${setting}=<port> (or MQTT_PORT=off)`
            : `${setting}: cannot listen on ${host}:${port} (${err.code ?? err.message})`,
        ),
      ),
    );
    server.listen(port, host, () => resolve());
  });
  return (server.address() as net.AddressInfo).port;
}

function closeServer(server: net.Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}
