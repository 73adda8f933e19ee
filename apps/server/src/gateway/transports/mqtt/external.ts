import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import {
  CloseCode,
  MQTT_TOPIC_ROOT,
  mqttTopics,
  parseUpTopic,
  splitUpTopic,
  type ServerMessage,
} from '@siteops/contracts/device-protocol';
import { openTransport, type LinkInput, type LinkTransport } from '../transport.ts';

/** What the external-broker client needs of the gateway. */
export interface ExternalGateway {
  open(transport: LinkTransport, ip: string): LinkInput;
  whereIs(deviceId: number): 'here' | string | undefined;
  forwarding(transport: string, receive: (data: unknown) => void): (instanceId: string, data: unknown) => void;
  readonly instanceId: string;
}

export interface ExternalMqttOptions {
  /** MQTT_URL: mqtt://host:port or mqtts://… (user and password in the URL if the broker wants them). */
  url: string;
  /** The shared-subscription group all instances of this deployment join (MQTT_SHARE_GROUP). */
  group: string;
  log: FastifyBaseLogger;
  /** The device id of a serial number (the database), to find which instance holds its link. */
  deviceIdOf(sn: string): Promise<number | undefined>;
}

/** How long a message for a device nobody holds yet waits for its link to be announced (auth racing it). */
const ROUTE_WAIT_MS = 2_000;
const ROUTE_POLL_MS = 100;

interface Forwarded {
  sn: string;
  rest: string;
  /** base64 */
  payload: string;
}

/**
 * A device's link through the external broker: the server publishes on the device's `down/` topics;
 * the device's `up/` traffic reaches whichever instance the shared subscription picks, and is handed to
 * the one holding the link.
 */
class BrokerTransport implements LinkTransport {
  readonly kind = 'mqtt';
  readonly #topics: ReturnType<typeof mqttTopics>;
  #ended = false;

  constructor(
    private readonly client: MqttClient,
    readonly sn: string,
    private readonly onEnd: () => void,
  ) {
    this.#topics = mqttTopics(sn);
  }

  get writable() {
    return !this.#ended && this.client.connected;
  }

  get ended() {
    return this.#ended;
  }

