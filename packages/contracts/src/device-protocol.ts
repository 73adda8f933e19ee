import { z } from 'zod';
import { storableRecord, text } from './text.ts';

/**
 * The device link protocol (docs/device-protocol.md is its prose; this file is its code). Shared by the
 * server's gateway, the device simulator and the console (field labels and units for the lists and
 * charts), so it stays browser-safe: no Node imports, binary helpers on Uint8Array.
 */

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
  /** Nothing received for two heartbeat intervals. */
  heartbeatTimeout: 4008,
  /** A newer link for the same device was accepted (here or on another instance). */
  replaced: 4009,
  /** An admin forbade or removed the device while it was linked. */
  revoked: 4010,
} as const;
export type CloseCodeValue = (typeof CloseCode)[keyof typeof CloseCode];

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
export const AUTH_TIMEOUT_MS = 10_000;
export const DEFAULT_HEARTBEAT_SECONDS = 30;
/** Largest WebSocket frame the server accepts; bigger binary results are split into several frames. */
export const MAX_FRAME_BYTES = 4 * 1024 * 1024;
/** Largest binary result of one RPC (all its RPC_DATA frames together). */
export const MAX_RPC_BINARY_BYTES = 16 * 1024 * 1024;
/** Largest event picture (bytes after base64 decoding). */
export const MAX_PICTURE_BYTES = 512 * 1024;
/** Device timestamps further than this from the server's clock are replaced by the receive time. */
export const MAX_CLOCK_SKEW_MS = 10 * 60_000;

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

// ---------------------------------------------------------------------------------------------------
// Telemetry fields per type

export interface TelemetryField {
  key: string;
  label: string;
  unit?: string;
  /** `flags`: an integer bitmask; bit i means `flags[i]`. */
  kind: 'number' | 'integer' | 'boolean' | 'string' | 'flags';
  min?: number;
  max?: number;
  /** For `string` fields with a closed set of values. */
  values?: readonly string[];
  /** For `flags` fields: the name of each bit, lowest first. */
  flags?: readonly string[];
}

const CRANE_ALARMS = ['overload', 'moment', 'wind', 'tilt', 'collision', 'zoneLimit', 'heightLimit'] as const;
const ELEVATOR_ALARMS = [
  'overload',
  'overspeed',
  'doorOpenMoving',
  'tilt',
  'topLimit',
  'bottomLimit',
  'driverUnverified',
] as const;

