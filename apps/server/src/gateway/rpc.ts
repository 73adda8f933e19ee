import { randomUUID } from 'node:crypto';
import {
  DEFAULT_RPC_TIMEOUT_MS,
  MAX_RPC_BINARY_BYTES,
  MAX_RPC_TIMEOUT_MS,
  RPC_METHODS,
  type DeviceMessage,
  type RpcMethod,
  type RpcMethodDef,
  type RpcParams,
  type RpcResultOf,
} from '@siteops/contracts/device-protocol';
import { asRpcError, describeIssue, errorCode, offline, type GatewayContext } from './context.ts';
import type { Link } from './registry.ts';
import type { ShellStream } from './shell.ts';
import { RpcError, type DeviceId, type RpcReply, type TunnelRequest, type TunnelResponse } from './types.ts';
import type { DirectMessage } from './wire.ts';

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

interface RemotePending {
  resolve: (reply: RpcReply) => void;
  reject: (err: RpcError) => void;
  timer: NodeJS.Timeout;
}

/** The same words whichever instance gave up: the device was silent, not the server. */
const timedOut = (method: string, ms: number) =>
  new RpcError('timeout', `The device did not answer ${method} within ${ms} ms`);

const TRANSPORT_NAMES: Record<string, string> = { ws: 'WebSocket', mqtt: 'MQTT', hj212: 'HJ 212' };

/** Why a call is refused before it is sent: the device's link cannot carry it. */
export const transportCannot = (transport: string, method: string) =>
  `This device's transport (${TRANSPORT_NAMES[transport] ?? transport}) cannot carry ${method}`;

/** Remove a pending call from its table and stop its timer; undefined when it was already settled. */
function take<P extends { timer: NodeJS.Timeout }>(table: Map<string, P>, id: string): P | undefined {
  const pending = table.get(id);
  if (!pending) return undefined;
  table.delete(id);
  clearTimeout(pending.timer);
  return pending;
}

/**
 * Command routing: a call goes straight down the link when this instance holds it, else over the bus to
 * the instance that does (with `remoteSlackMs` more to wait), and each side keeps its own timeout so a
 * lost message or a silent device ends in `timeout`, never in a call that hangs.
 */
export class CommandRouter {
  readonly #remotePending = new Map<string, RemotePending>();

  constructor(private readonly ctx: GatewayContext) {}

  /** Typed by `DeviceRpc.call`; here the method and params are checked at run time against RPC_METHODS. */
  async call(deviceId: DeviceId, method: string, params: unknown, timeoutMs = DEFAULT_RPC_TIMEOUT_MS) {
    const counters = this.ctx.counters;
    counters.rpcCalls++;
    const t = Math.max(1, Math.min(MAX_RPC_TIMEOUT_MS, Math.floor(timeoutMs)));
    try {
      const where = this.ctx.locate(deviceId);
      if (!where) throw offline();
      if (where.link) return await this.callOnLink(where.link, method, params, t);
      return await this.callRemote(where.holder, deviceId, method, params, t);
    } catch (err) {
      const e = asRpcError(err);
      counters.rpcErrors[e.code] = (counters.rpcErrors[e.code] ?? 0) + 1;
      throw e;
    }
  }

  callOnLink(link: Link, method: string, params: unknown, timeoutMs: number): Promise<RpcReply> {
    const def = (RPC_METHODS as Record<string, RpcMethodDef>)[method];
    if (!def) return Promise.reject(new RpcError('unsupported', `Unknown method ${method}`));
    if (!def.types.includes(link.type)) {
      return Promise.reject(new RpcError('unsupported', `${link.type} devices do not support ${method}`));
    }
    if (link.transport.carries && !link.transport.carries(method)) {
      return Promise.reject(new RpcError('unsupported', transportCannot(link.transport.kind, method)));
    }
    const parsed = def.params.safeParse(params ?? {});
    if (!parsed.success) return Promise.reject(new RpcError('badParams', describeIssue(parsed.error, '', 'params')));
    if (link.pending.size >= this.ctx.opt.maxPendingRpcsPerLink) {
      return Promise.reject(new RpcError('busy', 'Too many commands are pending on this device'));
    }
    if (link.state !== 'up' || !link.writable) return Promise.reject(offline());
    return new Promise<RpcReply>((resolve, reject) => {
      const id = randomUUID();
      const timer = setTimeout(() => {
        if (!link.pending.delete(id)) return;
        link.sendJson({ type: 'rpc.cancel', id });
        reject(timedOut(method, timeoutMs));
      }, timeoutMs);
      link.pending.set(id, { method, def, resolve, reject, timer, chunks: [], size: 0 });
      link.sendJson({ type: 'rpc', id, method, params: parsed.data, timeoutMs });
    });
  }

