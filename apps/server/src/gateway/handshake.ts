import { CloseCode, RETRY_AFTER_REFUSAL_S, authMessage, type RefuseReason } from '@siteops/contracts/device-protocol';
import type { GatewayContext } from './context.ts';
import type { Link } from './registry.ts';
import type { LinkCredentials } from './transports/transport.ts';
import type { AuthResult } from './types.ts';

/** Directory checks at once; the rest queue (after a restart the whole fleet dials in the same second). */
const MAX_CONCURRENT_AUTH = 64;

const REFUSE_MESSAGES: Record<RefuseReason, string> = {
  unknown: 'This device is not authorised yet; an administrator has to authorise it',
  forbidden: 'This device is forbidden',
  badSecret: 'The device secret does not match its licence',
  expired: 'The licence of this device has expired',
  mismatch: 'The MAC address or device type does not match the registered device',
  protocol: 'Malformed auth message or unsupported protocol version',
  unavailable: 'The server cannot check devices right now; try again later',
};

type Verdict = AuthResult | { ok: false; reason: 'protocol' | 'unavailable'; message?: string };

/** A counting semaphore: bounds the directory (database) work a reconnect storm can cause. */
class Slots {
  #active = 0;
  readonly #queue: (() => void)[] = [];

  constructor(private readonly max: number) {}

  async acquire() {
    if (this.#active < this.max) {
      this.#active++;
      return;
    }
    await new Promise<void>((resolve) => this.#queue.push(resolve));
  }

  /** Hand the slot straight to the next waiter, if any. */
  release() {
    const next = this.#queue.shift();
    if (next) next();
    else this.#active--;
  }
}

/**
 * The auth handshake (protocol 1.1): the device's first message checked against the device directory,
 * and the refusal, answered after `refuseDelayMs` to slow down secret guessing.
 */
export class Handshake {
  readonly #slots = new Slots(MAX_CONCURRENT_AUTH);

  constructor(private readonly ctx: GatewayContext) {}

  /**
   * The directory's verdict on `json`, the link's first message; undefined when the link ended while
   * it waited (nothing left to answer). The directory failing is `unavailable`: the device retries with its normal backoff.
   */
  async check(link: Link, json: unknown): Promise<Verdict | undefined> {
    const parsed = authMessage.safeParse(json);
    if (!parsed.success) return { ok: false, reason: 'protocol', message: 'Malformed auth message' };
    const auth = parsed.data;
    link.sn = auth.sn;
    link.versions = auth.versions;
    const { directory } = this.ctx.deps;
    return this.#ask(link, () =>
      directory.authenticate(auth.sn, auth.mac, auth.secret, {
        type: auth.deviceType,
        versions: auth.versions,
        ip: link.ip,
      }),
    );
  }

  /** The same, for a transport's own credentials (LinkInput.authenticate). */
  async checkCredentials(link: Link, credentials: LinkCredentials): Promise<Verdict | undefined> {
    const { directory } = this.ctx.deps;
    link.sn = credentials.mn;
    if (!directory.authenticateHj212) return { ok: false, reason: 'unavailable' };
    return this.#ask(link, () => directory.authenticateHj212!(credentials.mn, credentials.pw, { ip: link.ip }));
  }

  async #ask(link: Link, check: () => Promise<AuthResult>): Promise<Verdict | undefined> {
    await this.#slots.acquire();
    let verdict: Verdict;
    try {
      if (link.state !== 'authing') return undefined;
      verdict = await check();
    } catch (err) {
      this.ctx.log.warn({ err, sn: link.sn }, 'device directory failed');
      verdict = { ok: false, reason: 'unavailable' };
    } finally {
      this.#slots.release();
    }
    return link.state === 'authing' ? verdict : undefined;
  }

  async refuse(link: Link, reason: RefuseReason, message?: string) {
    const { counters, log, opt } = this.ctx;
    counters.refused[reason] = (counters.refused[reason] ?? 0) + 1;
    log.debug({ sn: link.sn, ip: link.ip, reason }, 'device refused');
    if (opt.refuseDelayMs > 0) await new Promise((r) => setTimeout(r, opt.refuseDelayMs));
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
}