/** What each device type reports in `telemetry.data`. Every field is optional in one message. */
export const TELEMETRY_FIELDS: Record<DeviceType, readonly TelemetryField[]> = {
  face: [
    { key: 'doorOpen', label: 'Door open', kind: 'boolean' },
    { key: 'passesToday', label: 'Passes today', kind: 'integer', min: 0 },
    { key: 'enrolledFaces', label: 'Enrolled faces', kind: 'integer', min: 0 },
    { key: 'temperature', label: 'Device temperature', unit: '°C', kind: 'number', min: -40, max: 100 },
  ],
  // HJ 212-2017 pollutant / parameter codes as field names.
  dust: [
    { key: 'a34004', label: 'PM2.5', unit: 'μg/m³', kind: 'number', min: 0, max: 2000 },
    { key: 'a34002', label: 'PM10', unit: 'μg/m³', kind: 'number', min: 0, max: 5000 },
    { key: 'a34001', label: 'TSP', unit: 'μg/m³', kind: 'number', min: 0, max: 10000 },
    { key: 'LA', label: 'Noise', unit: 'dB(A)', kind: 'number', min: 0, max: 150 },
    { key: 'a01001', label: 'Temperature', unit: '°C', kind: 'number', min: -50, max: 70 },
    { key: 'a01002', label: 'Humidity', unit: '%RH', kind: 'number', min: 0, max: 100 },
    { key: 'a01007', label: 'Wind speed', unit: 'm/s', kind: 'number', min: 0, max: 75 },
    { key: 'a01008', label: 'Wind direction', unit: '°', kind: 'number', min: 0, max: 360 },
  ],
  broadcast: [
    { key: 'volume', label: 'Volume', unit: '%', kind: 'integer', min: 0, max: 100 },
    { key: 'state', label: 'State', kind: 'string', values: ['idle', 'playing'] },
    { key: 'track', label: 'Track', kind: 'string' },
  ],
  aiBox: [
    { key: 'camerasOnline', label: 'Cameras online', kind: 'integer', min: 0 },
    { key: 'camerasTotal', label: 'Cameras', kind: 'integer', min: 0 },
    { key: 'cpuPct', label: 'CPU', unit: '%', kind: 'number', min: 0, max: 100 },
    { key: 'temperature', label: 'Device temperature', unit: '°C', kind: 'number', min: -40, max: 120 },
    { key: 'alarmsToday', label: 'Alarms today', kind: 'integer', min: 0 },
  ],
  towerCrane: [
    { key: 'load', label: 'Load', unit: 't', kind: 'number', min: 0, max: 100 },
    { key: 'radius', label: 'Radius', unit: 'm', kind: 'number', min: 0, max: 100 },
    { key: 'height', label: 'Hook height', unit: 'm', kind: 'number', min: -50, max: 400 },
    { key: 'slewAngle', label: 'Slew angle', unit: '°', kind: 'number', min: 0, max: 360 },
    { key: 'momentPct', label: 'Moment', unit: '%', kind: 'number', min: 0, max: 200 },
    { key: 'windSpeed', label: 'Wind speed', unit: 'm/s', kind: 'number', min: 0, max: 75 },
    { key: 'tilt', label: 'Tilt', unit: '°', kind: 'number', min: -90, max: 90 },
    { key: 'alarmFlags', label: 'Alarms', kind: 'flags', flags: CRANE_ALARMS },
  ],
  elevator: [
    { key: 'load', label: 'Load', unit: 'kg', kind: 'number', min: 0, max: 10000 },
    { key: 'loadPct', label: 'Load', unit: '%', kind: 'number', min: 0, max: 200 },
    { key: 'floor', label: 'Floor', kind: 'integer', min: -10, max: 200 },
    { key: 'height', label: 'Height', unit: 'm', kind: 'number', min: -50, max: 600 },
    { key: 'speed', label: 'Speed', unit: 'm/s', kind: 'number', min: -10, max: 10 },
    { key: 'people', label: 'People', kind: 'integer', min: 0, max: 100 },
    { key: 'frontDoorLocked', label: 'Front door locked', kind: 'boolean' },
    { key: 'rearDoorLocked', label: 'Rear door locked', kind: 'boolean' },
    { key: 'tilt', label: 'Tilt', unit: '°', kind: 'number', min: -90, max: 90 },
    { key: 'alarmFlags', label: 'Alarms', kind: 'flags', flags: ELEVATOR_ALARMS },
  ],
  towerElevatorFace: [
    { key: 'doorOpen', label: 'Door open', kind: 'boolean' },
    { key: 'driverOnDuty', label: 'Driver on duty', kind: 'boolean' },
    { key: 'passesToday', label: 'Passes today', kind: 'integer', min: 0 },
    { key: 'enrolledFaces', label: 'Enrolled faces', kind: 'integer', min: 0 },
  ],
  plate: [
    { key: 'barrierOpen', label: 'Barrier open', kind: 'boolean' },
    { key: 'inToday', label: 'Vehicles in today', kind: 'integer', min: 0 },
    { key: 'outToday', label: 'Vehicles out today', kind: 'integer', min: 0 },
  ],
  gateway: [
    { key: 'subDevices', label: 'Sub-devices', kind: 'integer', min: 0 },
    { key: 'subDevicesOnline', label: 'Sub-devices online', kind: 'integer', min: 0 },
    { key: 'cpuPct', label: 'CPU', unit: '%', kind: 'number', min: 0, max: 100 },
    { key: 'memPct', label: 'Memory', unit: '%', kind: 'number', min: 0, max: 100 },
    { key: 'uplink', label: 'Uplink', kind: 'string', values: ['ethernet', '4G', '5G', 'wifi'] },
    { key: 'signalDbm', label: 'Signal', unit: 'dBm', kind: 'number', min: -140, max: 0 },
  ],
};

