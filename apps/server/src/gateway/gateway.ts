import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import {
  AUTH_TIMEOUT_MS,
  CloseCode,
  DEFAULT_RPC_TIMEOUT_MS,
  FrameKind,
  MAX_CLOCK_SKEW_MS,
  MAX_PICTURE_BYTES,
  MAX_RPC_BINARY_BYTES,
  MAX_RPC_TIMEOUT_MS,
  RETRY_AFTER_REFUSAL_S,
  RPC_ERROR_CODES,
  RPC_METHODS,
  authMessage,
  decodeFrame,
  deviceMessage,
  eventKindOf,
  telemetryDataSchemas,
  type DeviceMessage,
  type RefuseReason,
  type RpcErrorCode,
  type RpcMethod,
  type RpcMethodDef,
  type RpcParams,
  type RpcResultOf,
  type TelemetryData,
} from '@siteops/contracts/device-protocol';
import type { Bus } from '../bus/bus.ts';
import { Link, LinkRegistry, RouteTable, type StreamRoute } from './registry.ts';
import { ShellStream, type ShellTransport } from './shell.ts';
import {
  RpcError,
  type AuthResult,
  type Clock,
  type DeviceEventRecord,
  type DeviceId,
  type GatewayDeps,
  type GatewayEventMap,
  type LatestReading,
  type LiveEvent,
  type OfflineEvent,
  type PresenceRecord,
  type RpcReply,
  type TelemetryPoint,
  type TunnelRequest,
  type TunnelResponse,
} from './types.ts';

/** Live events; a later SSE endpoint subscribes here. Emits every device's events, on every instance. */
export class GatewayEvents extends EventEmitter<GatewayEventMap> {
  constructor() {
    super();
    this.setMaxListeners(0);
  }
}

/** Commands to devices, wherever their link is. What the console's routes depend on. */
export interface DeviceRpc {
  /**
   * Call a method on a device and wait for its answer. Rejects with an `RpcError`: `offline` at once
   * when no instance holds a link to the device, `timeout` after `timeoutMs` (plus 500 ms when routed
   * through another instance), `unsupported`/`badParams` at once, or what the device answered.
   */
  call<M extends RpcMethod>(
    deviceId: DeviceId,
    method: M,
    params: RpcParams<M>,
    timeoutMs?: number,
  ): Promise<RpcReply<RpcResultOf<M>>>;
  /** Open a terminal on the device. */
  openShell(deviceId: DeviceId, size?: { cols?: number; rows?: number; term?: string }): Promise<ShellStream>;
  /** One HTTP request to the device's local web page, through the link. */
  tunnelRequest(deviceId: DeviceId, request: TunnelRequest, timeoutMs?: number): Promise<TunnelResponse>;
}

const ROUTES = 'gw:routes';
const EVENTS = 'gw:events';
const direct = (instanceId: string) => `gw:inst:${instanceId}`;
const MAX_TEXT_BYTES = 1024 * 1024;
const MAX_TUNNEL_BODY_BYTES = 1024 * 1024;
const MAX_BUFFERED_POINTS = 200_000;
const MAX_BUFFERED_EVENTS = 50_000;
const MAX_CONCURRENT_AUTH = 64;

type RouteMessage =
  | { op: 'up' | 'down'; from: string; deviceId: DeviceId; linkedAt: number; ttlMs: number }
  | { op: 'held'; from: string; devices: DeviceId[]; ttlMs: number }
  | { op: 'sync' | 'bye'; from: string };

type DirectMessage =
  | {
      op: 'rpc';
      reqId: string;
      from: string;
      deviceId: DeviceId;
      method: string;
      params: unknown;
      timeoutMs: number;
    }
  | { op: 'rpc.reply'; reqId: string; result?: unknown; data?: string; error?: { code: string; message: string } }
  | { op: 'shell.in'; from: string; deviceId: DeviceId; streamId: string; data: string }
  | { op: 'shell.resize'; from: string; deviceId: DeviceId; streamId: string; cols: number; rows: number }
  | { op: 'shell.end'; from: string; deviceId: DeviceId; streamId: string; reason: string }
  | { op: 'shell.out'; streamId: string; data: string }
  | { op: 'shell.closed'; streamId: string; reason: string }
  | { op: 'disconnect'; deviceId: DeviceId };

interface RemotePending {
  resolve: (reply: RpcReply) => void;
  reject: (err: RpcError) => void;
  timer: NodeJS.Timeout;
}

interface QueuedEvent {
  record: DeviceEventRecord;
  link: Link;
}

const iso = (ms: number) => new Date(ms).toISOString();
const plainIp = (ip: string) => (ip.startsWith('::ffff:') ? ip.slice(7) : ip);
const asRpcError = (err: unknown): RpcError =>
  err instanceof RpcError ? err : new RpcError('failed', err instanceof Error ? err.message : String(err));
const errorCode = (code: string): RpcErrorCode =>
  (RPC_ERROR_CODES as readonly string[]).includes(code) ? (code as RpcErrorCode) : 'failed';

/**
 * The device link of one server instance: accepts device WebSockets, authenticates them, keeps
 * presence, stores readings and events through the sinks, runs RPCs and terminal streams, and talks to
 * the other instances over the bus. Built by `registerGateway`; see docs/device-protocol.md.
 */
export class Gateway implements DeviceRpc {
  readonly instanceId: string;
  readonly events = new GatewayEvents();
  readonly registry = new LinkRegistry();
  readonly #routes: RouteTable;
  readonly #deps: GatewayDeps;
  readonly #bus: Bus;
  readonly #clock: Clock;
  readonly #log: FastifyBaseLogger;
  readonly #opt: Required<Omit<NonNullable<GatewayDeps['options']>, 'instanceId'>>;

