import { aiStreamSettings, type AiStreamSettings } from '@siteops/contracts/ai-stream/schemas';

/**
 * The simulated AI box's stream settings (docs/device-protocol.md 5.1): what it starts with and what
 * it refuses. Its camera is a 25 fps sensor at 1920x1080 and above, so a push of 30 fps at that size
 * is refused with the device's reason, as a real box would: the one refusal the console can provoke
 * with values the server itself accepts.
 */
export const AI_BOX_DEFAULTS: AiStreamSettings = {
  liveMethod: 'normal',
  resolution: '1920x1080',
  frameRate: 25,
  bitRate: 1024,
  detectHelmet: true,
  detectVest: true,
  detectIntrusion: false,
};

const HIGH_RESOLUTIONS = new Set(['1920x1080', '2560x1440']);
const HIGH_RESOLUTION_MAX_FPS = 25;

/** A refusal the device answers with an RPC error code of the protocol (section 5). */
export class SimRefusal extends Error {
  constructor(
    readonly code: 'badParams' | 'busy' | 'failed',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Check a `config.set` patch against the AI box's current config; throws {@link SimRefusal} with the
 * first problem (nothing is applied then), else returns nothing. Keys that are not stream settings
 * are left to the generic config.
 */
export function checkAiBoxConfig(current: Record<string, unknown>, patch: Record<string, unknown>) {
  const next = { ...current, ...patch };
  for (const key of Object.keys(patch)) {
    const field = (aiStreamSettings.shape as Record<string, (typeof aiStreamSettings.shape)[keyof AiStreamSettings]>)[
      key
    ];
    if (!field) continue;
    const parsed = field.safeParse(patch[key]);
    if (!parsed.success) throw new SimRefusal('badParams', parsed.error.issues[0]?.message ?? `bad ${key}`);
  }
  if (HIGH_RESOLUTIONS.has(String(next.resolution)) && Number(next.frameRate) > HIGH_RESOLUTION_MAX_FPS) {
    throw new SimRefusal(
      'badParams',
      `camera supports at most ${HIGH_RESOLUTION_MAX_FPS} fps at ${String(next.resolution)}`,
    );
  }
}
