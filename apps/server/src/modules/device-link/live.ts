import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { inArray } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEVICE_LINK_PATHS, eventsQuery, type LiveKind, type SseEventMap } from '@siteops/contracts/device-link';
import { Code } from '@siteops/contracts/envelope';
import type { Db } from '../../db/client.ts';
import { devices, type UserRow } from '../../db/schema/index.ts';
import { callerOf, deviceLinkAllows, type Caller } from '../../auth/scope.ts';
import { ApiError, tokenInvalid } from '../../http/errors.ts';
import type { GatewayEvents } from '../../gateway/index.ts';
import type { DeviceLinkContext } from './context.ts';
import { sessionOfTicket } from './tickets.ts';

const PING_MS = 15_000;
const RECHECK_MS = 30_000;
/** A browser that reads slower than this much backlog is dropped (it reconnects and refetches). */
const MAX_BACKLOG_BYTES = 4 * 1024 * 1024;
/** Which agent owns a device, cached this long (a device divided to another agent is seen within it). */
const OWNER_TTL_MS = 15_000;

interface LiveClient {
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

const sseFrame = (type: keyof SseEventMap, data: unknown) => `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

/** One frame to one browser; a browser that has fallen too far behind is dropped (it reconnects). */
function writeFrame(c: LiveClient, frame: string) {
  if (c.raw.writableEnded) return;
  if (c.raw.writableLength > MAX_BACKLOG_BYTES) {
    c.end(Code.tooManyRequests, 'Too slow to read the live stream');
    return;
  }
  c.raw.write(frame);
}

/** GET /api/device/events?ticket=: the Server-Sent Events stream (contracts/device-link.ts). */
export function registerLiveEvents(app: FastifyInstance, ctx: DeviceLinkContext) {
  const { db, config, tickets, hub } = ctx;
  app.withTypeProvider<ZodTypeProvider>().get(
    DEVICE_LINK_PATHS.events,
    {
      config: { public: true },
      schema: {
        tags: ['device'],
        summary: 'Live device events (Server-Sent Events), authorised by an events ticket',
        querystring: eventsQuery,
      },
    },
    async (request, reply) => {
      const ticket = tickets.verify(request.query.ticket, 'events');
      if (!ticket) throw tokenInvalid();
      let user: UserRow = await sessionOfTicket(db, config.session, ticket.sessionId);
      const raw = reply.raw;
      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      const timers: NodeJS.Timeout[] = [];
      const client: LiveClient = {
        caller: callerOf(user),
        kinds: new Set(request.query.kinds ?? ['presence', 'telemetry', 'event']),
        deviceIds: request.query.deviceIds ? new Set(request.query.deviceIds) : undefined,
        raw,
        end(code, msg) {
          if (!hub.clients.delete(client)) return;
          timers.forEach(clearInterval);
          if (!raw.writableEnded) {
            raw.write(`event: end\ndata: ${JSON.stringify({ code, msg })}\n\n`);
            raw.end();
          }
        },
      };
      hub.clients.add(client);
      raw.on('close', () => {
        hub.clients.delete(client);
        timers.forEach(clearInterval);
      });
      raw.write(`retry: 3000\n`);
      writeFrame(
        client,
        sseFrame('ready', { serverTime: new Date().toISOString(), heartbeatSeconds: ctx.heartbeatSeconds() }),
      );
      timers.push(
        setInterval(() => {
          if (!raw.writableEnded) raw.write(': ping\n\n');
        }, PING_MS),
        setInterval(() => {
          sessionOfTicket(db, config.session, ticket.sessionId).then(
            (u) => {
              user = u;
              client.caller = callerOf(u);
            },
            (err) => {
              if (err instanceof ApiError) client.end(err.code, err.message);
            },
          );
        }, RECHECK_MS),
      );
      for (const t of timers) t.unref();
    },
  );
}
