import type { ServerMessage } from '@siteops/contracts/device-protocol';

/** The transports a device can link over; stored on the device record (`devices.transport`). */
export const TRANSPORTS = ['ws', 'mqtt'] as const;
export type TransportKind = (typeof TRANSPORTS)[number];

/**
 * How the gateway talks to one linked device, whatever carries it. The gateway (presence, readings,
 * events, RPC, terminal, upgrade, broadcast) speaks only protocol messages; an adapter turns them into
 * its wire (a WebSocket text frame, an MQTT publish on the device's topic) and the device's traffic
 * back into `LinkInput` calls. So a protocol never leaks past its adapter.
 */
export interface LinkTransport {
  readonly kind: TransportKind;
  /** False once the device is gone or the link is closing: sends are dropped, never thrown. */
  readonly writable: boolean;
  send(message: ServerMessage): void;
  /** A binary frame (protocol 7), already encoded. */
  sendFrame(frame: Uint8Array): void;
  /**
   * End the link. `code` is the protocol's close code (1.3): the WebSocket sends it, MQTT publishes it
   * on the device's `down/close` topic before the disconnect.
   */
  close(code: number, reason: string): void;
  /**
   * The shortest silence after which the device counts as gone, beyond the heartbeat interval: an MQTT
   * device keeps its link with PINGREQs at its own keepalive.
   */
  readonly minSilenceMs?: number;
}

/** What an adapter reports of the device's side; answered by the gateway's `open()`. */
export interface LinkInput {
  /** A text message, raw (WebSocket: parsed by the gateway). */
  text(data: Buffer): void;
  /** A message already parsed by the adapter (MQTT: the topic says its type); `bytes` its size on the wire. */
  json(message: object, bytes: number): void;
  /** A binary frame (protocol 7). */
  frame(data: Buffer): void;
  /** The device is still there without saying anything (MQTT PINGREQ). */
  alive(): void;
  /** The transport ended: the gateway decides whether the device went offline. */
  closed(): void;
}
