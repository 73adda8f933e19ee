import type { ServerMessage } from '@siteops/contracts/device-protocol';

/** The transports a device can link over; stored on the device record (`devices.transport`). */
export const TRANSPORTS = ['ws', 'mqtt', 'hj212'] as const;
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
  /**
   * How long a new link may stay silent before it proves who it is, when longer than the gateway's
   * auth timeout: an HJ 212 monitor has no hello and speaks first at its next upload, which may be
   * minutes after it dialled in.
   */
  readonly firstWordMs?: number;
  /**
   * Whether the transport can carry this RPC method at all (HJ 212 has no terminal, no pictures...);
   * absent: every method. A call it cannot carry is refused with `unsupported`, saying so.
   */
  carries?(method: string): boolean;
}

/**
 * A transport whose devices prove who they are with credentials of their own rather than the
 * protocol's `auth` message (HJ 212: the MN and access password every packet carries). Checked by the
 * same handshake as `auth`: licence, forbidden/unknown status and the refusal notices apply alike.
 */
export interface LinkCredentials {
  kind: 'hj212';
  mn: string;
  pw: string;
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
  /**
   * The device's credentials in its transport's own terms, in place of an `auth` message (only before
   * the link is up; later calls are ignored). The verdict comes back as `auth.ok` or `auth.refused`
   * through `send`, as on every transport.
   */
  authenticate(credentials: LinkCredentials): void;
  /** The linked device's id once the link is up (an adapter storing something of its own, e.g. HJ 212 minute data). */
  readonly deviceId: number | undefined;
}

/**
 * Opens a link over a transport that reports its own end (an MQTT session), and hears of an end that
 * happens inside `open` itself: the gateway may close a new link at once (admission's busy, shutdown),
 * before `open` has answered the input the transport's end must be reported to. `make` builds the
 * transport around the callback to call when the session ends; `endedInOpen` says the link is already over.
 */
export function openTransport<T extends LinkTransport>(
  open: (transport: T) => LinkInput,
  make: (onEnd: () => void) => T,
): { transport: T; input: LinkInput; endedInOpen: boolean } {
  const opened: { input?: LinkInput; endedInOpen: boolean } = { endedInOpen: false };
  const transport = make(() => (opened.input ? opened.input.closed() : (opened.endedInOpen = true)));
  const input = (opened.input = open(transport));
  if (opened.endedInOpen) input.closed();
  return { transport, input, endedInOpen: opened.endedInOpen };
}
