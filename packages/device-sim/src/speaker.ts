import { SimRefusal } from './aiBox.ts';

/** One announcement a simulated cloud speaker played (docs/device-protocol.md 5.4). */
export interface PlayRecord {
  playId: string;
  /** When the speaker started it (ISO 8601). */
  at: string;
  title?: string;
  text?: string;
  url?: string;
  voice: 'female' | 'male';
  volume: number;
  repeat: number;
  durationMs: number;
}

/** The speaker's play log keeps this many, the newest last. */
export const PLAY_LOG_MAX = 100;
/** The configuration key that turns playback off; a speaker with it off refuses to play. */
export const PLAYBACK_KEY = 'playbackEnabled';

/**
 * Check a `broadcast.play` on a speaker: refused (`failed`, with the speaker's reason) when playback is
 * turned off in its configuration, as a speaker switched to local mode on site would.
 */
export function checkPlay(config: Record<string, unknown>) {
  if (config[PLAYBACK_KEY] === false) throw new SimRefusal('failed', 'playback is turned off on this speaker');
}

/** What a speaker says on a console: one line per announcement. */
export const playLine = (sn: string, p: PlayRecord) =>
  `${p.at} ${sn} played${p.title ? ` "${p.title}"` : ''} (${p.voice}, volume ${p.volume}${p.repeat > 1 ? `, x${p.repeat}` : ''}): ${(p.text ?? p.url ?? '').slice(0, 120)}`;
