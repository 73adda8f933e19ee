import { randomUUID } from 'node:crypto';
import type { Bus } from '../bus/bus.ts';
import type { SessionRow, UserRow } from '../db/schema/index.ts';

/** Another instance changed something a cached session depends on; every instance drops its entries. */
export const SESSIONS_CHANGED = 'auth:sessions-changed';

/** What a session lookup found, kept so the next request with the same token skips the database. */
export interface CachedSession {
  session: SessionRow;
  user: UserRow;
  /** The first instant the user's agent no longer admits it (day after exp_date), or null. */
  agentExpiresAt: Date | null;
}

export interface SessionCacheOptions {
  /** An entry is trusted this long at most, whatever the bus says (a lost message costs at most this). */
  ttlMs?: number;
  maxEntries?: number;
  /** How long a mutation waits for its own invalidation to come back over the bus. */
  echoTimeoutMs?: number;
}

interface Entry {
  value: CachedSession;
  storedAt: number;
}

/**
 * Per-instance cache of live sessions by token hash (decision 0016). Revocation stays immediate on every
 * instance because any write that could end or change a session calls `forgetAll()` before its answer
 * leaves: the entries here are dropped and the other instances are told over the bus, and the write waits
 * for its own message to come back so that they have heard it too. While Redis is down this instance
 * cannot hear the others, so it stops caching until the bus is back.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped on every invalidation: a lookup started before one must not store what it read. */
  private generation = 0;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly echoTimeoutMs: number;
  private bus?: Bus;
  private unsubscribe?: () => Promise<void>;
  private readonly waiting = new Map<string, () => void>();
  private wasDown = false;

  constructor(options: SessionCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 5_000;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.echoTimeoutMs = options.echoTimeoutMs ?? 1_000;
  }

  /** Listen to the other instances' invalidations (and announce ours to them). */
  async attach(bus: Bus) {
    this.bus = bus;
    this.unsubscribe = await bus.subscribe(SESSIONS_CHANGED, (message) => {
      this.clear();
      const nonce = typeof message === 'object' && message ? (message as { nonce?: unknown }).nonce : undefined;
      if (typeof nonce === 'string') this.waiting.get(nonce)?.();
    });
  }

  async detach() {
    // The bus may already be closed by the device link's own shutdown; nothing is left to end then.
    await this.unsubscribe?.().catch(() => undefined);
    this.unsubscribe = undefined;
    this.bus = undefined;
    for (const resolve of this.waiting.values()) resolve();
  }

  /** The generation a lookup must pass back to `set`, taken before it reads the database. */
  begin() {
    return this.generation;
  }

  get(tokenHash: string): CachedSession | undefined {
    if (!this.usable()) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (Date.now() - entry.storedAt >= this.ttlMs) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.value;
  }

  set(tokenHash: string, value: CachedSession, generation: number) {
    if (generation !== this.generation || !this.usable()) return;
    if (this.entries.size >= this.maxEntries) {
      // Map keeps insertion order: the oldest entry goes first.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { value, storedAt: Date.now() });
  }

  /** Refresh what a cached entry says about lastSeenAt after the database was touched. */
  touched(tokenHash: string, lastSeenAt: Date) {
    const entry = this.entries.get(tokenHash);
    if (entry) entry.value = { ...entry.value, session: { ...entry.value.session, lastSeenAt } };
  }

  /** Drop every entry here and on every other instance; resolves when the others have heard it. */
  async forgetAll() {
    this.clear();
    const bus = this.bus;
    if (!bus || bus.state?.() === 'down') return;
    const nonce = randomUUID();
    const heard = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.echoTimeoutMs);
      this.waiting.set(nonce, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    try {
      await bus.publish(SESSIONS_CHANGED, { nonce });
      await heard;
    } catch {
      // The bus failed mid-publish: it is down, and `usable()` keeps this instance from caching.
    } finally {
      this.waiting.delete(nonce);
    }
  }

  get size() {
    return this.entries.size;
  }

  private clear() {
    this.generation += 1;
    this.entries.clear();
  }

  private usable() {
    const down = this.bus?.state?.() === 'down';
    if (down) {
      if (!this.wasDown) this.clear();
      this.wasDown = true;
      return false;
    }
    if (this.wasDown) {
      // Back from an outage: whatever was missed meanwhile, start empty.
      this.wasDown = false;
      this.clear();
    }
    return true;
  }
}