/** Names of the bits set in a `flags` field's value. */
export function decodeFlags(field: TelemetryField, value: number): string[] {
  return (field.flags ?? []).filter((_, i) => (value & (1 << i)) !== 0);
}
/** The bitmask for a list of flag names of a `flags` field. */
export function encodeFlags(field: TelemetryField, names: readonly string[]): number {
  return (field.flags ?? []).reduce((mask, name, i) => (names.includes(name) ? mask | (1 << i) : mask), 0);
}

function fieldSchema(f: TelemetryField): z.ZodType {
  switch (f.kind) {
    case 'boolean':
      return z.boolean();
    case 'string':
      return f.values ? z.enum(f.values as [string, ...string[]]) : text().max(256);
    case 'flags':
      return z
        .number()
        .int()
        .min(0)
        .max(2 ** ((f.flags?.length ?? 0) + 8) - 1);
    default: {
      let s = f.kind === 'integer' ? z.number().int() : z.number();
      if (f.min !== undefined) s = s.min(f.min);
      if (f.max !== undefined) s = s.max(f.max);
      return s;
    }
  }
}

export type TelemetryData = Record<string, number | boolean | string>;

/** Per-type validator of `telemetry.data`: known fields checked, unknown fields dropped, all optional. */
export const telemetryDataSchemas: Record<DeviceType, z.ZodType<TelemetryData>> = Object.fromEntries(
  DEVICE_TYPES.map((t) => [
    t,
    z.object(
      Object.fromEntries(TELEMETRY_FIELDS[t].map((f) => [f.key, fieldSchema(f).optional()])),
    ) as z.ZodType<TelemetryData>,
  ]),
) as Record<DeviceType, z.ZodType<TelemetryData>>;

// ---------------------------------------------------------------------------------------------------
// Events per type

export const EVENT_LEVELS = ['info', 'warning', 'alarm'] as const;
export type EventLevel = (typeof EVENT_LEVELS)[number];

const direction = z.enum(['in', 'out']);
const confidence = z.number().min(0).max(1);

const passData = z.object({
  personId: text().max(64),
  personName: text().max(128),
  direction,
  verifyMode: z.enum(['face', 'card', 'qr', 'password']),
  /** Face match score 0..1. */
  similarity: confidence,
  /** towerElevatorFace: whether the person is the registered driver. */
  role: z.enum(['worker', 'driver', 'visitor']).optional(),
});
const strangerData = z.object({ direction, similarity: confidence });
const doorForcedData = z.object({ door: z.number().int().min(1) });
const aiData = z.object({
  channel: z.number().int().min(0),
  confidence,
  /** Normalised bounding box [x, y, w, h] in 0..1. */
  box: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional(),
});

export interface EventKindDef {
  kind: string;
  /** The level a device should send; the server accepts any level. */
  level: EventLevel;
  /** Whether the event normally carries a picture. */
  picture: boolean;
  data: z.ZodType<Record<string, unknown>>;
}

/** Sent by every type. */
const COMMON_EVENTS: readonly EventKindDef[] = [
  {
    kind: 'boot',
    level: 'info',
    picture: false,
    data: z.object({ reason: z.enum(['power', 'reboot', 'watchdog', 'upgrade']) }),
  },
];

const alarmFlagsData = (extra: z.ZodRawShape) =>
  z.object({ flags: z.number().int().min(0), codes: z.array(text().max(32)).max(32), ...extra });

