import { z } from 'zod';
import { storableRecord, anyText as text } from '../shared/text.ts';
import { EVENT_LEVELS } from './events.ts';
import {
  PROTOCOL_VERSION,
  REFUSE_REASONS,
  deviceTypeSchema,
  macSchema,
  tsSchema,
  uuidSchema,
  versionsSchema,
} from './link.ts';
import { upgradeProgressMessage } from './upgrade.ts';
import { DATA_FLAG_VALUES } from './telemetry.ts';

// ---------------------------------------------------------------------------------------------------
// JSON messages: device -> server

export const authMessage = z.object({
  type: z.literal('auth'),
  protocol: z.literal(PROTOCOL_VERSION),
  sn: text().min(1).max(64),
  mac: macSchema,
  secret: text().min(1).max(256),
  deviceType: deviceTypeSchema,
  versions: versionsSchema,
});
export type AuthMessage = z.input<typeof authMessage>;

const heartbeatMessage = z.object({
  type: z.literal('heartbeat'),
  /** Increments per heartbeat since the link opened. */
  seq: z.number().int().nonnegative().optional(),
  uptimeS: z.number().nonnegative().optional(),
});

const versionsMessage = z.object({ type: z.literal('versions'), versions: versionsSchema });

const telemetryMessage = z.object({
  type: z.literal('telemetry'),
  ts: tsSchema.optional(),
  /** Checked per type against TELEMETRY_FIELDS by the server. */
  data: z.record(text(), z.union([z.number(), z.boolean(), text()])),
  /**
   * Optional: field -> data flag (DATA_FLAG_VALUES; HJ 212's N F M S D C T B) for values measured while
   * the instrument was not in normal operation. Stored with the reading; a value flagged anything but
   * N raises no alarm and is left out of averages. A field without a flag is normal.
   */
  flags: z.record(text().max(64), z.enum(DATA_FLAG_VALUES)).optional(),
});

const eventMessage = z.object({
  type: z.literal('event'),
  /** Chosen by the device; a resent event keeps its id so the server can drop duplicates. */
  id: uuidSchema,
  ts: tsSchema.optional(),
  kind: text().regex(/^[A-Za-z][\w.]{0,31}$/),
  level: z.enum(EVENT_LEVELS),
  /** Checked per type and kind against EVENT_KINDS by the server. */
  data: storableRecord(),
  /**
   * JPEG, base64, at most MAX_PICTURE_BYTES once decoded. Not limited here: an event with a bigger picture
   * is stored without it (and acknowledged), so a device never resends it for ever.
   */
  picture: z.string().optional(),
});

const rpcError = z.object({ code: text().max(32), message: text().max(1000) });
/** Exactly one of `result` (success) and `error` (failure); `error` wins if both are sent. */
const rpcResultMessage = z.object({
  type: z.literal('rpc.result'),
  id: uuidSchema,
  result: z.unknown().optional(),
  error: rpcError.optional(),
});

/** The `reason` of a `shell.close` (protocol 6); a receiver treats one it does not know like `closed`. */
export const SHELL_CLOSE_REASONS = {
  /** device -> server: the shell on the device exited. */
  exit: 'the shell on the device exited (sent by the device)',
  /** server -> device: the browser closed the terminal, or it could not be set up. */
  closed: 'the user closed the terminal (sent by the server)',
  /** server -> device: the browser's connection went away. */
  browserClosed: "the browser's connection went away (sent by the server)",
  /** server -> device: no traffic either way for TERMINAL_IDLE_MINUTES. */
  idle: 'no keystrokes and no output for the idle time (sent by the server)',
  /** either way: SHELL_DATA for a stream the receiver does not know; both sides forget it. */
  'unknown stream': 'data arrived for a stream the receiver does not know (either side)',
} as const;
export type ShellCloseReason = keyof typeof SHELL_CLOSE_REASONS;

const shellCloseMessage = z.object({
  type: z.literal('shell.close'),
  streamId: uuidSchema,
  reason: text().max(200).optional(),
});

export const deviceMessage = z.discriminatedUnion('type', [
  authMessage,
  heartbeatMessage,
  versionsMessage,
  telemetryMessage,
  eventMessage,
  rpcResultMessage,
  shellCloseMessage,
  upgradeProgressMessage,
]);
export type DeviceMessage = z.infer<typeof deviceMessage>;
export type DeviceMessageInput = z.input<typeof deviceMessage>;

// ---------------------------------------------------------------------------------------------------
// JSON messages: server -> device

const authOkMessage = z.object({
  type: z.literal('auth.ok'),
  /** Send a heartbeat this often (fractions allowed). */
  heartbeatSeconds: z.number().positive(),
  /** ISO 8601. */
  serverTime: z.string(),
  /** The device's address as the server sees it. */
  ip: z.string(),
});
const authRefusedMessage = z.object({
  type: z.literal('auth.refused'),
  reason: z.enum(REFUSE_REASONS),
  message: z.string(),
  retryAfterSeconds: z.number().nonnegative(),
});
const heartbeatAckMessage = z.object({ type: z.literal('heartbeat.ack'), serverTime: z.string() });
const rpcMessage = z.object({
  type: z.literal('rpc'),
  id: uuidSchema,
  method: z.string(),
  params: z.unknown(),
  timeoutMs: z.number().int().positive(),
});
const rpcCancelMessage = z.object({ type: z.literal('rpc.cancel'), id: uuidSchema });
const shellResizeMessage = z.object({
  type: z.literal('shell.resize'),
  streamId: uuidSchema,
  cols: z.number().int().min(1).max(1000),
  rows: z.number().int().min(1).max(1000),
});
/**
 * The server is done with these events: stored, or dropped for good (answered with an `error` just before).
 * Ids are the device's own, echoed: normally UUIDs, but a malformed event's id is echoed too, so the
 * device can forget it.
 */
const eventAckMessage = z.object({ type: z.literal('event.ack'), ids: z.array(z.string().max(64)) });
export const errorMessage = z.object({
  type: z.literal('error'),
  code: z.enum(['invalid', 'tooLarge']),
  message: z.string(),
  /** The `type` (and `id` when it had one) of the message that was dropped. */
  ref: z.string().optional(),
});

export const serverMessage = z.discriminatedUnion('type', [
  authOkMessage,
  authRefusedMessage,
  heartbeatAckMessage,
  rpcMessage,
  rpcCancelMessage,
  shellResizeMessage,
  shellCloseMessage,
  eventAckMessage,
  errorMessage,
]);
export type ServerMessage = z.infer<typeof serverMessage>;
