import { CloseCode } from '@siteops/contracts/device-protocol';
import { LinkAdmission } from './admission.ts';
import type { WriteBatches } from './batches.ts';
import { iso, type GatewayContext } from './context.ts';
import type { Handshake } from './handshake.ts';
import type { LiveRelay } from './live.ts';
import type { DeviceMessages } from './messages.ts';
import { Link } from './registry.ts';
import type { CommandRouter } from './rpc.ts';
import type { LinkInput, LinkTransport } from './transports/transport.ts';
import type { ShellRouter } from './streams.ts';
import type { DeviceId, OfflineReason } from './types.ts';

const MAX_TEXT_BYTES = 1024 * 1024;
/** setTimeout's longest delay (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Why the server ends a linked device's socket, and the close code the device sees for it (protocol 1.3). */
const END_CODES = {
  shutdown: CloseCode.goingAway,
  replaced: CloseCode.replaced,
  heartbeatTimeout: CloseCode.heartbeatTimeout,
  revoked: CloseCode.revoked,
  rateLimited: CloseCode.rateLimited,
} as const;
export type EndReason = keyof typeof END_CODES;

const MALFORMED = Symbol('malformed JSON');

const plainIp = (ip: string) => (ip.startsWith('::ffff:') ? ip.slice(7) : ip);

interface Parts {
  handshake: Handshake;
  messages: DeviceMessages;
  batches: WriteBatches;
  live: LiveRelay;
  rpc: CommandRouter;
  shells: ShellRouter;
}

/**
 * One device socket from accept to close: the auth handshake, link-up (replacing an older link without
 * an offline), presence, heartbeat timeouts, and link-down, which alone decides whether the device went
 * offline. Only `auth` is accepted before `auth.ok`; after it, messages go to `DeviceMessages`.
 */
export class LinkLifecycle {
  readonly #admission?: LinkAdmission;

  constructor(
    private readonly ctx: GatewayContext,
    private readonly parts: Parts,
  ) {
    if (ctx.opt.admitPerSecond > 0) this.#admission = new LinkAdmission(ctx.opt.admitPerSecond);
  }

  /**
   * A new device link on any transport (the WebSocket route calls it synchronously on upgrade; MQTT on
   * CONNECT). Answers where the adapter reports the device's traffic.
   */
  open(transport: LinkTransport, ip: string): { link: Link; input: LinkInput } {
    const { ctx } = this;
    const link = new Link(transport, plainIp(ip));
    ctx.counters.accepted++;
    const input: LinkInput = {
      text: (data) => this.#onText(link, data),
      json: (message, bytes) => this.#onMessage(link, () => message, bytes > MAX_TEXT_BYTES),
      frame: (data) => this.#onFrame(link, data),
      alive: () => {
        if (link.state !== 'down') link.lastSeen = ctx.now();
      },
      closed: () => {
        clearTimeout(link.authTimer);
        this.linkDown(link, 'closed');
        ctx.registry.forget(link);
      },
      get deviceId() {
        return link.state === 'up' ? link.deviceId : undefined;
      },
      authenticate: (credentials) => {
        if (link.state !== 'auth' || !this.#arrived(link)) return;
        link.state = 'authing';
        void this.#authenticate(link, () => this.parts.handshake.checkCredentials(link, credentials));
      },
    };
    if (ctx.closed) {
      link.close(CloseCode.goingAway, 'shutdown');
      return { link, input };
    }
    const wait = this.#admission?.admit(ctx.now());
    if (wait) {
      ctx.counters.busy++;
      link.state = 'down';
      link.close(CloseCode.busy, `busy:${wait}`);
      return { link, input };
    }
    ctx.registry.add(link);
    link.authTimer = setTimeout(
      () => {
        if (link.state === 'auth' || link.state === 'authing') link.close(CloseCode.authTimeout, 'authTimeout');
      },
      Math.max(ctx.opt.authTimeoutMs, transport.firstWordMs ?? 0),
    );
    return { link, input };
  }

  /** End a link from the server's side: down first (presence, pending calls), then the close code. */
  end(link: Link, reason: EndReason) {
    this.linkDown(link, reason);
    link.close(END_CODES[reason], reason);
  }

  /**
   * A sweep for links silent for two heartbeat intervals (4008). Answers the function to run every
   * `sweepMs`; it skips a round that itself ran late, so a stalled server (GC, overload) does not blame
   * devices whose messages are still unread in the socket buffers.
   */
  sweeper(sweepMs: number): () => void {
    let lastSweep = Date.now();
    return () => {
      const late = Date.now() - lastSweep > 2 * sweepMs + 20;
      lastSweep = Date.now();
      if (late) return;
      const now = this.ctx.now();
      const dead: Link[] = [];
      for (const link of this.ctx.registry.links()) {
        if (now - link.lastSeen > link.silenceMs) dead.push(link);
        else if (link.transport.minSilenceMs && now - link.heartbeatAt >= link.heartbeatMs) {
          // A device whose transport allows it to report less often than the heartbeat (an HJ 212
          // monitor every 60 s) is still linked: its row stays fresh, so no stale sweep takes it offline.
          link.heartbeatAt = now;
          this.parts.batches.markPresence(link, true, now);
        }
      }
      for (const link of dead) this.end(link, 'heartbeatTimeout');
    };
  }

  /** Counts the message and its rate; false when the link is finished or flooding (then closed). */
  #arrived(link: Link): boolean {
    if (link.state === 'down') return false;
    this.ctx.counters.messagesIn++;
    const now = this.ctx.now();
    link.lastSeen = now;
    if (!link.rate.take(now)) {
      this.#flood(link);
      return false;
    }
    return true;
  }