export const EVENT_KINDS: Record<DeviceType, readonly EventKindDef[]> = {
  face: [
    { kind: 'pass', level: 'info', picture: true, data: passData },
    { kind: 'stranger', level: 'warning', picture: true, data: strangerData },
    { kind: 'doorForced', level: 'alarm', picture: false, data: doorForcedData },
  ],
  towerElevatorFace: [
    { kind: 'pass', level: 'info', picture: true, data: passData },
    { kind: 'stranger', level: 'warning', picture: true, data: strangerData },
    { kind: 'doorForced', level: 'alarm', picture: false, data: doorForcedData },
  ],
  dust: [
    {
      kind: 'overLimit',
      level: 'alarm',
      picture: false,
      data: z.object({
        code: z.enum(['a34004', 'a34002', 'a34001', 'LA']),
        value: z.number(),
        limit: z.number(),
      }),
    },
  ],
  broadcast: [
    {
      kind: 'playback',
      level: 'info',
      picture: false,
      data: z.object({
        playId: text().max(64),
        state: z.enum(['started', 'finished', 'failed']),
        text: text().max(500).optional(),
      }),
    },
  ],
  aiBox: [
    { kind: 'noHelmet', level: 'alarm', picture: true, data: aiData },
    { kind: 'noVest', level: 'warning', picture: true, data: aiData },
    { kind: 'intrusion', level: 'alarm', picture: true, data: aiData },
    { kind: 'fireSmoke', level: 'alarm', picture: true, data: aiData },
  ],
  towerCrane: [
    {
      kind: 'alarm',
      level: 'alarm',
      picture: false,
      data: alarmFlagsData({ load: z.number(), momentPct: z.number(), windSpeed: z.number() }),
    },
    {
      kind: 'lift',
      level: 'info',
      picture: false,
      data: z.object({ durationS: z.number().min(0), maxLoad: z.number().min(0), maxMomentPct: z.number().min(0) }),
    },
  ],
  elevator: [
    {
      kind: 'alarm',
      level: 'alarm',
      picture: false,
      data: alarmFlagsData({ load: z.number(), floor: z.number().int(), speed: z.number() }),
    },
    {
      kind: 'trip',
      level: 'info',
      picture: false,
      data: z.object({
        fromFloor: z.number().int(),
        toFloor: z.number().int(),
        people: z.number().int().min(0),
        load: z.number().min(0),
      }),
    },
  ],
  plate: [
    {
      kind: 'plate',
      level: 'info',
      picture: true,
      data: z.object({
        plate: text().min(1).max(16),
        color: z.enum(['blue', 'yellow', 'green', 'white', 'black']),
        direction,
        confidence,
        gateOpened: z.boolean(),
      }),
    },
  ],
  gateway: [
    {
      kind: 'subDevice',
      level: 'info',
      picture: false,
      data: z.object({ subSn: text().max(64), subType: text().max(32), online: z.boolean() }),
    },
  ],
};

/** The definition of an event kind for a type (type-specific kinds first, then the common ones). */
export function eventKindOf(type: DeviceType, kind: string): EventKindDef | undefined {
  return EVENT_KINDS[type].find((k) => k.kind === kind) ?? COMMON_EVENTS.find((k) => k.kind === kind);
}
export const COMMON_EVENT_KINDS = COMMON_EVENTS;

// ---------------------------------------------------------------------------------------------------
// RPC methods

export const RPC_ERROR_CODES = [
  /** No instance holds a link to the device. */
  'offline',
  /** The device did not answer within timeoutMs. */
  'timeout',
  /** The link closed while the call was pending. */
  'linkClosed',
  /** The device type or firmware does not have this method. */
  'unsupported',
  /** The params were rejected. */
  'badParams',
  /** Too many calls pending on the link, or the device is busy with another one. */
  'busy',
  /** The binary result was larger than allowed. */
  'tooLarge',
  /** The device tried and failed (message says why). */
  'failed',
] as const;
export type RpcErrorCode = (typeof RPC_ERROR_CODES)[number];

export const DEFAULT_RPC_TIMEOUT_MS = 10_000;
export const MAX_RPC_TIMEOUT_MS = 120_000;

const ALL_TYPES = DEVICE_TYPES;
const CAMERA_TYPES = ['face', 'dust', 'aiBox', 'towerCrane', 'elevator', 'towerElevatorFace', 'plate'] as const;
const httpHeaders = z.record(z.string(), z.string());

export interface RpcMethodDef {
  params: z.ZodType;
  result: z.ZodType;
  /** The result carries bytes in RPC_DATA frames. */
  binary: boolean;
  /** Device types that implement it; others answer `unsupported`. */
  types: readonly DeviceType[];
}

