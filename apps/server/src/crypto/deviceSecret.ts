import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * What the devices table stores for a licence's device secret (`secret_hash`, 64 hex characters).
 * Unsalted SHA-256 is enough here: the secret is 256 random bits minted by the grant, never chosen by
 * a person, so there is nothing to guess from a dictionary.
 */
export function hashDeviceSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Constant-time check of a presented secret against a stored hash (a missing or malformed hash never matches). */
export function secretMatches(secret: string, hash: string | null | undefined): boolean {
  if (!hash || hash.length !== 64) return false;
  const a = Buffer.from(hashDeviceSecret(secret), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
