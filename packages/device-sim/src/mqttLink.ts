import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import mqtt, { type MqttClient } from 'mqtt';
import {
  CloseCode,
  MQTT_UNAVAILABLE_RETRY_S,
  RETRY_AFTER_REFUSAL_S,
  mqttTopics,
  mqttUsername,
  type AuthMessage,
  type RefuseReason,
} from '@siteops/contracts/device-protocol';
import type { SimLink, SimLinkEvents } from './link.ts';

/** The WebSocket's code for a connection that ended without a close (RFC 6455). */
const ABNORMAL = 1006;

/** CONNACK return codes (MQTT 3.1.1) as the protocol's refusal reasons; 3 is busy (12.2), not a refusal. */
const REFUSALS: Record<number, RefuseReason> = { 2: 'protocol', 4: 'badSecret', 5: 'unknown' };
const SERVER_UNAVAILABLE = 3;

/**
 * Protocol 1 over MQTT (docs/device-protocol.md part 12): the auth message becomes the CONNECT, every
 * other message is published on `siteops/<sn>/up/<type>`, and what arrives on `down/` is handed on as
 * the WebSocket would hand it. A refused CONNECT is reported as the `auth.refused` it stands for.
 */
export class MqttLink extends EventEmitter<SimLinkEvents> implements SimLink {
  readonly #client: MqttClient;
  readonly #topics: ReturnType<typeof mqttTopics>;
  #open = false;
  #closed = false;
  readonly #auth: AuthMessage;
  /** Names this connection in `auth` and in the will, so a late will never ends a newer link (12.5). */
  readonly #linkId = randomUUID();
  /** The SUBACK of `down/#`: behind an external broker the answer to `auth` is routed by it. */
  #subscribed: Promise<boolean>;
  #markSubscribed!: (ok: boolean) => void;
  /** What the server said on `down/close` before it disconnected. */
  #closing?: { code: number; reason: string };

  constructor(url: string, auth: AuthMessage, keepaliveS = 30) {
    super();
    this.#topics = mqttTopics(auth.sn);
    this.#subscribed = new Promise((resolve) => (this.#markSubscribed = resolve));
    const client = (this.#client = mqtt.connect(url, {
      clientId: auth.sn,
      username: mqttUsername(auth.deviceType, auth.mac),
      password: auth.secret,
      protocolVersion: 4,
      clean: true,
      keepalive: keepaliveS,
      reconnectPeriod: 0,
      connectTimeout: 10_000,
      // Behind an external broker the server hears of a dead connection from the will (12.3).
      will: {
        topic: this.#topics.upWill,
        payload: Buffer.from(JSON.stringify({ link: this.#linkId })),
        qos: 1,
        retain: false,
      },
    }));
    this.#auth = auth;
    client.on('connect', () => {
      // Open at the CONNACK: the server's auth.ok may arrive before the SUBACK (it is sent to this
      // session directly), and it must find the link open.
      this.#open = true;
      this.emit('open');
      client.subscribe(this.#topics.down, { qos: 1 }, (err) => {
        this.#markSubscribed(!err);
        if (err) this.#end(CloseCode.protocol, 'subscribe refused');
      });
    });
    client.on('message', (topic, payload) => this.#onDown(topic, payload));
    client.on('error', (err: Error & { code?: number }) => {
      if (err.code === SERVER_UNAVAILABLE) return this.#end(CloseCode.busy, `busy:${MQTT_UNAVAILABLE_RETRY_S}`);
      const reason = typeof err.code === 'number' ? REFUSALS[err.code] : undefined;
      if (!reason) return this.emit('error', err);
      // The refusal arrives before any subscription: hand it on as the auth.refused it stands for.
      const refused = {
        type: 'auth.refused',
        reason,
        message: err.message,
        retryAfterSeconds: RETRY_AFTER_REFUSAL_S[reason],
      };
      this.emit('message', Buffer.from(JSON.stringify(refused)), false);
      this.#end(CloseCode.refused, reason);
    });
    client.on('close', () => this.#end(this.#closing?.code ?? ABNORMAL, this.#closing?.reason ?? ''));
  }

  get isOpen() {
    return this.#open && !this.#closed && this.#client.connected;
  }

  get isClosed() {
    return this.#closed;
  }

  send(data: string | Uint8Array) {
    if (!this.isOpen) return;
    if (typeof data !== 'string') {
      this.#client.publish(this.#topics.upFrame, Buffer.from(data), { qos: 0 });
      return;
    }
    const message = JSON.parse(data) as { type?: string; id?: string };
    // The embedded broker took the CONNECT as the handshake and ignores this; an external broker's
    // server needs it, once the answer can reach the device.
    if (message.type === 'auth') {
      void this.#subscribed.then((ok) => {
        if (ok && this.isOpen)
          this.#client.publish(this.#topics.upAuth, JSON.stringify({ ...this.#auth, link: this.#linkId }), { qos: 1 });
      });
      return;
    }
    const topic =
      message.type === 'rpc.result' && message.id
        ? this.#topics.upRpc(message.id)
        : this.#topics.up(String(message.type));
    // Events and RPC answers at least once; readings and heartbeats may be lost with the link.
    const qos =
      message.type === 'event' || message.type === 'rpc.result' || message.type === 'upgrade.progress' ? 1 : 0;
    this.#client.publish(topic, data, { qos });
  }

  close(code: number, reason: string) {
    this.#closing = { code, reason };
    this.#client.end(false);
  }

  terminate() {
    this.#client.end(true);
    this.#end(ABNORMAL, '');
  }

  #onDown(topic: string, payload: Buffer) {
    if (topic === this.#topics.downFrame) return this.emit('message', payload, true);
    if (topic === this.#topics.downClose) {
      // The link is over, whether or not the broker disconnects us (an external one does not).
      let close = { code: CloseCode.goingAway as number, reason: '' };
      try {
        close = JSON.parse(payload.toString()) as { code: number; reason: string };
      } catch {
        /* closed all the same */
      }
      return this.#end(close.code, close.reason, true);
    }
    this.emit('message', payload, false);
  }

  /** `graceful`: DISCONNECT first, so the broker drops the will (the server already knows). */
  #end(code: number, reason: string, graceful = false) {
    if (this.#closed) return;
    this.#closed = true;
    this.#open = false;
    this.#client.end(!graceful);
    this.emit('close', code, reason);
  }
}
