import { z } from 'zod';
import { anyText as text } from '../shared/text.ts';

/** The link itself: versions, device types, close codes, refusals, limits, common field schemas. */

export const PROTOCOL_VERSION = 1;
export const GATEWAY_PATH = '/gateway';

export const DEVICE_TYPES = [
  'face',
  'dust',
  'broadcast',
  'aiBox',
  'towerCrane',
  'elevator',
  'towerElevatorFace',
  'plate',
  'gateway',
] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];
export const deviceTypeSchema = z.enum(DEVICE_TYPES);

/** WebSocket close codes the server uses; the close reason string carries the refusal reason for 4003. */
export const CloseCode = {
  /** Device-initiated orderly close (e.g. before a reboot). */
  normal: 1000,
  /** Server shutting down; reconnect with backoff (another instance will take the link). */
  goingAway: 1001,
  /** Malformed frame, unknown message type, or a message before `auth.ok`. */
  protocol: 4000,
  /** No `auth` message within the auth timeout (10 s). */
  authTimeout: 4001,
  /** `auth.refused` was sent just before; the close reason is the refusal reason. */
  refused: 4003,
  /** A frame over MAX_FRAME_BYTES (4 MiB); sent by the WebSocket layer, before the server reads it. */
  tooBig: 1009,
  /** Nothing received for two heartbeat intervals. */
  heartbeatTimeout: 4008,
  /** A newer link for the same device was accepted (here or on another instance). */
  replaced: 4009,
  /** An admin forbade or removed the device, or its licence expired, while it was linked. */
  revoked: 4010,
  /**
   * The instance admits no more new links this second (a reconnect storm); the reason is `busy:<s>`:
   * dial again after s seconds plus a random part of up to s more.
   */
  busy: 4013,
  /** The device sent more messages than LINK_RATE allows (a flood); the reason is `rateLimited`. */
  rateLimited: 4029,
} as const;

export const REFUSE_REASONS = [
  /** sn not registered: now recorded with authStatus `unknown`, waiting for an admin. */
  'unknown',
  /** authStatus `forbidden`, or the device is not allowed. */
  'forbidden',
  /** The secret does not match the licence's. */
  'badSecret',
  /** The licence has expired. */
  'expired',
  /** The MAC or device type does not match the registered device. */
  'mismatch',
  /** The auth message was malformed or speaks an unsupported protocol version. */
  'protocol',
  /** The server could not check the device right now (database down); retry with the normal backoff. */
  'unavailable',
] as const;
export type RefuseReason = (typeof REFUSE_REASONS)[number];

/** How long a device waits before dialling again after a refusal (seconds); `unavailable` uses the backoff. */
export const RETRY_AFTER_REFUSAL_S: Record<RefuseReason, number> = {
  unknown: 60,
  forbidden: 300,
  badSecret: 300,
  expired: 300,
  mismatch: 300,
  protocol: 300,
  unavailable: 0,
};
/** A replaced link waits this long before dialling again, so two devices sharing an sn do not ping-pong. */
export const RETRY_AFTER_REPLACED_S = 60;
/** The longest wait a `busy` close (4013) names. */
export const RETRY_AFTER_BUSY_MAX_S = 60;
/**
 * An MQTT 3.1.1 CONNACK 3 (server unavailable) names no wait, and a busy instance (admission) and one that
 * cannot check right now look alike: the device waits this long, spread by up to as much again, as after
 * `busy:<s>`. Its own doubling backoff would keep a turned-away fleet out for up to a minute.
 */
export const MQTT_UNAVAILABLE_RETRY_S = 5;
/** The seconds a `busy:<s>` close reason names, else undefined. */
export function busyRetrySeconds(reason: string): number | undefined {
  const m = /^busy:(\d+)$/.exec(reason);
  return m ? Math.min(Number(m[1]), RETRY_AFTER_BUSY_MAX_S) : undefined;
}
export const AUTH_TIMEOUT_MS = 10_000;
/**
 * What one link may send, frames of every kind counted alike: a bucket of `burst` messages refilled at
 * `perSecond`. A fleet device sends a few per second; a reconnect's backlog (100 events) and a terminal
 * or snapshot burst fit the bucket. Past it the link is closed with 4029.
 */
export const LINK_RATE = { perSecond: 200, burst: 2_000 } as const;
/** Largest WebSocket frame the server accepts; bigger binary results are split into several frames. */
export const MAX_FRAME_BYTES = 4 * 1024 * 1024;
/** Largest binary result of one RPC (all its RPC_DATA frames together). */
export const MAX_RPC_BINARY_BYTES = 16 * 1024 * 1024;
/** Largest event picture (bytes after base64 decoding). */
export const MAX_PICTURE_BYTES = 512 * 1024;
/** Device timestamps further ahead of the server's clock than this are replaced by the receive time. */
export const MAX_CLOCK_SKEW_MS = 10 * 60_000;
/**
 * How far back a device timestamp may be (a backlog kept while the link was down); older ones are
 * replaced by the receive time, as a clock that was never set (1970) would otherwise be believed.
 */
export const MAX_BACKLOG_MS = 24 * 3600_000;

// ---------------------------------------------------------------------------------------------------
// Common pieces

const MAC_RE = /^([0-9A-Fa-f]{2}[:-]?){5}[0-9A-Fa-f]{2}$/;
/** AA:BB:CC:DD:EE:FF, upper case, from any of `aa:bb:..`, `aa-bb-..`, `aabbcc..`. */
export function normalizeMac(mac: string): string {
  const hex = mac.replace(/[:-]/g, '').toUpperCase();
  return hex.match(/.{2}/g)!.join(':');
}
export const macSchema = text().regex(MAC_RE, 'MAC must look like AA:BB:CC:DD:EE:FF').transform(normalizeMac);

export const uuidSchema = z.uuid();
/** Milliseconds since the epoch, device clock. */
export const tsSchema = z.number().int().nonnegative();

export const versionsSchema = z.object({
  /** Version of the reverse-tunnel client (the old product used frpc). */
  frpcVer: text().max(64).optional(),
  /** Hardware / board version. */
  devVer: text().max(64).optional(),
  /** Firmware / application version. */
  version: text().max(64).optional(),
});
export type Versions = z.infer<typeof versionsSchema>;
