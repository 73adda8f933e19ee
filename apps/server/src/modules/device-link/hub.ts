import type { ServerResponse } from 'node:http';
import { inArray } from 'drizzle-orm';
import type { LiveKind, SseEventMap } from '@siteops/contracts/device-link';
import { Code } from '@siteops/contracts/envelope';
import type { Db } from '../../db/client.ts';
import { devices } from '../../db/schema/index.ts';
import { deviceLinkAllows, type Caller } from '../../auth/scope.ts';
import type { GatewayEvents } from '../../gateway/index.ts';

/** A browser that reads slower than this much backlog is dropped (it reconnects and refetches). */
const MAX_BACKLOG_BYTES = 4 * 1024 * 1024;
/** Which agent owns a device, cached this long (a device divided to another agent is seen within it). */
const OWNER_TTL_MS = 15_000;

export interface LiveClient {
  caller: Caller;
  kinds: Set<LiveKind>;
  deviceIds?: Set<number>;
  raw: ServerResponse;
  end(code: number, msg: string): void;
}

type Outgoing = { kind: LiveKind; deviceId: number; type: 'presence' | 'telemetry' | 'event'; data: unknown };

/**
 * Live events to browsers: every device event this instance's gateway emits (its own links at once,
 * other instances' over the bus) goes to each open stream whose caller may see the device
 * (scope.deviceLink, applied in memory through deviceLinkAllows) and whose filters match.
 */
export class LiveHub {
  readonly clients = new Set<LiveClient>();
  readonly #owners = new Map<number, { agentId: number | null; at: number }>();
  readonly #pending = new Map<number, Promise<void>>();
  constructor(
    private readonly db: Db,
    events: GatewayEvents,
  ) {
    events.on('online', (e) =>
      this.publish({
        kind: 'presence',
        type: 'presence',
        deviceId: e.deviceId,
        data: { deviceId: e.deviceId, onlineStatus: 'online', heartbeatDatetime: e.at, ip: e.ip, versions: e.versions },
      }),
    );
    events.on('offline', (e) =>
      this.publish({
        kind: 'presence',
        type: 'presence',
        deviceId: e.deviceId,
        data: { deviceId: e.deviceId, onlineStatus: 'offline', heartbeatDatetime: e.at, reason: e.reason },
      }),
    );
    events.on('telemetry', (e) =>
      this.publish({
        kind: 'telemetry',
        type: 'telemetry',
        deviceId: e.deviceId,
        data: { deviceId: e.deviceId, type: e.type, at: e.at, data: e.data },
      }),
    );
    events.on('event', (e) =>
      this.publish({
        kind: 'event',
        type: 'event',
        deviceId: e.deviceId,
        data: {
          deviceId: e.deviceId,
          type: e.type,
          id: e.id,
          kind: e.kind,
          level: e.level,
          at: e.at,
          data: e.data,
          hasPicture: e.hasPicture,
        },
      }),
    );
  }

  /** Offline changes found by the stale-presence job (no link emitted them). */
  staleOffline(deviceId: number, at: Date) {
    this.publish({
      kind: 'presence',
      type: 'presence',
      deviceId,
      data: { deviceId, onlineStatus: 'offline', heartbeatDatetime: at.toISOString(), reason: 'stale' },
    });
  }

  publish(out: Outgoing) {
    if (this.clients.size === 0) return;
    let needsOwner = false;
    let frame: string | undefined;
    for (const c of this.clients) {
      if (!this.#wants(c, out)) continue;
      if (c.caller.role !== 'admin') needsOwner = true;
      else writeFrame(c, (frame ??= sseFrame(out.type, out.data)));
    }
    if (!needsOwner) return;
    const owner = this.#owners.get(out.deviceId);
    if (owner) {
      this.#deliverScoped(out, owner.agentId);
      if (Date.now() - owner.at > OWNER_TTL_MS) void this.#lookup(out.deviceId);
      return;
    }
    void this.#lookup(out.deviceId).then(() => this.#deliverScoped(out, this.#owners.get(out.deviceId)?.agentId));
  }

  #wants(c: LiveClient, out: Outgoing) {
    return c.kinds.has(out.kind) && (!c.deviceIds || c.deviceIds.has(out.deviceId));
  }

  #deliverScoped(out: Outgoing, agentId: number | null | undefined) {
    if (agentId === undefined) return;
    let frame: string | undefined;
    for (const c of this.clients) {
      if (c.caller.role === 'admin' || !this.#wants(c, out)) continue;
      if (deviceLinkAllows(c.caller, { agentId })) writeFrame(c, (frame ??= sseFrame(out.type, out.data)));
    }
  }

  #lookup(deviceId: number): Promise<void> {
    let p = this.#pending.get(deviceId);
    if (p) return p;
    p = this.db
      .select({ id: devices.id, agentId: devices.agentId })
      .from(devices)
      .where(inArray(devices.id, [deviceId]))
      .then(([row]) => {
        if (row) this.#owners.set(deviceId, { agentId: row.agentId, at: Date.now() });
        else this.#owners.delete(deviceId);
      })
      .catch(() => {})
      .finally(() => this.#pending.delete(deviceId));
    this.#pending.set(deviceId, p);
    return p;
  }

  close() {
    for (const c of [...this.clients]) c.end(Code.ok, 'The server is shutting down');
  }
}

export const sseFrame = (type: keyof SseEventMap, data: unknown) => `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

/** One frame to one browser; a browser that has fallen too far behind is dropped (it reconnects). */
export function writeFrame(c: LiveClient, frame: string) {
  if (c.raw.writableEnded) return;
  if (c.raw.writableLength > MAX_BACKLOG_BYTES) {
    c.end(Code.tooManyRequests, 'Too slow to read the live stream');
    return;
  }
  c.raw.write(frame);
}