export const RPC_METHODS = {
  /** A JPEG from the device's camera; bytes in RPC_DATA frames. */
  snapshot: {
    params: z.object({
      channel: z.number().int().min(0).optional(),
      width: z.number().int().min(16).max(3840).optional(),
      height: z.number().int().min(16).max(2160).optional(),
    }),
    result: z.object({
      contentType: z.literal('image/jpeg'),
      width: z.number().int(),
      height: z.number().int(),
      size: z.number().int(),
    }),
    binary: true,
    types: CAMERA_TYPES,
  },
  openDoor: {
    params: z.object({
      door: z.number().int().min(1).max(8).optional(),
      holdMs: z.number().int().min(500).max(60_000).optional(),
    }),
    result: z.object({ door: z.number().int(), openedAt: z.string(), closesAt: z.string() }),
    binary: false,
    types: ['face', 'towerElevatorFace'],
  },
  reboot: {
    params: z.object({ delayMs: z.number().int().min(0).max(60_000).optional() }),
    result: z.object({ rebootAt: z.string() }),
    binary: false,
    types: ALL_TYPES,
  },
  'config.get': {
    params: z.object({ keys: z.array(z.string()).optional() }),
    result: z.object({ config: z.record(z.string(), z.unknown()) }),
    binary: false,
    types: ALL_TYPES,
  },
  'config.set': {
    params: z.object({ config: z.record(z.string(), z.unknown()) }),
    result: z.object({ config: z.record(z.string(), z.unknown()), changed: z.array(z.string()) }),
    binary: false,
    types: ALL_TYPES,
  },
  /** Opens a terminal stream; the data then flows in SHELL_DATA frames tagged with `streamId`. */
  'shell.open': {
    params: z.object({
      streamId: uuidSchema,
      cols: z.number().int().min(1).max(1000),
      rows: z.number().int().min(1).max(1000),
      term: text().max(64).optional(),
    }),
    result: z.object({ streamId: uuidSchema }),
    binary: false,
    types: ALL_TYPES,
  },
  /** One request to the device's local web page; the response body in RPC_DATA frames. */
  'http.request': {
    params: z.object({
      method: z.enum(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']),
      /** Path and query on the device, starting with `/`. */
      path: text().startsWith('/').max(4096),
      headers: httpHeaders,
      /** Request body, base64 (bodies larger than 1 MiB are refused by the server). */
      bodyBase64: z.string().optional(),
    }),
    result: z.object({ status: z.number().int().min(100).max(599), headers: httpHeaders }),
    binary: true,
    types: ALL_TYPES,
  },
  'broadcast.play': {
    params: z
      .object({
        /** Text to speak (TTS) ... */
        text: text().min(1).max(500).optional(),
        /** ... or an audio file URL the speaker fetches. */
        url: z.url().optional(),
        volume: z.number().int().min(0).max(100).optional(),
        repeat: z.number().int().min(1).max(10).optional(),
      })
      .refine((p) => p.text !== undefined || p.url !== undefined, 'text or url is required'),
    result: z.object({ playId: z.string(), durationMs: z.number().int().min(0) }),
    binary: false,
    types: ['broadcast'],
  },
} as const satisfies Record<string, RpcMethodDef>;
export type RpcMethod = keyof typeof RPC_METHODS;
export const RPC_METHOD_NAMES = Object.keys(RPC_METHODS) as RpcMethod[];
export type RpcParams<M extends RpcMethod> = z.input<(typeof RPC_METHODS)[M]['params']>;
export type RpcResultOf<M extends RpcMethod> = z.output<(typeof RPC_METHODS)[M]['result']>;

/** Whether a device type implements a method (the console greys out the others). */
export function supportsMethod(type: DeviceType, method: string): boolean {
  const def = (RPC_METHODS as Record<string, RpcMethodDef>)[method];
  return !!def && def.types.includes(type);
}

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

export const heartbeatMessage = z.object({
  type: z.literal('heartbeat'),
  /** Increments per heartbeat since the link opened. */
  seq: z.number().int().nonnegative().optional(),
  uptimeS: z.number().nonnegative().optional(),
});

export const versionsMessage = z.object({ type: z.literal('versions'), versions: versionsSchema });

export const telemetryMessage = z.object({
  type: z.literal('telemetry'),
  ts: tsSchema.optional(),
  /** Checked per type against TELEMETRY_FIELDS by the server. */
  data: z.record(text(), z.union([z.number(), z.boolean(), text()])),
});

export const eventMessage = z.object({
  type: z.literal('event'),
  /** Chosen by the device; a resent event keeps its id so the server can drop duplicates. */
  id: uuidSchema,
  ts: tsSchema.optional(),
  kind: text().regex(/^[A-Za-z][\w.]{0,31}$/),
  level: z.enum(EVENT_LEVELS),
  /** Checked per type and kind against EVENT_KINDS by the server. */
  data: storableRecord(),
  /** JPEG, base64, at most MAX_PICTURE_BYTES once decoded. */
  picture: text()
    .max(Math.ceil(MAX_PICTURE_BYTES / 3) * 4)
    .optional(),
});

const rpcError = z.object({ code: text().max(32), message: text().max(1000) });
/** Exactly one of `result` (success) and `error` (failure); `error` wins if both are sent. */
export const rpcResultMessage = z.object({
  type: z.literal('rpc.result'),
  id: uuidSchema,
  result: z.unknown().optional(),
  error: rpcError.optional(),
});

export const shellCloseMessage = z.object({
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
]);
export type DeviceMessage = z.infer<typeof deviceMessage>;
export type DeviceMessageInput = z.input<typeof deviceMessage>;

// ---------------------------------------------------------------------------------------------------
// JSON messages: server -> device

export const authOkMessage = z.object({
  type: z.literal('auth.ok'),
  /** Send a heartbeat this often (fractions allowed). */
  heartbeatSeconds: z.number().positive(),
  /** ISO 8601. */
  serverTime: z.string(),
  /** The device's address as the server sees it. */
  ip: z.string(),
});
export const authRefusedMessage = z.object({
  type: z.literal('auth.refused'),
  reason: z.enum(REFUSE_REASONS),
  message: z.string(),
  retryAfterSeconds: z.number().nonnegative(),
});
export const heartbeatAckMessage = z.object({ type: z.literal('heartbeat.ack'), serverTime: z.string() });
export const rpcMessage = z.object({
  type: z.literal('rpc'),
  id: uuidSchema,
  method: z.string(),
  params: z.unknown(),
  timeoutMs: z.number().int().positive(),
});
export const rpcCancelMessage = z.object({ type: z.literal('rpc.cancel'), id: uuidSchema });
export const shellResizeMessage = z.object({
  type: z.literal('shell.resize'),
  streamId: uuidSchema,
  cols: z.number().int().min(1).max(1000),
  rows: z.number().int().min(1).max(1000),
});
export const eventAckMessage = z.object({ type: z.literal('event.ack'), ids: z.array(uuidSchema) });
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

// ---------------------------------------------------------------------------------------------------
// Binary frames: [kind: 1 byte][id: 16 bytes, a UUID][payload]

export const FrameKind = {
  /** device -> server: a part of the binary result of RPC `id`; parts arrive before its `rpc.result`. */
  rpcData: 0x01,
  /** both directions: terminal bytes of shell stream `id`. */
  shellData: 0x02,
} as const;
export type FrameKindValue = (typeof FrameKind)[keyof typeof FrameKind];
export const FRAME_HEADER_BYTES = 17;

/** The 16 bytes of a UUID written as text (RFC 9562 order). */
export function uuidToBytes(uuid: string): Uint8Array {
  const hex = uuid.replace(/-/g, '');
  if (!/^[0-9a-fA-F]{32}$/.test(hex)) throw new Error(`not a UUID: ${uuid}`);
  const out = new Uint8Array(16);
  for (let i = 0; i < 16; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function bytesToUuid(bytes: Uint8Array): string {
  let hex = '';
  for (let i = 0; i < 16; i++) hex += bytes[i].toString(16).padStart(2, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function encodeFrame(kind: FrameKindValue, id: string, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(FRAME_HEADER_BYTES + payload.length);
  out[0] = kind;
  out.set(uuidToBytes(id), 1);
  out.set(payload, FRAME_HEADER_BYTES);
  return out;
}

export interface DecodedFrame {
  kind: number;
  id: string;
  payload: Uint8Array;
}

/** Split a binary frame; null when it is shorter than the header. */
export function decodeFrame(frame: Uint8Array): DecodedFrame | null {
  if (frame.length < FRAME_HEADER_BYTES) return null;
  return {
    kind: frame[0],
    id: bytesToUuid(frame.subarray(1, FRAME_HEADER_BYTES)),
    payload: frame.subarray(FRAME_HEADER_BYTES),
  };
}
