import { z } from 'zod';
import { rowId } from '../shared/pagination.ts';
import { wholeBetween } from '../shared/number-fields.ts';

/**
 * AI-box video stream settings (spec 2 "group form", spec 4 "live method", spec 9 ranges): the
 * configuration keys an AI box answers to `config.get` / `config.set` (docs/device-protocol.md 5.1),
 * and the console's bulk read and push over them.
 */
export const LIVE_METHODS = ['normal', 'flowControl', 'video', 'web'] as const;

export const RESOLUTIONS = ['640x360', '1280x720', '1920x1080', '2560x1440'] as const;

/** Video frame rate, frames per second (spec 9). */
export const FRAME_RATE = { min: 1, max: 30 } as const;
/** Encoding bit rate, kbit/s (spec 9). */
export const BIT_RATE = { min: 150, max: 1800 } as const;

const oneOf = (field: string, values: readonly string[]) => `${field} must be one of ${values.join(', ')}`;
const onOff = (field: string) => z.boolean({ error: `${field} must be true or false` });

/** Every stream setting an AI box has; a device's `config` holds them under these keys. */
export const aiStreamSettings = z.object({
  liveMethod: z.enum(LIVE_METHODS, { error: oneOf('liveMethod', LIVE_METHODS) }),
  resolution: z.enum(RESOLUTIONS, { error: oneOf('resolution', RESOLUTIONS) }),
  frameRate: wholeBetween('frameRate', FRAME_RATE),
  bitRate: wholeBetween('bitRate', BIT_RATE),
  /** Alarm on people without a helmet. */
  detectHelmet: onOff('detectHelmet'),
  /** Alarm on people without a reflective vest. */
  detectVest: onOff('detectVest'),
  /** Alarm on people entering the configured intrusion zones. */
  detectIntrusion: onOff('detectIntrusion'),
});
export type AiStreamSettings = z.infer<typeof aiStreamSettings>;
export type AiStreamKey = keyof AiStreamSettings;
export const AI_STREAM_KEYS = Object.keys(aiStreamSettings.shape) as AiStreamKey[];

/** What a push changes: only the settings sent, at least one. */
const aiStreamPatch = aiStreamSettings
  .partial()
  .refine((p) => Object.values(p).some((v) => v !== undefined), 'settings cannot be empty');
export type AiStreamPatch = z.infer<typeof aiStreamPatch>;

/** Settings as a device reported them: only the keys it has (an old firmware may lack some). */
const aiStreamReported = aiStreamSettings.partial();

const ids = z.array(rowId()).min(1, 'ids cannot be empty').max(200);

/** `POST /api/aiStream/read`. */
export const aiStreamReadBody = z.object({ ids });
/** `POST /api/aiStream/apply`. */
export const aiStreamApplyBody = z.object({ ids, settings: aiStreamPatch });

/** `read`: the device answered; `offline`: no link (or no answer in time); `failed`: it answered an error. */
const AI_STREAM_READ_OUTCOMES = ['read', 'offline', 'failed'] as const;
/** `applied`: the device took it; `refused`: it answered an error (reason says why); `offline`: no link or no answer. */
const AI_STREAM_APPLY_OUTCOMES = ['applied', 'refused', 'offline'] as const;

const deviceOf = { id: z.number(), sn: z.string(), devName: z.string().nullable() };

const aiStreamReadItem = z.object({
  ...deviceOf,
  outcome: z.enum(AI_STREAM_READ_OUTCOMES),
  /** The device's own words, or the server's for offline / timeout. */
  reason: z.string().nullable(),
  settings: aiStreamReported.nullable(),
});
export type AiStreamReadItem = z.infer<typeof aiStreamReadItem>;

const aiStreamApplyItem = z.object({
  ...deviceOf,
  outcome: z.enum(AI_STREAM_APPLY_OUTCOMES),
  reason: z.string().nullable(),
  /** Keys whose value the device changed (empty: it already had them). */
  changed: z.array(z.string()),
  /** The device's settings after the push (applied only). */
  settings: aiStreamReported.nullable(),
});
export type AiStreamApplyItem = z.infer<typeof aiStreamApplyItem>;

export const aiStreamReadAnswer = z.object({ list: z.array(aiStreamReadItem) });
export const aiStreamApplyAnswer = z.object({ list: z.array(aiStreamApplyItem) });

/** The AI-box settings found in a device's whole `config`, values of the wrong shape left out. */
export function aiStreamOf(config: Record<string, unknown>): z.infer<typeof aiStreamReported> {
  const out: Record<string, unknown> = {};
  for (const key of AI_STREAM_KEYS) {
    if (aiStreamSettings.shape[key].safeParse(config[key]).success) out[key] = config[key];
  }
  return out as z.infer<typeof aiStreamReported>;
}
