import { z } from 'zod';
import { anyText as text } from '../shared/text.ts';
import type { DeviceType } from './link.ts';

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

interface EventKindDef {
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

/** A face terminal's events, at a gate or in a tower elevator's cab alike. */
const FACE_EVENTS: readonly EventKindDef[] = [
  { kind: 'pass', level: 'info', picture: true, data: passData },
  { kind: 'stranger', level: 'warning', picture: true, data: strangerData },
  { kind: 'doorForced', level: 'alarm', picture: false, data: doorForcedData },
];

const alarmFlagsData = (extra: z.ZodRawShape) =>
  z.object({ flags: z.number().int().min(0), codes: z.array(text().max(32)).max(32), ...extra });

export const EVENT_KINDS: Record<DeviceType, readonly EventKindDef[]> = {
  face: FACE_EVENTS,
  towerElevatorFace: FACE_EVENTS,
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
