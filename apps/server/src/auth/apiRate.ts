import { RateBucket, type Rate } from '../core/rateBucket.ts';
import { tooManyRequests } from '../core/errors.ts';
import { t } from '../core/messages/index.ts';

/** Users idle this long with a full bucket are forgotten, so the map holds only the active ones. */
const SWEEP_MS = 60_000;

/**
 * The per-user API rate (API_RATE_LIMIT): each signed-in user's calls on this instance come out of a
 * bucket of `burst`, refilled at `perSecond`. A person clicking through the console never reaches it;
 * a script or a runaway tab gets 429 with Retry-After instead of taking the server from everyone else.
 * Per instance: behind N instances a user may reach N times the rate.
 */
export class ApiRateLimiter {
  readonly #buckets = new Map<number, RateBucket>();
  #sweptAt: number;

  constructor(
    readonly rate: Rate,
    private readonly now: () => number = Date.now,
  ) {
    this.#sweptAt = now();
  }

  /** Spend one call of `userId`'s, or throw the 429 that says when to try again. */
  take(userId: number): void {
    const now = this.now();
    this.#sweep(now);
    let bucket = this.#buckets.get(userId);
    if (!bucket) this.#buckets.set(userId, (bucket = new RateBucket(this.rate)));
    if (bucket.take(now)) return;
    const seconds = Math.max(1, Math.ceil(bucket.waitMs(now) / 1000));
    throw tooManyRequests(t('auth.apiRate', { seconds }), new Date(now + seconds * 1000));
  }

  /** Users with a bucket (tests and metrics). */
  get size() {
    return this.#buckets.size;
  }

  #sweep(now: number) {
    if (now - this.#sweptAt < SWEEP_MS) return;
    this.#sweptAt = now;
    for (const [id, bucket] of this.#buckets) if (bucket.fullAt(now)) this.#buckets.delete(id);
  }
}
