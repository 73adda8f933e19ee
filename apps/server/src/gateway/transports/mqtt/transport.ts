import type { AuthenticateError, AuthErrorCode, Client } from 'aedes';
import { CloseCode, mqttTopics, type RefuseReason, type ServerMessage } from '@siteops/contracts/device-protocol';
import type { LinkTransport } from '../transport.ts';

/** CONNACK return codes (MQTT 3.1.1, 3.2.2.3), which aedes maps to MQTT 5 reason codes itself. */
const SERVER_UNAVAILABLE = 3 as AuthErrorCode;
const BAD_USERNAME_OR_PASSWORD = 4 as AuthErrorCode;
const NOT_AUTHORIZED = 5 as AuthErrorCode;

/** How a refusal (protocol 1.1) is answered in the CONNACK. */
const CONNACK_CODES: Record<RefuseReason, AuthErrorCode> = {
  unknown: NOT_AUTHORIZED,
  forbidden: NOT_AUTHORIZED,
  expired: NOT_AUTHORIZED,
  mismatch: NOT_AUTHORIZED,
  badSecret: BAD_USERNAME_OR_PASSWORD,
  protocol: BAD_USERNAME_OR_PASSWORD,
  unavailable: SERVER_UNAVAILABLE,
};

const noop = () => {};

export type ConnectAnswer = (error: AuthenticateError | null, success: boolean | null) => void;

export const connectRefusal = (code: AuthErrorCode, message: string): AuthenticateError =>
  Object.assign(new Error(message), { returnCode: code });

/**
 * One device's MQTT session on the embedded broker. The gateway's handshake answer becomes the CONNACK
 * (`auth.ok` accepts; `auth.refused` refuses with a return code); everything after is published straight
 * to this client on its `down/` topics, QoS 0 on the live session: the protocol's own acknowledgements
 * (event.ack, RPC answers with timeouts) already say what arrived.
 */
export class MqttTransport implements LinkTransport {
  readonly kind = 'mqtt';
  readonly minSilenceMs: number;
  readonly #topics: ReturnType<typeof mqttTopics>;
  #connack?: ConnectAnswer;
  /** Until the CONNACK is out nothing else may be written. */
  #ready = false;
  #queue: { topic: string; payload: Buffer; properties?: object }[] = [];
  #ended = false;

  constructor(
    private readonly client: Client,
    connack: ConnectAnswer,
    keepaliveS: number,
    private readonly onEnd: () => void,
  ) {
    this.#connack = connack;
    this.#topics = mqttTopics(client.id);
    // The broker itself drops a client silent for 1.5 keepalives (MQTT 3.1.2.10); never sooner here.
    this.minSilenceMs = keepaliveS * 1500;
  }

  get writable() {
    return !this.#ended && !this.client.closed;
  }

  send(message: ServerMessage) {
    if (this.#connack) {
      if (message.type === 'auth.refused')
        return this.#answer(connectRefusal(CONNACK_CODES[message.reason], message.message));
      if (message.type === 'auth.ok') this.#answer(null);
    }
    if (message.type === 'rpc') {
      const id = message.id;
      // MQTT 5 request/response; a 3.1.1 device reads the id from the topic (and the payload).
      const properties =
        this.client.version === 5
          ? { responseTopic: this.#topics.upRpc(id), correlationData: Buffer.from(id) }
          : undefined;
      return this.#publish(this.#topics.downRpc(id), Buffer.from(JSON.stringify(message)), properties);
    }
    this.#publish(this.#topics.downOf(message.type), Buffer.from(JSON.stringify(message)));
  }

  sendFrame(frame: Uint8Array) {
    this.#publish(this.#topics.downFrame, Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength));
  }

  close(code: number, reason: string) {
    if (this.#ended) return;
    if (this.#connack) {
      this.#answer(connectRefusal(code === CloseCode.refused ? NOT_AUTHORIZED : SERVER_UNAVAILABLE, reason));
      return this.end();
    }
    this.#publish(this.#topics.downClose, Buffer.from(JSON.stringify({ code, reason })));
    const client = this.client;
    setImmediate(() => client.close());
    this.end();
  }

  /** The CONNACK went out: what the gateway sent meanwhile follows it. */
  ready() {
    this.#ready = true;
    for (const { topic, payload, properties } of this.#queue.splice(0)) this.#write(topic, payload, properties);
  }

  /** The session is over (disconnect, keepalive timeout, refusal): tell the gateway once. */
  end() {
    if (this.#ended) return;
    this.#ended = true;
    this.#queue = [];
    this.onEnd();
  }

  #answer(error: AuthenticateError | null) {
    const connack = this.#connack;
    this.#connack = undefined;
    connack?.(error, !error);
  }

  #publish(topic: string, payload: Buffer, properties?: object) {
    if (!this.writable) return;
    if (!this.#ready) this.#queue.push({ topic, payload, properties });
    else this.#write(topic, payload, properties);
  }

  #write(topic: string, payload: Buffer, properties?: object) {
    this.client.publish(
      {
        cmd: 'publish',
        topic,
        payload,
        qos: 0,
        retain: false,
        dup: false,
        ...(properties && { properties }),
      },
      noop,
    );
  }
}