  callRemote(holder: string, deviceId: DeviceId, method: string, params: unknown, timeoutMs: number) {
    return new Promise<RpcReply>((resolve, reject) => {
      const reqId = randomUUID();
      const timer = setTimeout(() => {
        if (!this.#remotePending.delete(reqId)) return;
        reject(timedOut(method, timeoutMs));
      }, timeoutMs + this.ctx.opt.remoteSlackMs);
      this.#remotePending.set(reqId, { resolve, reject, timer });
      const from = this.ctx.instanceId;
      this.ctx.wire.send(holder, { op: 'rpc', reqId, from, deviceId, method, params, timeoutMs }).catch((err) => {
        if (!take(this.#remotePending, reqId)) return;
        this.ctx.log.warn({ err }, 'bus publish failed');
        reject(new RpcError('failed', 'The server bus is unavailable'));
      });
    });
  }

  /** The device's `rpc.result`: checked against the method's result schema before the caller sees it. */
  onResult(link: Link, msg: Extract<DeviceMessage, { type: 'rpc.result' }>) {
    const pending = take(link.pending, msg.id);
    if (!pending) return; // answered after its timeout
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

  /** A binary chunk of a result (snapshot, tunnelled body); past 16 MiB the call is cancelled. */
  onData(link: Link, id: string, payload: Buffer) {
    const pending = link.pending.get(id);
    if (!pending) return;
    pending.size += payload.length;
    if (pending.size > MAX_RPC_BINARY_BYTES) {
      take(link.pending, id);
      link.sendJson({ type: 'rpc.cancel', id });
      pending.reject(new RpcError('tooLarge', `The ${pending.method} result is larger than 16 MiB`));
      return;
    }
    pending.chunks.push(payload);
  }

  /** Another instance asks us to call a device whose link we hold; the answer goes back to it. */
  serveRemote(m: Extract<DirectMessage, { op: 'rpc' }>) {
    const reply = (body: Omit<Extract<DirectMessage, { op: 'rpc.reply' }>, 'op' | 'reqId'>) =>
      this.ctx.wire.tell(m.from, { op: 'rpc.reply', reqId: m.reqId, ...body });
    const link = this.ctx.registry.get(m.deviceId);
    const fail = (err: unknown) => {
      const e = asRpcError(err);
      reply({ error: { code: e.code, message: e.message } });
    };
    if (!link) return fail(offline());
    // The terminal's bytes will flow through us: route them to the instance that opened it.
    const streamId = m.method === 'shell.open' ? (m.params as { streamId?: unknown } | null)?.streamId : undefined;
    if (typeof streamId === 'string') link.streams.set(streamId, { remote: m.from });
    this.ctx.counters.rpcCalls++;
    this.callOnLink(link, m.method, m.params, m.timeoutMs).then(
      (r) => reply({ result: r.result, data: r.data?.toString('base64') }),
      (err) => {
        if (typeof streamId === 'string') link.streams.delete(streamId);
        fail(err);
      },
    );
  }

  /** The answer to a call we routed through another instance. */
  onReply(m: Extract<DirectMessage, { op: 'rpc.reply' }>) {
    const p = take(this.#remotePending, m.reqId);
    if (!p) return;
    if (m.error) p.reject(new RpcError(errorCode(m.error.code), m.error.message));
    else p.resolve({ result: m.result, data: m.data !== undefined ? Buffer.from(m.data, 'base64') : undefined });
  }

  /** The link is gone: its callers hear `linkClosed` now rather than a timeout later. */
  failLink(link: Link) {
    for (const id of [...link.pending.keys()]) {
      const p = take(link.pending, id)!;
      p.reject(new RpcError('linkClosed', `The link to the device closed during ${p.method}`));
    }
  }

  /** At shutdown: every call routed elsewhere ends now. */
  close() {
    for (const reqId of [...this.#remotePending.keys()]) {
      take(this.#remotePending, reqId)!.reject(new RpcError('linkClosed', 'The server is shutting down'));
    }
  }

  get remotePending() {
    return this.#remotePending.size;
  }
}