  #onFrame(link: Link, data: Buffer) {
    if (!this.#arrived(link)) return;
    if (link.state !== 'up') return this.#protocolError(link, 'binary frame before auth.ok');
    this.parts.messages.onFrame(link, data);
  }

  #onText(link: Link, data: Buffer) {
    const oversized = data.length > MAX_TEXT_BYTES;
    this.#onMessage(
      link,
      () => {
        try {
          return JSON.parse(data.toString('utf8')) as unknown;
        } catch {
          return MALFORMED;
        }
      },
      oversized,
    );
  }

  /** A JSON message: `read` parses it once the link may still take it. */
  #onMessage(link: Link, read: () => unknown, oversized: boolean) {
    if (!this.#arrived(link)) return;
    if (oversized && link.state !== 'up') return this.#protocolError(link, 'text frame over 1 MiB');
    const json = read();
    if (json === MALFORMED) return this.#protocolError(link, 'malformed JSON');
    if (!json || typeof json !== 'object' || Array.isArray(json)) return this.#protocolError(link, 'not an object');
    if (link.state === 'auth') {
      if ((json as { type?: unknown }).type !== 'auth')
        return this.#protocolError(link, 'the first message must be auth');
      link.state = 'authing';
      void this.#authenticate(link, () => this.parts.handshake.check(link, json));
      return;
    }
    if (link.state === 'authing') return this.#protocolError(link, 'message before auth.ok');
    this.parts.messages.onJson(link, json, oversized);
  }

  /** Over LINK_RATE: whatever the device meant, the server stops reading it (4029). */
  #flood(link: Link) {
    this.ctx.counters.rateLimited++;
    this.ctx.log.warn({ sn: link.sn, ip: link.ip }, 'device link flooding; closed');
    if (link.state === 'up') this.end(link, 'rateLimited');
    else {
      this.linkDown(link, 'closed');
      link.close(CloseCode.rateLimited, 'rateLimited');
    }
  }

  #protocolError(link: Link, why: string) {
    this.ctx.log.debug({ sn: link.sn, ip: link.ip, why }, 'device protocol error');
    this.linkDown(link, 'closed');
    link.close(CloseCode.protocol, why.slice(0, 120));
  }

  async #authenticate(link: Link, check: () => ReturnType<Handshake['check']>) {
    const verdict = await check();
    if (!verdict) return;
    if (!verdict.ok) return this.parts.handshake.refuse(link, verdict.reason, verdict.message);
    this.#linkUp(link, verdict.deviceId, verdict.type);
    this.#endAtExpiry(link, verdict.licenceExpiresAt);
  }

  /**
   * A licence that expires while its device is linked ends the link at that moment (4010), not at the
   * next revocation sweep. Beyond a timer's range (24 days) the sweep sees to it.
   */
  #endAtExpiry(link: Link, expiresAt: Date | null | undefined) {
    if (!expiresAt || link.state !== 'up') return;
    const ms = expiresAt.getTime() - this.ctx.now();
    if (ms >= MAX_TIMER_MS) return;
    link.expiryTimer = setTimeout(
      () => {
        if (link.state === 'up') this.end(link, 'revoked');
      },
      Math.max(0, ms),
    );
    link.expiryTimer.unref();
  }

  #linkUp(link: Link, deviceId: DeviceId, type: Link['type']) {
    const { ctx } = this;
    const now = ctx.now();
    clearTimeout(link.authTimer);
    link.state = 'up';
    link.deviceId = deviceId;
    link.type = type;
    link.linkedAt = now;
    link.lastSeen = now;
    link.heartbeatAt = now;
    const heartbeatSeconds = ctx.deps.heartbeatSeconds();
    link.heartbeatMs = heartbeatSeconds * 1000;
    const previous = ctx.registry.setCurrent(link);
    if (previous) this.end(previous, 'replaced');
    ctx.counters.linked++;
    link.sendJson({ type: 'auth.ok', heartbeatSeconds, serverTime: iso(now), ip: link.ip });
    this.parts.batches.markPresence(link, true, now);
    if (!previous) this.parts.live.online(link, now);
    ctx.reports.emit('linked', { deviceId, versions: link.versions });
    ctx.wire.route({ op: 'up', from: ctx.instanceId, deviceId, linkedAt: now, ttlMs: ctx.routeTtlMs });
    ctx.log.debug({ sn: link.sn, deviceId, replaced: !!previous }, 'device linked');
  }

  /** The link is finished (idempotent). Decides whether the device went offline. */
  linkDown(link: Link, reason: OfflineReason | 'replaced') {
    const { ctx } = this;
    const wasUp = link.state === 'up';
    link.state = 'down';
    clearTimeout(link.authTimer);
    clearTimeout(link.expiryTimer);
    if (!wasUp) return;
    this.parts.rpc.failLink(link);
    this.parts.shells.endLink(link);
    const current = ctx.registry.removeCurrent(link);
    // A replaced link, or one that another instance already superseded, is no offline: the device is
    // still linked somewhere.
    if (!current || reason === 'replaced') return;
    if (ctx.routes.hasNewer(link.deviceId, link.linkedAt)) return;
    const now = ctx.now();
    this.parts.batches.markPresence(link, false, now);
    this.parts.live.emit({
      kind: 'presence',
      data: {
        deviceId: link.deviceId,
        type: link.type,
        onlineStatus: 'offline',
        heartbeatDatetime: iso(now),
        reason,
      },
    });
    const { deviceId, linkedAt } = link;
    ctx.wire.route({ op: 'down', from: ctx.instanceId, deviceId, linkedAt, ttlMs: ctx.routeTtlMs });
    ctx.log.debug({ sn: link.sn, deviceId, reason }, 'device unlinked');
  }
}
