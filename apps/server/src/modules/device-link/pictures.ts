import { createHmac, timingSafeEqual } from 'node:crypto';

const HOUR_S = 3600;

/**
 * Signed URLs for event pictures, so an <img src> can show a picture the events list already decided
 * the caller may see. Valid one to two hours (rounded to the hour, so URLs stay cacheable).
 */
export class PictureUrls {
  readonly #key: Buffer;
  constructor(key: Buffer) {
    this.#key = key;
  }

  #sign(deviceId: number, eventId: string, exp: number) {
    return createHmac('sha256', this.#key).update(`${deviceId}.${eventId}.${exp}`).digest('base64url');
  }

  url(deviceId: number, eventId: string, now = Date.now()) {
    const exp = (Math.ceil(now / 1000 / HOUR_S) + 1) * HOUR_S;
    return `/api/device/${deviceId}/events/${eventId}/picture?exp=${exp}&sig=${this.#sign(deviceId, eventId, exp)}`;
  }

  verify(deviceId: number, eventId: string, exp: number, sig: string, now = Date.now()) {
    if (!Number.isInteger(exp) || exp * 1000 <= now) return false;
    const expected = Buffer.from(this.#sign(deviceId, eventId, exp));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
