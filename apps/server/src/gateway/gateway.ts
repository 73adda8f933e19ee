import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { RpcResultOf } from '@siteops/contracts/device-protocol';
import { WriteBatches } from './batches.ts';
import { ClusterRoutes } from './cluster.ts';
import { GatewayContext, type GatewayCounters } from './context.ts';
import { Handshake } from './handshake.ts';
import { LinkLifecycle } from './lifecycle.ts';
import { GatewayEvents, LiveRelay } from './live.ts';
import { DeviceMessages } from './messages.ts';
import type { LinkRegistry } from './registry.ts';
import { CommandRouter, type DeviceRpc } from './rpc.ts';
import type { ShellStream } from './shell.ts';
import { ShellRouter, tunnelRequest } from './streams.ts';
import type { DeviceId, GatewayDeps, RpcReply, TunnelRequest, TunnelResponse } from './types.ts';
import type { LinkInput, LinkTransport } from './transports/transport.ts';
import { WebSocketTransport } from './transports/websocket.ts';
import type { DirectMessage } from './wire.ts';

/**
 * The device link of one server instance: accepts device WebSockets, authenticates them, keeps
 * presence, stores readings and events through the sinks, runs RPCs and terminal streams, and talks to
 * the other instances over the bus. Built by `registerGateway`; see docs/device-protocol.md.
 *
 * This class only wires the parts together and owns the timers; each part is one responsibility:
 * `LinkLifecycle` (+ `Handshake`), `DeviceMessages`, `CommandRouter`, `ShellRouter`, `WriteBatches`,
 * `LiveRelay` and `ClusterRoutes`, all sharing one `GatewayContext`.
 */
export class Gateway implements DeviceRpc {
  readonly instanceId: string;
  readonly events = new GatewayEvents();
  /** What this instance's devices report for the modules (upgrade progress); never relayed. */
  readonly reports: GatewayContext['reports'];
  readonly registry: LinkRegistry;
  readonly counters: GatewayCounters;
  readonly #ctx: GatewayContext;
  readonly #batches: WriteBatches;
  readonly #live: LiveRelay;
  readonly #rpc: CommandRouter;
  readonly #shells: ShellRouter;
  readonly #lifecycle: LinkLifecycle;
  readonly #cluster: ClusterRoutes;
  #timers: NodeJS.Timeout[] = [];
  #unsubscribe: (() => Promise<void>)[] = [];

