import { z } from 'zod';
import { anyText as text } from '../shared/text.ts';
import { DEVICE_TYPES, uuidSchema, type DeviceType } from './link.ts';
import { upgradeParams, upgradeResult } from './upgrade.ts';

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

/** Face devices: the access terminals and the tower/elevator face readers. */
const FACE_TYPES = ['face', 'towerElevatorFace'] as const;
/** Photos up to this size travel inside `persons.add` (`photo.data`); larger ones only by `photo.url`. */
export const PHOTO_INLINE_MAX_BYTES = 32 * 1024;
const personId = text().min(1).max(64);
/** A person a face device lets through between `validFrom` and `validTo`, recognised by the photo. */
const gatePerson = z.object({
  /** Chosen by the server, stable per person: `V<id>` for a visitor. */
  personId,
  name: text().min(1).max(128),
  role: z.enum(['worker', 'visitor']),
  /** ISO 8601: the device lets the person through only inside this window. */
  validFrom: z.iso.datetime({ offset: true }),
  validTo: z.iso.datetime({ offset: true }),
  /** The face photo: fetched by the device over HTTP(S) from the server it is linked to (section 5.2). */
  photo: z.object({
    /** Path on that server, starting with `/`, signed and valid for five minutes. */
    url: text().startsWith('/').max(2048),
    /** Lower-case hex SHA-256 of the photo's bytes; a device refuses bytes that differ. */
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    size: z.number().int().min(1),
    /**
     * The photo's bytes in base64, sent along when the photo is at most PHOTO_INLINE_MAX_BYTES: the
     * device keeps them instead of downloading (publishing 10,000 persons to 100 terminals would
     * otherwise be a million downloads). A device that does not read it fetches `url` as before.
     */
    data: z
      .base64()
      .max(Math.ceil(PHOTO_INLINE_MAX_BYTES / 3) * 4)
      .optional(),
  }),
});
export type GatePerson = z.infer<typeof gatePerson>;
/** Persons per `persons.add` call, and ids per `persons.remove` / `persons.list` page. */
export const MAX_PERSONS_PER_ADD = 20;
export const MAX_PERSON_IDS = 500;

/** The device types with relay outputs (`relay.set`). */
export const RELAY_TYPES = ['gateway', 'towerCrane', 'elevator'] as const;
/** Relay outputs are numbered 1 to this. */
export const RELAY_OUTPUTS_MAX = 8;

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
        text: text().min(1).max(2000).optional(),
        /** ... or an audio file URL the speaker fetches. */
        url: z.url().optional(),
        volume: z.number().int().min(0).max(100).optional(),
        repeat: z.number().int().min(1).max(10).optional(),
        /** The TTS voice; a speaker without it answers `badParams`. */
        voice: z.enum(['female', 'male']).optional(),
        /** What the announcement is called (a campaign's name), for the speaker's play log. */
        title: text().max(64).optional(),
      })
      .refine((p) => p.text !== undefined || p.url !== undefined, 'text or url is required'),
    result: z.object({ playId: z.string(), durationMs: z.number().int().min(0) }),
    binary: false,
    types: ['broadcast'],
  },
  /**
   * Switch a relay output (section 5.5): a universal gateway's outputs drive fog cannons, spray or
   * sirens; a tower crane's or a construction elevator's black box cuts the machine's power with one.
   */
  'relay.set': {
    params: z.object({
      /** The output, 1-based. */
      output: z.number().int().min(1).max(RELAY_OUTPUTS_MAX),
      /** true: energised (contact closed); false: released. */
      on: z.boolean(),
    }),
    result: z.object({ output: z.number().int(), on: z.boolean(), changedAt: z.string() }),
    binary: false,
    types: RELAY_TYPES,
  },
  /** Add persons, or replace those with the same personId (name, window, photo); per person. */
  'persons.add': {
    params: z.object({ persons: z.array(gatePerson).min(1).max(MAX_PERSONS_PER_ADD) }),
    result: z.object({
      added: z.array(personId),
      failed: z.array(z.object({ personId, code: text().max(32), message: text().max(1000) })),
    }),
    binary: false,
    types: FACE_TYPES,
  },
  /** Remove persons; an id the device does not hold is not an error (the call is idempotent). */
  'persons.remove': {
    params: z.object({ personIds: z.array(personId).min(1).max(MAX_PERSON_IDS) }),
    result: z.object({ removed: z.array(personId) }),
    binary: false,
    types: FACE_TYPES,
  },
  /** Who the device holds, by personId, a page at a time. */
  'persons.list': {
    params: z.object({
      offset: z.number().int().min(0).optional(),
      limit: z.number().int().min(1).max(MAX_PERSON_IDS).optional(),
    }),
    result: z.object({
      total: z.number().int().min(0),
      persons: z.array(gatePerson.omit({ photo: true }).extend({ photoSha256: z.string().regex(/^[0-9a-f]{64}$/) })),
    }),
    binary: false,
    types: FACE_TYPES,
  },
  /** Take a firmware upgrade job (section 5.3): answered at once, progress follows in `upgrade.progress`. */
  upgrade: {
    params: upgradeParams,
    result: upgradeResult,
    binary: false,
    types: ALL_TYPES,
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

/** How a device links (the device record's `transport`): protocol 1 over WebSocket, MQTT (12), HJ 212 over TCP (13). */
export const DEVICE_TRANSPORTS = ['ws', 'mqtt', 'hj212'] as const;
export type DeviceTransport = (typeof DEVICE_TRANSPORTS)[number];

/**
 * The RPC methods a transport can carry, where it cannot carry them all: an HJ 212 monitor has its clock
 * and intervals as configuration (13.4), and nothing else of section 5.
 */
export const TRANSPORT_METHODS: Partial<Record<DeviceTransport, readonly RpcMethod[]>> = {
  hj212: ['config.get', 'config.set'],
};

/** Whether a device linked over `transport` (null: not linked yet) can be sent `method`. */
export function transportCarries(transport: string | null | undefined, method: string): boolean {
  const only = transport ? TRANSPORT_METHODS[transport as DeviceTransport] : undefined;
  return !only || (only as readonly string[]).includes(method);
}
