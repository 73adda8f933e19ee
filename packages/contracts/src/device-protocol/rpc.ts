import { z } from 'zod';
import { text } from '../text.ts';
import { DEVICE_TYPES, uuidSchema, type DeviceType } from './link.ts';

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