  constructor(deps: GatewayDeps, log: FastifyBaseLogger) {
    const ctx = (this.#ctx = new GatewayContext(deps, log));
    this.instanceId = ctx.instanceId;
    this.registry = ctx.registry;
    this.counters = ctx.counters;
    this.reports = ctx.reports;
    const live = (this.#live = new LiveRelay(ctx, this.events));
    const batches = (this.#batches = new WriteBatches(ctx, (deviceIds) => live.stored(deviceIds)));
    const rpc = (this.#rpc = new CommandRouter(ctx));
    const shells = (this.#shells = new ShellRouter(ctx, rpc));
    const messages = new DeviceMessages(ctx, { batches, live, rpc, shells });
    const handshake = new Handshake(ctx);
    const lifecycle = (this.#lifecycle = new LinkLifecycle(ctx, { handshake, messages, batches, live, rpc, shells }));
    this.#cluster = new ClusterRoutes(ctx, { lifecycle, batches, live });
  }

  get path() {
    return this.#ctx.opt.path;
  }

  /** Subscribe to the bus and start the timers. */
  async start() {
    const ctx = this.#ctx;
    const cluster = this.#cluster;
    await ctx.wire.listen(
      ctx.instanceId,
      { routes: (m) => cluster.receive(m), live: (b) => this.#live.receive(b), direct: (m) => this.#onDirect(m) },
      this.#unsubscribe,
    );
    const sweepMs = Math.max(10, Math.min(1_000, (ctx.deps.heartbeatSeconds() * 1000) / 4));
    this.#every(sweepMs, this.#lifecycle.sweeper(sweepMs));
    this.#every(ctx.opt.presenceFlushMs, () => void this.#batches.flushPresence());
    this.#every(ctx.opt.telemetryFlushMs, () => void this.#batches.flushTelemetry());
    this.#every(ctx.opt.liveBatchMs, () => this.#live.flush());
    this.#every(ctx.opt.routeAnnounceMs, () => cluster.announce());
    cluster.sync();
    cluster.announce();
  }

  /** Close every link (1001), answer what is pending, write what is buffered, leave the bus. */
  async close() {
    const ctx = this.#ctx;
    if (ctx.closed) return;
    ctx.closed = true;
    for (const t of this.#timers) clearInterval(t);
    for (const link of ctx.registry.allSockets()) this.#lifecycle.end(link, 'shutdown');
    this.#rpc.close();
    this.#shells.close();
    this.#live.flush();
    await this.#cluster.bye();
    await Promise.allSettled(this.#unsubscribe.map((u) => u()));
    await this.#batches.drain();
  }

  #every(ms: number, fn: () => void) {
    const t = setInterval(fn, ms);
    t.unref();
    this.#timers.push(t);
  }

  /** A new device WebSocket (called by the route handler, synchronously on upgrade). */
  accept(socket: WebSocket, ip: string) {
    const transport = new WebSocketTransport(socket);
    const { link, input } = this.#lifecycle.open(transport, ip);
    transport.bind(input, (err) => this.#ctx.log.debug({ err, sn: link.sn }, 'device socket error'));
  }

  /** A device link on another transport (MQTT): see `LinkLifecycle.open`. */
  open(transport: LinkTransport, ip: string): LinkInput {
    return this.#lifecycle.open(transport, ip).input;
  }

  /** Where the device's link is: this instance, another one, or nowhere (offline). */
  whereIs(deviceId: DeviceId): 'here' | string | undefined {
    return this.#cluster.whereIs(deviceId);
  }

  isOnline(deviceId: DeviceId): boolean {
    return this.whereIs(deviceId) !== undefined;
  }

  /** See `DeviceRpc.call`; the method's params and result types come from RPC_METHODS. */
  readonly call: DeviceRpc['call'] = (deviceId, method, params, timeoutMs) =>
    this.#rpc.call(deviceId, method, params, timeoutMs) as Promise<RpcReply<RpcResultOf<typeof method>>>;

  tunnelRequest(deviceId: DeviceId, request: TunnelRequest, timeoutMs?: number): Promise<TunnelResponse> {
    return tunnelRequest(this.call, deviceId, request, timeoutMs);
  }

  openShell(
    deviceId: DeviceId,
    size?: { cols?: number; rows?: number; term?: string },
    timeoutMs?: number,
  ): Promise<ShellStream> {
    return this.#shells.open(deviceId, size, timeoutMs);
  }

  /** Close a device's link with 4010 `revoked` (after an admin forbade or deleted it), wherever it is. */
  async disconnect(deviceId: DeviceId): Promise<boolean> {
    const where = this.#ctx.locate(deviceId);
    if (!where) return false;
    if (where.link) this.#lifecycle.end(where.link, 'revoked');
    else await this.#ctx.wire.send(where.holder, { op: 'disconnect', deviceId });
    return true;
  }

  readonly #forwarded = new Map<string, (data: unknown) => void>();

  /**
   * A transport whose traffic can land on any instance (MQTT through a shared subscription) hands a
   * device's message to the instance that holds its link; `receive` takes what others hand to this one.
   */
  forwarding(transport: string, receive: (data: unknown) => void) {
    this.#forwarded.set(transport, receive);
    return (instanceId: string, data: unknown) =>
      this.#ctx.wire.tell(instanceId, { op: 'transport.up', transport, data });
  }

  /** Messages from other instances to this one. */
  #onDirect(m: DirectMessage) {
    if (this.#ctx.closed) return;
    switch (m.op) {
      case 'transport.up':
        return this.#forwarded.get(m.transport)?.(m.data);
      case 'rpc':
        return this.#rpc.serveRemote(m);
      case 'rpc.reply':
        return this.#rpc.onReply(m);
      case 'disconnect': {
        const link = this.registry.get(m.deviceId);
        if (link) this.#lifecycle.end(link, 'revoked');
        return;
      }
      default:
        return this.#shells.onDirect(m);
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
      remoteRoutes: this.#ctx.routes.size,
      pendingRpcs: pending + this.#rpc.remotePending,
      streams: streams + this.#shells.remoteStreams,
      bufferedPoints: this.#batches.bufferedPoints,
      bufferedEvents: this.#batches.bufferedEvents,
      ...this.counters,
    };
  }
}
