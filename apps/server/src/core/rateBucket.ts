/** A rate: `burst` at once, refilled at `perSecond`. */
export interface Rate {
  perSecond: number;
  burst: number;
}

/**
 * A token bucket: `burst` takes at once, refilled at `perSecond`. One shape for every limit the server
 * keeps on a client (a device link's messages, a user's API calls, new device links per instance).
 */
export class RateBucket {
  #tokens: number;
  #at = 0;

  constructor(private readonly rate: Rate) {
    this.#tokens = rate.burst;
  }

  #refill(now: number) {
    if (this.#at)
      this.#tokens = Math.min(this.rate.burst, this.#tokens + ((now - this.#at) * this.rate.perSecond) / 1000);
    this.#at = now;
  }

  /** Spend one at time `now` (ms); false when the bucket is empty. */
  take(now: number): boolean {
    this.#refill(now);
    if (this.#tokens < 1) return false;
    this.#tokens--;
    return true;
  }

  /** Milliseconds from `now` until one can be taken again (0: now). */
  waitMs(now: number): number {
    this.#refill(now);
    return this.#tokens >= 1 ? 0 : Math.ceil(((1 - this.#tokens) * 1000) / this.rate.perSecond);
  }

  /** Full again at `now`: nothing spent is remembered (a bucket that may be forgotten). */
  fullAt(now: number): boolean {
    this.#refill(now);
    return this.#tokens >= this.rate.burst;
  }
}
