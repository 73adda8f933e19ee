import type { EventEmitter } from 'node:events';

/** What a device's link emits, whichever transport carries it (the events `ws` has, reason as text). */
export interface SimLinkEvents {
  open: [];
  message: [data: Buffer, isBinary: boolean];
  error: [err: Error];
  close: [code: number, reason: string];
}

/**
 * The device's side of one link: JSON messages as text, binary frames as bytes (docs/device-protocol.md).
 * The WebSocket and MQTT links both look like this, so the device's behaviour is written once.
 */
export interface SimLink extends EventEmitter<SimLinkEvents> {
  readonly isOpen: boolean;
  readonly isClosed: boolean;
  /** Text: one JSON message; bytes: one binary frame. Dropped unless open. */
  send(data: string | Uint8Array): void;
  /** An orderly close with a protocol close code. */
  close(code: number, reason: string): void;
  /** Cut the connection (a power cut, as the server sees it). */
  terminate(): void;
}
