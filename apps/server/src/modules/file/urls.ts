import { createHmac, timingSafeEqual } from 'node:crypto';

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
  constructor(key: Buffer) {
    this.#key = key;
  }

  #sign(id: string, exp: number) {
    return createHmac('sha256', this.#key).update(`${id}.${exp}`).digest('base64url');
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
    const expected = Buffer.from(this.#sign(id, exp));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
