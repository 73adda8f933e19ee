import { RETRY_AFTER_BUSY_MAX_S } from '@siteops/contracts/device-protocol';
import { RateBucket } from '../core/rateBucket.ts';

/**
 * New device links per second on this instance (DEVICE_ADMIT_PER_SECOND). When an instance dies, its
 * devices all dial the others at once; checking each one costs a database read, so past the rate a new
 * link is turned away before any of that with close 4013 and a wait. The k-th link turned away within a
 * second waits 1 + k / rate seconds, so the refused ones come back spread at the rate admitted.
 */
export class LinkAdmission {
  readonly #bucket: RateBucket;
  #windowAt = 0;
  #turnedAway = 0;

  constructor(private readonly perSecond: number) {
    this.#bucket = new RateBucket({ perSecond, burst: perSecond });
  }

  /** 0: admitted now; else the seconds the device should wait before dialling again. */
  admit(now: number): number {
    if (this.#bucket.take(now)) return 0;
    if (now - this.#windowAt >= 1_000) {
      this.#windowAt = now;
      this.#turnedAway = 0;
    }
    const wait = 1 + Math.floor(this.#turnedAway++ / this.perSecond);
    return Math.min(wait, RETRY_AFTER_BUSY_MAX_S);
  }
}
