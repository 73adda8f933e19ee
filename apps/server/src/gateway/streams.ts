import { randomUUID } from 'node:crypto';
import { DEFAULT_RPC_TIMEOUT_MS, FrameKind, type ShellCloseReason } from '@siteops/contracts/device-protocol';
import { asRpcError, offline, type GatewayContext } from './context.ts';
import type { Link, StreamRoute } from './registry.ts';
import type { CommandRouter, DeviceRpc } from './rpc.ts';
import { ShellStream, type ShellTransport } from './shell.ts';
import { RpcError, type DeviceId, type TunnelRequest, type TunnelResponse } from './types.ts';
import type { ShellMessage } from './wire.ts';

const MAX_TUNNEL_BODY_BYTES = 1024 * 1024;

/**
 * One HTTP request to the device's local web page. A plain `http.request` RPC (the body comes back as
 * the binary part), so it is routed, timed out and counted like every other command.
 */
export async function tunnelRequest(
  call: DeviceRpc['call'],
  deviceId: DeviceId,
  request: TunnelRequest,
  timeoutMs = 15_000,
): Promise<TunnelResponse> {
  if (request.body && request.body.length > MAX_TUNNEL_BODY_BYTES) {
    throw new RpcError('tooLarge', 'Request bodies through the tunnel are limited to 1 MiB');
  }
  const reply = await call(
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

/**
 * Terminal streams. The instance holding the device's link keeps a route per stream: to a local
 * `ShellStream`, or to the instance that opened it (bytes then travel the bus base64). Every end of a
 * stream (either side, the link, shutdown) reaches the other side exactly once.
 */
export class ShellRouter {
  /** Streams opened here on a device linked elsewhere. */
  readonly #remote = new Map<string, ShellStream>();

  constructor(
    private readonly ctx: GatewayContext,
    private readonly rpc: CommandRouter,
  ) {}

  async open(
    deviceId: DeviceId,
    size: { cols?: number; rows?: number; term?: string } = {},
    timeoutMs = DEFAULT_RPC_TIMEOUT_MS,
  ): Promise<ShellStream> {
    const streamId = randomUUID();
    const params = { streamId, cols: size.cols ?? 80, rows: size.rows ?? 24, term: size.term ?? 'xterm-256color' };
    const where = this.ctx.locate(deviceId);
    if (!where) throw offline();
    const { link, holder } = where;
    const stream = new ShellStream(
      streamId,
      deviceId,
      link ? this.#localTransport(link, streamId) : this.#remoteTransport(holder, deviceId, streamId),
    );
    if (link) link.streams.set(streamId, { local: stream });
    else this.#remote.set(streamId, stream);
    try {
      if (link) await this.rpc.callOnLink(link, 'shell.open', params, timeoutMs);
      else await this.rpc.callRemote(holder, deviceId, 'shell.open', params, timeoutMs);
    } catch (err) {
      if (link) link.streams.delete(streamId);
      else this.#remote.delete(streamId);
      stream.ended('failed');
      throw asRpcError(err);
    }
    return stream;
  }

  /** Terminal output from the device: to the local stream, or on to the instance that opened it. */
  onData(link: Link, streamId: string, payload: Buffer) {
    const route = link.streams.get(streamId);
    if (!route) {
      link.sendJson({ type: 'shell.close', streamId, reason: 'unknown stream' satisfies ShellCloseReason });
      return;
    }
    if (route.local) route.local.pushData(payload);
    else if (route.remote) {
      this.ctx.wire.tell(route.remote, { op: 'shell.out', streamId, data: payload.toString('base64') });
    }
  }

  /** The device ended the terminal (`shell.close`). */
  onDeviceClose(link: Link, streamId: string, reason: string) {
    const route = link.streams.get(streamId);
    if (!route) return;
    link.streams.delete(streamId);
    this.#end(streamId, route, reason);
  }

  /** The link is gone: every terminal on it ends with `linkClosed`. */
  endLink(link: Link) {
    for (const [streamId, route] of link.streams) this.#end(streamId, route, 'linkClosed');
    link.streams.clear();
  }

  /** Terminal traffic from another instance: keystrokes for a device we hold, or output for a stream we opened. */
  onDirect(m: ShellMessage) {
    switch (m.op) {
      case 'shell.in':
      case 'shell.resize':
      case 'shell.end': {
        const link = this.ctx.registry.get(m.deviceId);
        const route = link?.streams.get(m.streamId);
        if (!link || !route || route.remote !== m.from) {
          if (m.op !== 'shell.end') {
            this.ctx.wire.tell(m.from, { op: 'shell.closed', streamId: m.streamId, reason: 'linkClosed' });
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
        this.#remote.get(m.streamId)?.pushData(Buffer.from(m.data, 'base64'));
        return;
      case 'shell.closed': {
        const stream = this.#remote.get(m.streamId);
        if (!stream) return;
        this.#remote.delete(m.streamId);
        stream.ended(m.reason);
        return;
      }
    }
  }

  /** At shutdown: streams opened here on other instances' devices end now. */
  close() {
    for (const stream of this.#remote.values()) stream.ended('shutdown');
    this.#remote.clear();
  }

  get remoteStreams() {
    return this.#remote.size;
  }

  #end(streamId: string, route: StreamRoute, reason: string) {
    if (route.local) route.local.ended(reason);
    else if (route.remote) this.ctx.wire.tell(route.remote, { op: 'shell.closed', streamId, reason });
  }

  #localTransport(link: Link, streamId: string): ShellTransport {
    const open = () => link.state === 'up' && link.streams.has(streamId);
    return {
      write: (data) => {
        if (open()) link.sendFrame(FrameKind.shellData, streamId, data);
      },
      resize: (cols, rows) => {
        if (open()) link.sendJson({ type: 'shell.resize', streamId, cols, rows });
      },
      close: (reason) => {
        if (link.streams.delete(streamId)) link.sendJson({ type: 'shell.close', streamId, reason });
      },
    };
  }

  #remoteTransport(holder: string, deviceId: DeviceId, streamId: string): ShellTransport {
    const from = this.ctx.instanceId;
    return {
      write: (data) =>
        this.ctx.wire.tell(holder, { op: 'shell.in', from, deviceId, streamId, data: data.toString('base64') }),
      resize: (cols, rows) => this.ctx.wire.tell(holder, { op: 'shell.resize', from, deviceId, streamId, cols, rows }),
      close: (reason) => {
        this.#remote.delete(streamId);
        this.ctx.wire.tell(holder, { op: 'shell.end', from, deviceId, streamId, reason });
      },
    };
  }
}