  send(message: ServerMessage) {
    if (!this.writable) return;
    const payload = JSON.stringify(message);
    if (message.type === 'rpc') {
      const { id } = message;
      this.client.publish(this.#topics.downRpc(id), payload, {
        qos: 1,
        properties: { responseTopic: this.#topics.upRpc(id), correlationData: Buffer.from(id) },
      });
      return;
    }
    const qos = message.type === 'heartbeat.ack' ? 0 : 1;
    this.client.publish(this.#topics.downOf(message.type), payload, { qos });
  }

  sendFrame(frame: Uint8Array) {
    if (this.writable) this.client.publish(this.#topics.downFrame, Buffer.from(frame), { qos: 0 });
  }

  /**
   * The device stays connected to the broker: `down/close` tells it the link ended, so it sends `auth`
   * again. Not for a replaced link: the device is already on its newer one.
   */
  close(code: number, reason: string) {
    if (this.#ended) return;
    if (code !== CloseCode.replaced && this.client.connected)
      this.client.publish(this.#topics.downClose, JSON.stringify({ code, reason }), { qos: 1 });
    this.end();
  }

  end() {
    if (this.#ended) return;
    this.#ended = true;
    this.onEnd();
  }
}

/** The `link` a device names its connection with, in its auth and its will. */
function linkIdOf(payload: Buffer): string | undefined {
  try {
    const link = (JSON.parse(payload.toString('utf8')) as { link?: unknown }).link;
    return typeof link === 'string' ? link : undefined;
  } catch {
    return undefined;
  }
}

export interface ExternalMqtt {
  close(): Promise<void>;
  /** Links this instance holds through the broker. */
  readonly links: number;
}

/**
 * MQTT through an existing broker (MQTT_URL: Mosquitto, an EMQX cluster): this instance is a client
 * that joins the shared subscription `$share/<group>/siteops/+/up/#`, so the instances of a deployment
 * split the devices' traffic; the handshake is the device's `up/auth` message (the broker authenticates
 * the connection itself, docs/device-protocol.md 12.5).
 */
export async function connectExternalBroker(
  gateway: ExternalGateway,
  opts: ExternalMqttOptions,
): Promise<ExternalMqtt> {
  const { log } = opts;
  /** `linkId`: the connection's name from its auth, matched by its will (a late will never ends a newer link). */
  const sessions = new Map<string, { transport: BrokerTransport; input: LinkInput; linkId?: string }>();
  const deviceIds = new Map<string, number>();
  const client = await mqtt.connectAsync(opts.url, {
    clientId: `siteops-${gateway.instanceId}`,
    protocolVersion: 5,
    clean: true,
    reconnectPeriod: 1_000,
    connectTimeout: 10_000,
  });
  client.on('error', (err) => log.warn({ err }, 'MQTT broker connection error'));
  client.on('offline', () => log.warn('MQTT broker unreachable; reconnecting'));
  const forward = gateway.forwarding('mqtt', (data) => {
    const f = data as Forwarded;
    void receive(f.sn, f.rest, Buffer.from(f.payload, 'base64'), false);
  });

  const deviceIdOf = async (sn: string) => {
    const known = deviceIds.get(sn);
    if (known !== undefined) return known;
    const id = await opts.deviceIdOf(sn);
    if (id !== undefined) {
      if (deviceIds.size > 100_000) deviceIds.clear();
      deviceIds.set(sn, id);
    }
    return id;
  };

  const openLink = (sn: string, payload: Buffer) => {
    const previous = sessions.get(sn);
    // The gateway replaces the older link when this one is up; until then the older one is superseded.
    if (previous) sessions.delete(sn);
    const { transport, input, endedInOpen } = openTransport<BrokerTransport>(
      (t) => gateway.open(t, ''),
      (onEnd) => {
        const made: BrokerTransport = new BrokerTransport(client, sn, () => {
          if (sessions.get(sn)?.transport === made) sessions.delete(sn);
          onEnd();
        });
        return made;
      },
    );
    if (endedInOpen) return; // turned away at once (busy, shutdown): its down/close has gone out
    sessions.set(sn, { transport, input, linkId: linkIdOf(payload) });
    feedJson(input, 'auth', undefined, payload, sn);
  };

  const feedJson = (input: LinkInput, type: string, id: string | undefined, payload: Buffer, sn: string) => {
    let body: unknown;
    try {
      body = payload.length ? JSON.parse(payload.toString('utf8')) : {};
    } catch {
      return input.text(payload);
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) return input.text(payload);
    // The topic says who and what: a payload cannot speak for another serial number.
    const message = { ...body, type, ...(id !== undefined && { id }), ...(type === 'auth' && { sn }) };
    input.json(message, payload.length);
  };

  /** The instance holding `sn`'s link, waiting a little for a link whose auth is still under way. */
  const holderOf = async (sn: string): Promise<'here' | string | undefined> => {
    const id = await deviceIdOf(sn);
    if (id === undefined) return undefined;
    for (let waited = 0; ; waited += ROUTE_POLL_MS) {
      const where = sessions.has(sn) ? 'here' : gateway.whereIs(id);
      if (where || waited >= ROUTE_WAIT_MS) return where;
      await new Promise((r) => setTimeout(r, ROUTE_POLL_MS));
    }
  };

  async function receive(sn: string, rest: string, payload: Buffer, fromBroker: boolean) {
    const up = parseUpTopic(`${MQTT_TOPIC_ROOT}/${sn}/up/${rest}`, sn);
    if (up.kind === 'refused') return log.debug({ sn, rest, why: up.why }, 'MQTT message on an unknown topic');
    if (up.kind === 'message' && up.type === 'auth') return openLink(sn, payload);
    const session = sessions.get(sn);
    if (session && !session.transport.ended) {
      if (up.kind === 'will') {
        if (!session.linkId || linkIdOf(payload) === session.linkId) session.transport.end();
        return;
      }
      if (up.kind === 'frame') return session.input.frame(payload);
      return feedJson(session.input, up.type, up.id, payload, sn);
    }
    if (!fromBroker) return; // handed to us, but the link went meanwhile
    const holder = await holderOf(sn);
    if (holder && holder !== 'here') return forward(holder, { sn, rest, payload: payload.toString('base64') });
    const now = sessions.get(sn);
    if (now && !now.transport.ended) return receive(sn, rest, payload, false);
    if (up.kind === 'will') return;
    // Nobody holds a link for it (a server restarted, or it never sent auth): ask it to start again.
    client.publish(
      mqttTopics(sn).downClose,
      JSON.stringify({ code: CloseCode.authTimeout, reason: 'send auth first' }),
      {
        qos: 1,
      },
    );
  }

  client.on('message', (topic, payload) => {
    const where = splitUpTopic(topic);
    if (where) void receive(where.sn, where.rest, payload, true);
  });
  await client.subscribeAsync(`$share/${opts.group}/${MQTT_TOPIC_ROOT}/+/up/#`, { qos: 1 });
  log.info({ url: opts.url.replace(/\/\/[^@/]*@/, '//***@'), group: opts.group }, 'MQTT: joined the external broker');
  return {
    get links() {
      return sessions.size;
    },
    async close() {
      for (const { transport } of [...sessions.values()]) transport.close(CloseCode.goingAway, 'shutdown');
      await client.endAsync();
    },
  };
}
