import { randomUUID } from 'node:crypto';
import type { RpcLink, RpcOutcome } from './rpc.ts';
import { PLAY_LOG_MAX, checkPlay, type PlayRecord } from './speaker.ts';

/**
 * `broadcast.play` on a speaker: logs the announcement, emits `played`, and reports it as a
 * `playback` event and as telemetry while it lasts (a rough duration from the text's length).
 */
export async function onBroadcastPlay(p: Record<string, unknown>, link: RpcLink): Promise<RpcOutcome> {
  const { device, config } = link;
  const now = Date.now();
  checkPlay(config);
  const playId = randomUUID();
  const text = p.text as string | undefined;
  const repeat = Number(p.repeat ?? 1);
  if (p.volume !== undefined) device.setConfig({ volume: p.volume });
  const durationMs = (text ? Math.max(1500, text.length * 250) : 8000) * repeat;
  const record: PlayRecord = {
    playId,
    at: new Date(now).toISOString(),
    ...(p.title !== undefined && { title: String(p.title) }),
    ...(text !== undefined && { text }),
    ...(p.url !== undefined && { url: String(p.url) }),
    voice: (p.voice as PlayRecord['voice'] | undefined) ?? 'female',
    volume: device.model.controls.volume,
    repeat,
    durationMs,
  };
  device.played.push(record);
  if (device.played.length > PLAY_LOG_MAX) device.played.shift();
  device.emit('played', record);
  device.model.controls.playing = { playId, text: text ?? String(p.url), until: now + durationMs };
  link.queueEvent({ kind: 'playback', level: 'info', data: { playId, state: 'started', text } });
  device.sendTelemetry({
    state: 'playing',
    track: (text ?? String(p.url)).slice(0, 60),
    volume: device.model.controls.volume,
  });
  return { result: { playId, durationMs } };
}