  readonly #remotePending = new Map<string, RemotePending>();
  readonly #remoteStreams = new Map<string, ShellStream>();
  #presence = new Map<DeviceId, PresenceRecord>();
  #points: TelemetryPoint[] = [];
  #latest = new Map<DeviceId, LatestReading>();
  #events: QueuedEvent[] = [];
  #eventIds = new Set<string>();
  #live: LiveEvent[] = [];
  #presenceFlush: Promise<void> = Promise.resolve();
  #telemetryFlush: Promise<void> = Promise.resolve();
  #presenceBusy = false;
  #telemetryBusy = false;
  #timers: NodeJS.Timeout[] = [];
  #unsubscribe: (() => Promise<void>)[] = [];
  #authActive = 0;
  #authQueue: (() => void)[] = [];
  #closed = false;
  #lastSweep = 0;

  readonly counters = {
    accepted: 0,
    linked: 0,
    refused: {} as Partial<Record<RefuseReason, number>>,
    messagesIn: 0,
    heartbeats: 0,
    telemetry: 0,
    events: 0,
    invalid: 0,
    rpcCalls: 0,
    rpcErrors: {} as Partial<Record<RpcErrorCode, number>>,
    droppedPoints: 0,
    droppedEvents: 0,
  };

  constructor(deps: GatewayDeps, log: FastifyBaseLogger) {
    this.#deps = deps;
    this.#bus = deps.bus;
    this.#clock = deps.clock ?? { now: () => Date.now() };
    this.#log = log;
    const o = deps.options ?? {};
    this.instanceId = o.instanceId ?? randomUUID();
    this.#opt = {
      path: o.path ?? '/gateway',
      authTimeoutMs: o.authTimeoutMs ?? AUTH_TIMEOUT_MS,
      refuseDelayMs: o.refuseDelayMs ?? 300,
      presenceFlushMs: o.presenceFlushMs ?? 2_000,
      telemetryFlushMs: o.telemetryFlushMs ?? 1_000,
      liveBatchMs: o.liveBatchMs ?? 100,
      routeAnnounceMs: o.routeAnnounceMs ?? 10_000,
      remoteSlackMs: o.remoteSlackMs ?? 500,
      maxPendingRpcsPerLink: o.maxPendingRpcsPerLink ?? 64,
    };
    this.#routes = new RouteTable(() => this.#clock.now());
  }

  get path() {
    return this.#opt.path;
  }

  // -------------------------------------------------------------------------------------------------
  // Life cycle

  /** Subscribe to the bus and start the timers. */
  async start() {
    this.#unsubscribe.push(await this.#bus.subscribe(ROUTES, (m) => this.#onRoutes(m as RouteMessage)));
    this.#unsubscribe.push(await this.#bus.subscribe(EVENTS, (m) => this.#onLive(m as LiveBatch)));
    this.#unsubscribe.push(
      await this.#bus.subscribe(direct(this.instanceId), (m) => this.#onDirect(m as DirectMessage)),
    );
    const sweepMs = Math.max(10, Math.min(1_000, (this.#deps.heartbeatSeconds() * 1000) / 4));
    this.#lastSweep = Date.now();
    this.#every(sweepMs, () => this.#sweep(sweepMs));
    this.#every(this.#opt.presenceFlushMs, () => void this.#flushPresence());
    this.#every(this.#opt.telemetryFlushMs, () => void this.#flushTelemetry());
    this.#every(this.#opt.liveBatchMs, () => this.#flushLive());
    this.#every(this.#opt.routeAnnounceMs, () => this.#announce());
    this.#publish(ROUTES, { op: 'sync', from: this.instanceId });
    this.#announce();
  }

  /** Close every link (1001), answer what is pending, write what is buffered, leave the bus. */
  async close() {
    if (this.#closed) return;
    this.#closed = true;
    for (const t of this.#timers) clearInterval(t);
    for (const link of this.registry.allSockets()) {
      this.#linkDown(link, 'shutdown');
      link.close(CloseCode.goingAway, 'shutdown');
    }
    for (const [reqId, p] of this.#remotePending) {
      clearTimeout(p.timer);
      p.reject(new RpcError('linkClosed', 'The server is shutting down'));
      this.#remotePending.delete(reqId);
    }
    for (const stream of this.#remoteStreams.values()) stream.ended('shutdown');
    this.#remoteStreams.clear();
    this.#flushLive();
    await this.#publishNow(ROUTES, { op: 'bye', from: this.instanceId });
    await Promise.allSettled(this.#unsubscribe.map((u) => u()));
    await this.#presenceFlush;
    await this.#flushPresence();
    await this.#telemetryFlush;
    await this.#flushTelemetry();
  }

  #every(ms: number, fn: () => void) {
    const t = setInterval(fn, ms);
    t.unref();
    this.#timers.push(t);
  }

  // -------------------------------------------------------------------------------------------------
  // Accepting links

  /** A new device WebSocket (called by the route handler, synchronously on upgrade). */
  accept(socket: WebSocket, ip: string) {
    const link = new Link(socket, plainIp(ip));
    this.counters.accepted++;
    if (this.#closed) {
      link.close(CloseCode.goingAway, 'shutdown');
      return;
    }
    this.registry.add(link);
    link.authTimer = setTimeout(() => {
      if (link.state === 'auth' || link.state === 'authing') link.close(CloseCode.authTimeout, 'authTimeout');
    }, this.#opt.authTimeoutMs);
    socket.on('message', (data, isBinary) => this.#onMessage(link, data, isBinary));
    socket.on('error', (err) => this.#log.debug({ err, sn: link.sn }, 'device socket error'));
    socket.on('close', () => {
      clearTimeout(link.authTimer);
      this.#linkDown(link, 'closed');
      this.registry.forget(link);
    });
  }

  #onMessage(link: Link, raw: RawData, isBinary: boolean) {
    if (link.state === 'down') return;
    const data = Array.isArray(raw) ? Buffer.concat(raw) : Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
    this.counters.messagesIn++;
    link.lastSeen = this.#clock.now();
    if (isBinary) {
      if (link.state !== 'up') return this.#protocolError(link, 'binary frame before auth.ok');
      return this.#onFrame(link, data);
    }
    if (data.length > MAX_TEXT_BYTES) {
      this.counters.invalid++;
      return link.sendJson({ type: 'error', code: 'tooLarge', message: 'Text frames are limited to 1 MiB' });
    }
    let json: unknown;
    try {
      json = JSON.parse(data.toString('utf8'));
    } catch {
      return this.#protocolError(link, 'malformed JSON');
    }
    if (!json || typeof json !== 'object' || Array.isArray(json)) return this.#protocolError(link, 'not an object');
    const type = (json as { type?: unknown }).type;
    if (link.state === 'auth') {
      if (type !== 'auth') return this.#protocolError(link, 'the first message must be auth');
      link.state = 'authing';
      void this.#authenticate(link, json);
      return;
    }
    if (link.state === 'authing') return this.#protocolError(link, 'message before auth.ok');
    const parsed = deviceMessage.safeParse(json);
    if (!parsed.success) {
      this.counters.invalid++;
      const issue = parsed.error.issues[0];
      return link.sendJson({
        type: 'error',
        code: 'invalid',
        message: `${issue?.path.join('.') || 'message'}: ${issue?.message ?? 'invalid'}`,
        ref: typeof type === 'string' ? type : undefined,
      });
    }
    this.#onDeviceMessage(link, parsed.data);
  }

  #protocolError(link: Link, why: string) {
    this.#log.debug({ sn: link.sn, ip: link.ip, why }, 'device protocol error');
    this.#linkDown(link, 'closed');
    link.close(CloseCode.protocol, why.slice(0, 120));
  }

  async #authenticate(link: Link, json: unknown) {
    const parsed = authMessage.safeParse(json);
    if (!parsed.success) return this.#refuse(link, 'protocol', 'Malformed auth message');
    const auth = parsed.data;
    link.sn = auth.sn;
    link.versions = auth.versions;
    await this.#authSlot();
    let result: AuthResult | { ok: false; reason: 'unavailable'; message?: string };
    try {
      if (link.state !== 'authing') return;
      result = await this.#deps.directory.authenticate(auth.sn, auth.mac, auth.secret, {
        type: auth.deviceType,
        versions: auth.versions,
        ip: link.ip,
      });
    } catch (err) {
      this.#log.warn({ err, sn: auth.sn }, 'device directory failed');
      result = { ok: false, reason: 'unavailable' };
    } finally {
      this.#authRelease();
    }
    if (link.state !== 'authing') return;
    if (!result.ok) return this.#refuse(link, result.reason, result.message);
    this.#linkUp(link, result.deviceId, result.type);
  }

  async #authSlot() {
    if (this.#authActive < MAX_CONCURRENT_AUTH) {
      this.#authActive++;
      return;
    }
    await new Promise<void>((resolve) => this.#authQueue.push(resolve));
  }

  #authRelease() {
    const next = this.#authQueue.shift();
    if (next) next();
    else this.#authActive--;
  }

  async #refuse(link: Link, reason: RefuseReason, message?: string) {
    this.counters.refused[reason] = (this.counters.refused[reason] ?? 0) + 1;
    this.#log.debug({ sn: link.sn, ip: link.ip, reason }, 'device refused');
    if (this.#opt.refuseDelayMs > 0) await new Promise((r) => setTimeout(r, this.#opt.refuseDelayMs));
    if (link.state !== 'authing') return;
    link.state = 'down';
    clearTimeout(link.authTimer);
    link.sendJson({
      type: 'auth.refused',
      reason,
      message: message ?? REFUSE_MESSAGES[reason],
      retryAfterSeconds: RETRY_AFTER_REFUSAL_S[reason],
    });
    link.close(CloseCode.refused, reason);
  }

  #linkUp(link: Link, deviceId: DeviceId, type: Link['type']) {
    const now = this.#clock.now();
    clearTimeout(link.authTimer);
    link.state = 'up';
    link.deviceId = deviceId;
    link.type = type;
    link.linkedAt = now;
    link.lastSeen = now;
    link.heartbeatAt = now;
    const heartbeatSeconds = this.#deps.heartbeatSeconds();
    link.heartbeatMs = heartbeatSeconds * 1000;
    const previous = this.registry.setCurrent(link);
    if (previous) {
      this.#linkDown(previous, 'replaced');
      previous.close(CloseCode.replaced, 'replaced');
    }
    this.counters.linked++;
    link.sendJson({ type: 'auth.ok', heartbeatSeconds, serverTime: iso(now), ip: link.ip });
    this.#markPresence(link, true, now);
    if (!previous) this.#emitOnline(link, now);
    this.#publish(ROUTES, {
      op: 'up',
      from: this.instanceId,
      deviceId,
      linkedAt: now,
      ttlMs: this.#routeTtl(),
    });
    this.#log.debug({ sn: link.sn, deviceId, replaced: !!previous }, 'device linked');
  }

  #emitOnline(link: Link, at: number) {
    this.#emit({
      kind: 'online',
      body: {
        deviceId: link.deviceId,
        type: link.type,
        at: iso(at),
        ip: link.ip,
        versions: link.versions,
        instanceId: this.instanceId,
      },
    });
  }

  /** The link is finished (idempotent). Decides whether the device went offline. */
  #linkDown(link: Link, reason: OfflineEvent['reason'] | 'replaced') {
    const wasUp = link.state === 'up';
    link.state = 'down';
    clearTimeout(link.authTimer);
    if (!wasUp) return;
    for (const [id, p] of link.pending) {
      clearTimeout(p.timer);
      p.reject(new RpcError('linkClosed', `The link to the device closed during ${p.method}`));
      link.pending.delete(id);
    }
    for (const [streamId, route] of link.streams) this.#endRoute(streamId, route, 'linkClosed');
    link.streams.clear();
    const current = this.registry.removeCurrent(link);
    if (!current || reason === 'replaced') return;
    if (this.#routes.hasNewer(link.deviceId, link.linkedAt)) return;
    const now = this.#clock.now();
    this.#markPresence(link, false, now);
    this.#emit({
      kind: 'offline',
      body: { deviceId: link.deviceId, at: iso(now), reason, instanceId: this.instanceId },
    });
    this.#publish(ROUTES, {
      op: 'down',
      from: this.instanceId,
      deviceId: link.deviceId,
      linkedAt: link.linkedAt,
      ttlMs: this.#routeTtl(),
    });
    this.#log.debug({ sn: link.sn, deviceId: link.deviceId, reason }, 'device unlinked');
  }

  #sweep(sweepMs: number) {
    // If this timer fired late, the process itself was stalled (GC, a blocked loop, an overloaded
    // machine) and the devices' messages are still unread in the socket buffers: skip one round rather
    // than blame the devices for our stall.
    const late = Date.now() - this.#lastSweep > 2 * sweepMs + 20;
    this.#lastSweep = Date.now();
    if (late) return;
    const now = this.#clock.now();
    const dead: Link[] = [];
    for (const link of this.registry.links()) {
      if (now - link.lastSeen > 2 * link.heartbeatMs) dead.push(link);
    }
    for (const link of dead) {
      this.#linkDown(link, 'heartbeatTimeout');
      link.close(CloseCode.heartbeatTimeout, 'heartbeatTimeout');
    }
  }

  // -------------------------------------------------------------------------------------------------
  // Messages from a linked device

  #onDeviceMessage(link: Link, msg: DeviceMessage) {
    const now = this.#clock.now();
    switch (msg.type) {
      case 'heartbeat':
        this.counters.heartbeats++;
        link.heartbeatAt = now;
        this.#markPresence(link, true, now);
        link.sendJson({ type: 'heartbeat.ack', serverTime: iso(now) });
        return;
      case 'versions':
        link.versions = msg.versions;
        this.#markPresence(link, true, now);
        return;
      case 'telemetry':
        return this.#onTelemetry(link, msg.data, this.#deviceTime(msg.ts, now));
      case 'event':
        return this.#onEvent(link, msg, now);
      case 'rpc.result':
        return this.#onRpcResult(link, msg);
      case 'shell.close': {
        const route = link.streams.get(msg.streamId);
        if (!route) return;
        link.streams.delete(msg.streamId);
        this.#endRoute(msg.streamId, route, msg.reason ?? 'exit');
        return;
      }
      case 'auth':
        link.sendJson({ type: 'error', code: 'invalid', message: 'Already authenticated', ref: 'auth' });
        return;
    }
  }

  #deviceTime(ts: number | undefined, now: number) {
    return ts !== undefined && Math.abs(ts - now) <= MAX_CLOCK_SKEW_MS ? ts : now;
  }

  #onTelemetry(link: Link, raw: TelemetryData, at: number) {
    const parsed = telemetryDataSchemas[link.type].safeParse(raw);
    if (!parsed.success) {
      this.counters.invalid++;
      const issue = parsed.error.issues[0];
      link.sendJson({
        type: 'error',
        code: 'invalid',
        message: `data.${issue?.path.join('.')}: ${issue?.message}`,
        ref: 'telemetry',
      });
      return;
    }
    const data = parsed.data;
    if (Object.keys(data).length === 0) return;
    this.counters.telemetry++;
    const when = new Date(at);
    this.#points.push({ deviceId: link.deviceId, type: link.type, at: when, data });
    const latest = this.#latest.get(link.deviceId);
    if (latest) {
      Object.assign(latest.data, data);
      if (when > latest.at) latest.at = when;
    } else this.#latest.set(link.deviceId, { deviceId: link.deviceId, at: when, data: { ...data } });
    this.#emit({
      kind: 'telemetry',
      body: { deviceId: link.deviceId, type: link.type, at: iso(at), data, instanceId: this.instanceId },
    });
  }

  #onEvent(link: Link, msg: Extract<DeviceMessage, { type: 'event' }>, now: number) {
    const def = eventKindOf(link.type, msg.kind);
    const invalid = (message: string) => {
      this.counters.invalid++;
      link.sendJson({ type: 'error', code: 'invalid', message, ref: `event ${msg.id}` });
      link.sendJson({ type: 'event.ack', ids: [msg.id] });
    };
    if (!def) return invalid(`kind: ${link.type} devices have no event ${msg.kind}`);
    const data = def.data.safeParse(msg.data);
    if (!data.success) {
      const issue = data.error.issues[0];
      return invalid(`data.${issue?.path.join('.')}: ${issue?.message}`);
    }
    let picture: Buffer | undefined;
    if (msg.picture) {
      picture = Buffer.from(msg.picture, 'base64');
      if (picture.length > MAX_PICTURE_BYTES) return invalid('picture: larger than 512 KiB');
    }
    if (this.#eventIds.has(msg.id)) return; // already queued; acknowledged with the first copy
    this.counters.events++;
    const at = this.#deviceTime(msg.ts, now);
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
    this.#eventIds.add(msg.id);
    this.#events.push({ record, link });
    this.#emit({
      kind: 'event',
      body: {
        deviceId: link.deviceId,
        type: link.type,
        id: msg.id,
        kind: msg.kind,
        level: msg.level,
        at: iso(at),
        data: data.data,
        hasPicture: !!picture,
        instanceId: this.instanceId,
      },
    });
  }

  #onRpcResult(link: Link, msg: Extract<DeviceMessage, { type: 'rpc.result' }>) {
    const pending = link.pending.get(msg.id);
    if (!pending) return; // answered after its timeout
    link.pending.delete(msg.id);
    clearTimeout(pending.timer);
    if (msg.error) {
      pending.reject(new RpcError(errorCode(msg.error.code), msg.error.message));
      return;
    }
    const result = pending.def.result.safeParse(msg.result);
    if (!result.success) {
      const issue = result.error.issues[0];
      pending.reject(
        new RpcError('failed', `The device answered a malformed result: ${issue?.path.join('.')} ${issue?.message}`),
      );
      return;
    }
    pending.resolve({
      result: result.data,
      data: pending.def.binary ? Buffer.concat(pending.chunks, pending.size) : undefined,
    });
  }

  #onFrame(link: Link, data: Buffer) {
    const frame = decodeFrame(data);
    if (!frame) return;
    const payload = Buffer.from(frame.payload.buffer, frame.payload.byteOffset, frame.payload.byteLength);
    if (frame.kind === FrameKind.rpcData) {
      const pending = link.pending.get(frame.id);
      if (!pending) return;
      pending.size += payload.length;
      if (pending.size > MAX_RPC_BINARY_BYTES) {
        link.pending.delete(frame.id);
        clearTimeout(pending.timer);
        link.sendJson({ type: 'rpc.cancel', id: frame.id });
        pending.reject(new RpcError('tooLarge', `The ${pending.method} result is larger than 16 MiB`));
        return;
      }
      pending.chunks.push(payload);
    } else if (frame.kind === FrameKind.shellData) {
      const route = link.streams.get(frame.id);
      if (!route) {
        link.sendJson({ type: 'shell.close', streamId: frame.id, reason: 'unknown stream' });
        return;
      }
      if (route.local) route.local.pushData(payload);
      else if (route.remote) {
        this.#publish(direct(route.remote), { op: 'shell.out', streamId: frame.id, data: payload.toString('base64') });
      }
    }
  }

  #endRoute(streamId: string, route: StreamRoute, reason: string) {
    if (route.local) route.local.ended(reason);
    else if (route.remote) this.#publish(direct(route.remote), { op: 'shell.closed', streamId, reason });
  }

  // -------------------------------------------------------------------------------------------------
  // Presence and telemetry batches

  #markPresence(link: Link, online: boolean, at: number) {
    this.#presence.set(link.deviceId, {
      deviceId: link.deviceId,
      online,
      at: new Date(at),
      heartbeatAt: new Date(link.heartbeatAt || at),
      ip: link.ip,
      versions: link.versions,
    });
  }

  #flushPresence(): Promise<void> {
    if (this.#presenceBusy || this.#presence.size === 0) return this.#presenceFlush;
    const batch = [...this.#presence.values()];
    this.#presence = new Map();
    this.#presenceBusy = true;
    this.#presenceFlush = (async () => {
      try {
        await this.#deps.presence.flush(batch);
      } catch (err) {
        this.#log.warn({ err, size: batch.length }, 'presence flush failed; retrying with the next batch');
        for (const r of batch) if (!this.#presence.has(r.deviceId)) this.#presence.set(r.deviceId, r);
      } finally {
        this.#presenceBusy = false;
      }
    })();
    return this.#presenceFlush;
  }

  #flushTelemetry(): Promise<void> {
    if (this.#telemetryBusy) return this.#telemetryFlush;
    if (this.#points.length === 0 && this.#events.length === 0 && this.#latest.size === 0) {
      return this.#telemetryFlush;
    }
    const points = this.#points;
    const latest = this.#latest;
    const events = this.#events;
    this.#points = [];
    this.#latest = new Map();
    this.#events = [];
    this.#eventIds = new Set();
    this.#telemetryBusy = true;
    this.#telemetryFlush = (async () => {
      try {
        await this.#deps.telemetry.flush({
          points,
          latest: [...latest.values()],
          events: events.map((e) => e.record),
        });
        this.#ackEvents(events);
      } catch (err) {
        this.#log.warn({ err, points: points.length, events: events.length }, 'telemetry flush failed; will retry');
        this.#requeue(points, latest, events);
      } finally {
        this.#telemetryBusy = false;
      }
    })();
    return this.#telemetryFlush;
  }

  #ackEvents(events: QueuedEvent[]) {
    const byLink = new Map<Link, string[]>();
    for (const e of events) {
      const ids = byLink.get(e.link);
      if (ids) ids.push(e.record.id);
      else byLink.set(e.link, [e.record.id]);
    }
    for (const [link, ids] of byLink) {
      if (link.state === 'up') link.sendJson({ type: 'event.ack', ids });
    }
  }

  #requeue(points: TelemetryPoint[], latest: Map<DeviceId, LatestReading>, events: QueuedEvent[]) {
    const allPoints = points.concat(this.#points);
    if (allPoints.length > MAX_BUFFERED_POINTS) {
      this.counters.droppedPoints += allPoints.length - MAX_BUFFERED_POINTS;
      allPoints.splice(0, allPoints.length - MAX_BUFFERED_POINTS);
    }
    this.#points = allPoints;
    for (const [deviceId, older] of latest) {
      const newer = this.#latest.get(deviceId);
      if (newer) newer.data = { ...older.data, ...newer.data };
      else this.#latest.set(deviceId, older);
    }
    const allEvents = events.filter((e) => !this.#eventIds.has(e.record.id)).concat(this.#events);
    if (allEvents.length > MAX_BUFFERED_EVENTS) {
      this.counters.droppedEvents += allEvents.length - MAX_BUFFERED_EVENTS;
      allEvents.splice(0, allEvents.length - MAX_BUFFERED_EVENTS);
    }
    this.#events = allEvents;
    this.#eventIds = new Set(allEvents.map((e) => e.record.id));
  }

  // -------------------------------------------------------------------------------------------------
  // Live events

  #emit(event: LiveEvent) {
    emitLive(this.events, event);
    this.#live.push(event);
  }

  #flushLive() {
    if (this.#live.length === 0) return;
    const events = this.#live;
    this.#live = [];
    this.#publish(EVENTS, { from: this.instanceId, events } satisfies LiveBatch);
  }

  #onLive(batch: LiveBatch) {
    if (batch.from === this.instanceId) return;
    for (const event of batch.events) emitLive(this.events, event);
  }

  // -------------------------------------------------------------------------------------------------
  // Routes: which instance holds which device

  #routeTtl() {
    return this.#opt.routeAnnounceMs * 3;
  }

  #announce() {
    this.#routes.sweep();
    this.#publish(ROUTES, {
      op: 'held',
      from: this.instanceId,
      devices: this.registry.deviceIds(),
      ttlMs: this.#routeTtl(),
    });
  }

  #onRoutes(m: RouteMessage) {
    if (m.from === this.instanceId || this.#closed) return;
    switch (m.op) {
      case 'up': {
        this.#routes.up(m.from, m.deviceId, m.linkedAt, m.ttlMs);
        const local = this.registry.get(m.deviceId);
        // A newer link elsewhere replaces ours, without an offline (ties go to the larger instance id).
        if (local && (local.linkedAt < m.linkedAt || (local.linkedAt === m.linkedAt && this.instanceId < m.from))) {
          this.#linkDown(local, 'replaced');
          local.close(CloseCode.replaced, 'replaced');
        }
        return;
      }
      case 'down': {
        this.#routes.down(m.from, m.deviceId, m.linkedAt);
        const local = this.registry.get(m.deviceId);
        if (local && local.state === 'up' && local.linkedAt >= m.linkedAt) {
          // The old instance published an offline racing our newer link: say again that it is online.
          const now = this.#clock.now();
          this.#markPresence(local, true, now);
          this.#emitOnline(local, now);
        }
        return;
      }
      case 'held':
        this.#routes.held(
          m.from,
          m.devices.filter((id) => !this.registry.get(id)),
          m.ttlMs,
        );
        return;
      case 'sync':
        this.#announce();
        return;
      case 'bye':
        this.#routes.bye(m.from);
        return;
    }
  }

  /** Where the device's link is: this instance, another one, or nowhere (offline). */
  whereIs(deviceId: DeviceId): 'here' | string | undefined {
    if (this.registry.get(deviceId)) return 'here';
    return this.#routes.get(deviceId);
  }

  isOnline(deviceId: DeviceId): boolean {
    return this.whereIs(deviceId) !== undefined;
  }

  // -------------------------------------------------------------------------------------------------
  // RPC

  call<M extends RpcMethod>(
    deviceId: DeviceId,
    method: M,
    params: RpcParams<M>,
    timeoutMs?: number,
  ): Promise<RpcReply<RpcResultOf<M>>>;
  async call(deviceId: DeviceId, method: RpcMethod, params: unknown, timeoutMs = DEFAULT_RPC_TIMEOUT_MS) {
    this.counters.rpcCalls++;
    const t = Math.max(1, Math.min(MAX_RPC_TIMEOUT_MS, Math.floor(timeoutMs)));
    try {
      const link = this.registry.get(deviceId);
      if (link) return await this.#callOnLink(link, method, params, t);
      const holder = this.#routes.get(deviceId);
      if (!holder) throw new RpcError('offline', 'The device is offline');
      return await this.#callRemote(holder, deviceId, method, params, t);
    } catch (err) {
      const e = asRpcError(err);
      this.counters.rpcErrors[e.code] = (this.counters.rpcErrors[e.code] ?? 0) + 1;
      throw e;
    }
  }

  #callOnLink(link: Link, method: string, params: unknown, timeoutMs: number): Promise<RpcReply> {
    const def = (RPC_METHODS as Record<string, RpcMethodDef>)[method];
    if (!def) return Promise.reject(new RpcError('unsupported', `Unknown method ${method}`));
    if (!def.types.includes(link.type)) {
      return Promise.reject(new RpcError('unsupported', `${link.type} devices do not support ${method}`));
    }
    const parsed = def.params.safeParse(params ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return Promise.reject(new RpcError('badParams', `${issue?.path.join('.') || 'params'}: ${issue?.message}`));
    }
    if (link.pending.size >= this.#opt.maxPendingRpcsPerLink) {
      return Promise.reject(new RpcError('busy', 'Too many commands are pending on this device'));
    }
    if (link.state !== 'up' || !link.writable) return Promise.reject(new RpcError('offline', 'The device is offline'));
    return new Promise<RpcReply>((resolve, reject) => {
      const id = randomUUID();
      const timer = setTimeout(() => {
        if (!link.pending.delete(id)) return;
        link.sendJson({ type: 'rpc.cancel', id });
        reject(new RpcError('timeout', `The device did not answer ${method} within ${timeoutMs} ms`));
      }, timeoutMs);
      link.pending.set(id, { method, def, resolve, reject, timer, chunks: [], size: 0 });
      link.sendJson({ type: 'rpc', id, method, params: parsed.data, timeoutMs });
    });
  }

  #callRemote(holder: string, deviceId: DeviceId, method: string, params: unknown, timeoutMs: number) {
    return new Promise<RpcReply>((resolve, reject) => {
      const reqId = randomUUID();
      const timer = setTimeout(() => {
        if (!this.#remotePending.delete(reqId)) return;
        reject(new RpcError('timeout', `The device did not answer ${method} within ${timeoutMs} ms`));
      }, timeoutMs + this.#opt.remoteSlackMs);
      this.#remotePending.set(reqId, { resolve, reject, timer });
      this.#bus
        .publish(direct(holder), {
          op: 'rpc',
          reqId,
          from: this.instanceId,
          deviceId,
          method,
          params,
          timeoutMs,
        } satisfies DirectMessage)
        .catch((err) => {
          if (!this.#remotePending.delete(reqId)) return;
          clearTimeout(timer);
          this.#log.warn({ err }, 'bus publish failed');
          reject(new RpcError('failed', 'The server bus is unavailable'));
        });
    });
  }

  async tunnelRequest(deviceId: DeviceId, request: TunnelRequest, timeoutMs = 15_000): Promise<TunnelResponse> {
    if (request.body && request.body.length > MAX_TUNNEL_BODY_BYTES) {
      throw new RpcError('tooLarge', 'Request bodies through the tunnel are limited to 1 MiB');
    }
    const reply = await this.call(
      deviceId,
      'http.request',
      {
        method: request.method,
        path: request.path,
        headers: request.headers,
        bodyBase64: request.body?.length ? request.body.toString('base64') : undefined,
      },
      timeoutMs,
    );
    return { status: reply.result.status, headers: reply.result.headers, body: reply.data ?? Buffer.alloc(0) };
  }

  // -------------------------------------------------------------------------------------------------
  // Terminal

  async openShell(
    deviceId: DeviceId,
    size: { cols?: number; rows?: number; term?: string } = {},
    timeoutMs = DEFAULT_RPC_TIMEOUT_MS,
  ): Promise<ShellStream> {
    const streamId = randomUUID();
    const params = { streamId, cols: size.cols ?? 80, rows: size.rows ?? 24, term: size.term ?? 'xterm-256color' };
    const link = this.registry.get(deviceId);
    if (link) {
      const stream = new ShellStream(streamId, deviceId, this.#localTransport(link, streamId));
      link.streams.set(streamId, { local: stream });
      try {
        await this.#callOnLink(link, 'shell.open', params, timeoutMs);
      } catch (err) {
        link.streams.delete(streamId);
        stream.ended('failed');
        throw asRpcError(err);
      }
      return stream;
    }
    const holder = this.#routes.get(deviceId);
    if (!holder) throw new RpcError('offline', 'The device is offline');
    const stream = new ShellStream(streamId, deviceId, this.#remoteTransport(holder, deviceId, streamId));
    this.#remoteStreams.set(streamId, stream);
    try {
      await this.#callRemote(holder, deviceId, 'shell.open', params, timeoutMs);
    } catch (err) {
      this.#remoteStreams.delete(streamId);
      stream.ended('failed');
      throw asRpcError(err);
    }
    return stream;
  }

  #localTransport(link: Link, streamId: string): ShellTransport {
    return {
      write: (data) => {
        if (link.state === 'up' && link.streams.has(streamId)) link.sendFrame(FrameKind.shellData, streamId, data);
      },
      resize: (cols, rows) => {
        if (link.state === 'up' && link.streams.has(streamId)) {
          link.sendJson({ type: 'shell.resize', streamId, cols, rows });
        }
      },
      close: (reason) => {
        if (link.streams.delete(streamId)) link.sendJson({ type: 'shell.close', streamId, reason });
      },
    };
  }

  #remoteTransport(holder: string, deviceId: DeviceId, streamId: string): ShellTransport {
    const from = this.instanceId;
    return {
      write: (data) =>
        this.#publish(direct(holder), { op: 'shell.in', from, deviceId, streamId, data: data.toString('base64') }),
      resize: (cols, rows) =>
        this.#publish(direct(holder), { op: 'shell.resize', from, deviceId, streamId, cols, rows }),
      close: (reason) => {
        this.#remoteStreams.delete(streamId);
        this.#publish(direct(holder), { op: 'shell.end', from, deviceId, streamId, reason });
      },
    };
  }

  // -------------------------------------------------------------------------------------------------
  // Admin actions

  /** Close a device's link with 4010 `revoked` (after an admin forbade or deleted it), wherever it is. */
  async disconnect(deviceId: DeviceId): Promise<boolean> {
    const link = this.registry.get(deviceId);
    if (link) {
      this.#linkDown(link, 'revoked');
      link.close(CloseCode.revoked, 'revoked');
      return true;
    }
    const holder = this.#routes.get(deviceId);
    if (!holder) return false;
    await this.#bus.publish(direct(holder), { op: 'disconnect', deviceId } satisfies DirectMessage);
    return true;
  }

  // -------------------------------------------------------------------------------------------------
  // Messages from other instances

  #onDirect(m: DirectMessage) {
    if (this.#closed) return;
    switch (m.op) {
      case 'rpc':
        return this.#serveRemoteRpc(m);
      case 'rpc.reply': {
        const p = this.#remotePending.get(m.reqId);
        if (!p) return;
        this.#remotePending.delete(m.reqId);
        clearTimeout(p.timer);
        if (m.error) p.reject(new RpcError(errorCode(m.error.code), m.error.message));
        else p.resolve({ result: m.result, data: m.data !== undefined ? Buffer.from(m.data, 'base64') : undefined });
        return;
      }
      case 'shell.in':
      case 'shell.resize':
      case 'shell.end': {
        const link = this.registry.get(m.deviceId);
        const route = link?.streams.get(m.streamId);
        if (!link || !route || route.remote !== m.from) {
          if (m.op !== 'shell.end') {
            this.#publish(direct(m.from), { op: 'shell.closed', streamId: m.streamId, reason: 'linkClosed' });
          }
          return;
        }
        if (m.op === 'shell.in') link.sendFrame(FrameKind.shellData, m.streamId, Buffer.from(m.data, 'base64'));
        else if (m.op === 'shell.resize') {
          link.sendJson({ type: 'shell.resize', streamId: m.streamId, cols: m.cols, rows: m.rows });
        } else {
          link.streams.delete(m.streamId);
          link.sendJson({ type: 'shell.close', streamId: m.streamId, reason: m.reason });
        }
        return;
      }
      case 'shell.out':
        this.#remoteStreams.get(m.streamId)?.pushData(Buffer.from(m.data, 'base64'));
        return;
      case 'shell.closed': {
        const stream = this.#remoteStreams.get(m.streamId);
        if (!stream) return;
        this.#remoteStreams.delete(m.streamId);
        stream.ended(m.reason);
        return;
      }
      case 'disconnect': {
        const link = this.registry.get(m.deviceId);
        if (!link) return;
        this.#linkDown(link, 'revoked');
        link.close(CloseCode.revoked, 'revoked');
        return;
      }
    }
  }

  #serveRemoteRpc(m: Extract<DirectMessage, { op: 'rpc' }>) {
    const reply = (body: Omit<Extract<DirectMessage, { op: 'rpc.reply' }>, 'op' | 'reqId'>) =>
      this.#publish(direct(m.from), { op: 'rpc.reply', reqId: m.reqId, ...body });
    const link = this.registry.get(m.deviceId);
    if (!link) return reply({ error: { code: 'offline', message: 'The device is offline' } });
    const streamId = m.method === 'shell.open' ? (m.params as { streamId?: unknown } | null)?.streamId : undefined;
    if (typeof streamId === 'string') link.streams.set(streamId, { remote: m.from });
    this.counters.rpcCalls++;
    this.#callOnLink(link, m.method, m.params, m.timeoutMs).then(
      (r) => reply({ result: r.result, data: r.data?.toString('base64') }),
      (err) => {
        if (typeof streamId === 'string') link.streams.delete(streamId);
        const e = asRpcError(err);
        reply({ error: { code: e.code, message: e.message } });
      },
    );
  }

  // -------------------------------------------------------------------------------------------------

  #publish(channel: string, message: unknown) {
    this.#bus.publish(channel, message).catch((err) => this.#log.warn({ err, channel }, 'bus publish failed'));
  }

  async #publishNow(channel: string, message: unknown) {
    try {
      await this.#bus.publish(channel, message);
    } catch (err) {
      this.#log.warn({ err, channel }, 'bus publish failed');
    }
  }

  /** Numbers for logs and the benchmark. */
  stats() {
    let pending = 0;
    let streams = 0;
    for (const link of this.registry.links()) {
      pending += link.pending.size;
      streams += link.streams.size;
    }
    return {
      instanceId: this.instanceId,
      links: this.registry.size,
      sockets: this.registry.sockets,
      remoteRoutes: this.#routes.size,
      pendingRpcs: pending + this.#remotePending.size,
      streams: streams + this.#remoteStreams.size,
      bufferedPoints: this.#points.length,
      bufferedEvents: this.#events.length,
      ...this.counters,
    };
  }
}

interface LiveBatch {
  from: string;
  events: LiveEvent[];
}

function emitLive(events: GatewayEvents, e: LiveEvent) {
  switch (e.kind) {
    case 'online':
      return events.emit('online', e.body);
    case 'offline':
      return events.emit('offline', e.body);
    case 'telemetry':
      return events.emit('telemetry', e.body);
    case 'event':
      return events.emit('event', e.body);
  }
}

const REFUSE_MESSAGES: Record<RefuseReason, string> = {
  unknown: 'This device is not authorised yet; an administrator has to authorise it',
  forbidden: 'This device is forbidden',
  badSecret: 'The device secret does not match its licence',
  expired: 'The licence of this device has expired',
  mismatch: 'The MAC address or device type does not match the registered device',
  protocol: 'Malformed auth message or unsupported protocol version',
  unavailable: 'The server cannot check devices right now; try again later',
};
