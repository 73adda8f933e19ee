import {
  FrameKind,
  MAX_BACKLOG_MS,
  MAX_CLOCK_SKEW_MS,
  MAX_PICTURE_BYTES,
  decodeFrame,
  deviceMessage,
  eventKindOf,
  telemetryDataSchemas,
  type DeviceMessage,
  type TelemetryData,
} from '@siteops/contracts/device-protocol';
import type { WriteBatches } from './batches.ts';
import { describeIssue, iso, type GatewayContext } from './context.ts';
import type { LiveRelay } from './live.ts';
import type { Link } from './registry.ts';
import type { CommandRouter } from './rpc.ts';
import type { ShellRouter } from './streams.ts';
import type { DeviceEventRecord } from './types.ts';

type EventMessage = Extract<DeviceMessage, { type: 'event' }>;

/**
 * The device's time, when believable: at most 10 minutes ahead (clock drift) and 24 hours back (a
 * backlog sent after a reconnect); else the receive time.
 */
function deviceTime(ts: number | undefined, now: number) {
  return ts !== undefined && ts - now <= MAX_CLOCK_SKEW_MS && now - ts <= MAX_BACKLOG_MS ? ts : now;
}

/**
 * What a linked device says, turned into presence, readings, events, RPC answers and terminal output.
 * A message it cannot use is dropped and answered with an `error`, but the link stays up: a newer
 * firmware loses only the messages this server does not know (protocol 1.5).
 */
export class DeviceMessages {
  constructor(
    private readonly ctx: GatewayContext,
    private readonly parts: { batches: WriteBatches; live: LiveRelay; rpc: CommandRouter; shells: ShellRouter },
  ) {}

  /**
   * A JSON object from a linked device. `oversized`: its frame was over the 1 MiB text limit; only an
   * event is still taken (without its picture), so that the device gets its ack and stops resending it.
   */
  onJson(link: Link, json: object, oversized = false) {
    const type = (json as { type?: unknown }).type;
    if (oversized && type !== 'event') {
      this.ctx.counters.invalid++;
      return link.sendJson({ type: 'error', code: 'tooLarge', message: 'Text frames are limited to 1 MiB' });
    }
    const parsed = deviceMessage.safeParse(json);
    if (!parsed.success) {
      const message = describeIssue(parsed.error, '', 'message');
      if (type === 'event') return this.#rejectEvent(link, (json as { id?: unknown }).id, message);
      return this.#invalid(link, message, typeof type === 'string' ? type : undefined);
    }
    this.#dispatch(link, parsed.data);
  }

