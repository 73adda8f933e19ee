import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { deriveKey } from './keys.ts';

/** Columns holding encrypted PII; the name is bound into each ciphertext (AAD), so values cannot be swapped. */
export type PiiColumn =
  | 'users.id_no'
  | 'users.card_no'
  | 'devices.terminal_password'
  | 'devices.hj212_pw'
  | 'visitors.id_no'
  | 'labour_workers.id_no'
  | 'labour_workers.bank_card_no'
  | 'labour_applications.id_no'
  | 'certifications.legal_id_no'
  | 'alarm_channels.url'
  | 'alarm_channels.secret';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * ID and bank card numbers at rest: AES-256-GCM with a fresh random IV per value, stored as
 * `v1.<base64url(iv | tag | ciphertext)>`; exact search goes through an HMAC-SHA256 under a separate
 * derived key, so the search column reveals nothing without the key.
 */
export class Pii {
  readonly #encKey: Buffer;
  readonly #hashKey: Buffer;

  constructor(master: Buffer) {
    if (master.length !== 32) throw new Error('The PII master key must be 32 bytes');
    this.#encKey = deriveKey(master, 'pii-encrypt');
    this.#hashKey = deriveKey(master, 'pii-search');
  }

  encrypt(plain: string, column: PiiColumn): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#encKey, iv);
    cipher.setAAD(Buffer.from(column));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /** Throws when the value was altered or written under another key. */
  decrypt(stored: string, column: PiiColumn): string {
    const [version, payload] = stored.split('.', 2);
    if (version !== VERSION || !payload) throw new Error(`Not a ${VERSION} PII ciphertext`);
    const raw = Buffer.from(payload, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.#encKey, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(column));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }

  /** Keyed hash for exact search; callers normalise first (the contracts' idNo schema does). */
  searchHash(normalised: string): string {
    return createHmac('sha256', this.#hashKey).update(normalised).digest('hex');
  }

  /** Decrypt and mask, or null; what lists, exports and the audit log show. */
  masked(stored: string | null, column: PiiColumn): string | null {
    if (stored === null) return null;
    try {
      return maskPii(this.decrypt(stored, column));
    } catch {
      return '********';
    }
  }
}

/**
 * First 3 and last 4 characters, every other one '*'. Values of 7 characters or fewer are masked
 * whole, since showing 3 + 4 of them would show everything.
 */
export function maskPii(value: string): string;
export function maskPii(value: string | null): string | null;
export function maskPii(value: string | null): string | null {
  if (value === null) return null;
  if (value.length <= 7) return '*'.repeat(value.length);
  return `${value.slice(0, 3)}${'*'.repeat(value.length - 7)}${value.slice(-4)}`;
}
