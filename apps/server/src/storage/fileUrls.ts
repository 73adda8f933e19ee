import { createHmac, timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** Personal images (faces, ID cards): a leaked URL (history, a proxy log, a screenshot) opens them only this long. */
export const FILE_URL_LIFETIME_S = 5 * 60;
/** Expiries are rounded up to this, so one image keeps one URL for a while (no re-download per render). */
const ROUND_S = 60;

/**
 * Signed file URLs, so an <img src> can show an image the API already decided the caller may see
 * (a bearer header cannot ride on an <img> request). A URL names one file and an expiry; it is
 * valid for five to six minutes (the expiry is rounded up to the minute). Every answer that shows an
 * image carries a fresh URL.
 */
export class FileUrls {
  readonly #key: Buffer;
  /**
   * Signatures by `id.exp`: a URL stays the same for a minute, and a publish puts one photo into the
   * commands of a hundred terminals within that minute.
   */
  readonly #signed = new LRUCache<string, string>({ max: 20_000 });
  constructor(key: Buffer) {
    this.#key = key;
  }

  #hmac(id: string, exp: number) {
    return createHmac('sha256', this.#key).update(`${id}.${exp}`).digest('base64url');
  }

  #sign(id: string, exp: number) {
    const key = `${id}.${exp}`;
    let sig = this.#signed.get(key);
    if (sig === undefined) {
      sig = this.#hmac(id, exp);
      this.#signed.set(key, sig);
    }
    return sig;
  }

  /** `base`: the route serving this kind of file (visitor photos have their own, `/api/visitor/photo/`). */
  url(id: string, now = Date.now(), base = '/api/file/'): string {
    const exp = Math.ceil((now / 1000 + FILE_URL_LIFETIME_S) / ROUND_S) * ROUND_S;
    return `${base}${id}?exp=${exp}&sig=${this.#sign(id, exp)}`;
  }

  /** `url()` for a nullable reference. */
  urlOf(id: string | null): string | null {
    return id ? this.url(id) : null;
  }

  verify(id: string, exp: number, sig: string, now = Date.now()): boolean {
    if (!Number.isInteger(exp) || exp * 1000 <= now) return false;
    // Not through the cache: whoever asks chooses id and exp.
    const expected = Buffer.from(this.#hmac(id, exp));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