  /**
   * An event the server cannot use is answered with an `error` and still acknowledged: resending it
   * would never help, and a device would keep it for ever (protocol 4). An id that is no string cannot
   * be echoed; nothing a device can resend has one.
   */
  #rejectEvent(link: Link, id: unknown, message: string, code: 'invalid' | 'tooLarge' = 'invalid') {
    const ackable = typeof id === 'string' && id.length > 0 && id.length <= 64;
    this.ctx.counters.invalid++;
    link.sendJson({ type: 'error', code, message, ref: ackable ? `event ${id}` : 'event' });
    if (ackable) link.sendJson({ type: 'event.ack', ids: [id] });
  }

  /** A binary frame from a linked device: a chunk of an RPC result, or terminal output. */
  onFrame(link: Link, data: Buffer) {
    const frame = decodeFrame(data);
    if (!frame) return;
    const payload = Buffer.from(frame.payload.buffer, frame.payload.byteOffset, frame.payload.byteLength);
    if (frame.kind === FrameKind.rpcData) this.parts.rpc.onData(link, frame.id, payload);
    else if (frame.kind === FrameKind.shellData) this.parts.shells.onData(link, frame.id, payload);
  }

  #dispatch(link: Link, msg: DeviceMessage) {
    const now = this.ctx.now();
    const { batches, rpc, shells } = this.parts;
    switch (msg.type) {
      case 'heartbeat':
        this.ctx.counters.heartbeats++;
        link.heartbeatAt = now;
        batches.markPresence(link, true, now);
        link.sendJson({ type: 'heartbeat.ack', serverTime: iso(now) });
        return;
      case 'versions':
        link.versions = msg.versions;
        batches.markPresence(link, true, now);
        return;
      case 'telemetry':
        return this.#telemetry(link, msg.data, deviceTime(msg.ts, now), msg.flags);
      case 'event':
        return this.#event(link, msg, now);
      case 'rpc.result':
        return rpc.onResult(link, msg);
      case 'shell.close':
        return shells.onDeviceClose(link, msg.streamId, msg.reason ?? 'exit');
      case 'upgrade.progress':
        this.ctx.reports.emit('upgradeProgress', { deviceId: link.deviceId, at: new Date(now), message: msg });
        return;
      case 'auth':
        link.sendJson({ type: 'error', code: 'invalid', message: 'Already authenticated', ref: 'auth' });
        return;
    }
  }

  #invalid(link: Link, message: string, ref: string | undefined) {
    this.ctx.counters.invalid++;
    link.sendJson({ type: 'error', code: 'invalid', message, ref });
  }

  #telemetry(link: Link, raw: TelemetryData, at: number, rawFlags: Record<string, string> | undefined) {
    const parsed = telemetryDataSchemas[link.type].safeParse(raw);
    if (!parsed.success) return this.#invalid(link, describeIssue(parsed.error, 'data.'), 'telemetry');
    const data = parsed.data;
    if (Object.keys(data).length === 0) return;
    // Only the flags of fields kept, and only the ones that say something (N is the default).
    let flags: Record<string, string> | undefined;
    for (const [field, flag] of Object.entries(rawFlags ?? {})) {
      if (flag !== 'N' && Object.hasOwn(data, field)) (flags ??= {})[field] = flag;
    }
    this.ctx.counters.telemetry++;
    this.parts.batches.addReading(link, new Date(at), data, flags);
    this.parts.live.emit({
      kind: 'telemetry',
      data: { deviceId: link.deviceId, type: link.type, at: iso(at), data, ...(flags && { flags }) },
    });
  }

  #event(link: Link, msg: EventMessage, now: number) {
    const def = eventKindOf(link.type, msg.kind);
    if (!def) return this.#rejectEvent(link, msg.id, `kind: ${link.type} devices have no event ${msg.kind}`);
    const data = def.data.safeParse(msg.data);
    if (!data.success) return this.#rejectEvent(link, msg.id, describeIssue(data.error, 'data.'));
    let picture: Buffer | undefined = msg.picture ? Buffer.from(msg.picture, 'base64') : undefined;
    if (picture && picture.length > MAX_PICTURE_BYTES) {
      // The event itself (an access pass, an alarm) is worth keeping; the device is told, not asked again.
      picture = undefined;
      this.ctx.counters.invalid++;
      link.sendJson({
        type: 'error',
        code: 'tooLarge',
        message: 'picture: larger than 512 KiB; the event is stored without it',
        ref: `event ${msg.id}`,
      });
    }
    const { batches, live } = this.parts;
    // A resend of an event still waiting for its write: acknowledged on this link too once it is stored.
    if (batches.joinEvent(msg.id, link)) return;
    this.ctx.counters.events++;
    const at = deviceTime(msg.ts, now);
    const record: DeviceEventRecord = {
      id: msg.id,
      deviceId: link.deviceId,
      type: link.type,
      kind: msg.kind,
      level: msg.level,
      at: new Date(at),
      receivedAt: new Date(now),
      data: data.data,
      picture,
    };
    batches.addEvent(record, link);
    live.emit({
      kind: 'event',
      data: {
        deviceId: link.deviceId,
        type: link.type,
        id: msg.id,
        kind: msg.kind,
        level: msg.level,
        at: iso(at),
        data: data.data,
        hasPicture: !!picture,
      },
    });
  }
}
