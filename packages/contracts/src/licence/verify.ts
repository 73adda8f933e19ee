import { createPublicKey, verify as edVerify, type KeyObject } from 'node:crypto';
import { licenceFile, type LicenceBody, type LicenceFile } from './schemas.ts';

/**
 * A device licence (`<sn>.lic`): what the server grants, signed with its Ed25519 key. Anyone holding the
 * public key (GET /api/device/licencePublicKey) can check one offline; nobody without the private key
 * can make one. Node-only: import it from the server, the simulator and CLIs, never from the console
 * (the schemas themselves are in ./deviceLicence.ts, browser-safe).
 */
export { licenceBody, licenceFile, type LicenceBody, type LicenceFile } from './schemas.ts';

/** Sorted keys, no whitespace: the exact bytes that are signed. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

type LicenceCheck =
  | { ok: true; licence: LicenceBody }
  | { ok: false; reason: 'malformed' | 'badSignature' | 'expired'; licence?: LicenceBody };

/** Check a licence file's text offline: well-formed, signed by `publicKey`, not expired at `now`. */
export function verifyLicence(text: string, publicKey: string | KeyObject, now = new Date()): LicenceCheck {
  let parsed: LicenceFile;
  try {
    parsed = licenceFile.parse(JSON.parse(text));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const key = typeof publicKey === 'string' ? createPublicKey(publicKey) : publicKey;
  const signed = edVerify(
    null,
    Buffer.from(canonicalJson(parsed.licence)),
    key,
    Buffer.from(parsed.signature, 'base64'),
  );
  if (!signed) return { ok: false, reason: 'badSignature', licence: parsed.licence };
  if (new Date(parsed.licence.expiresAt).getTime() <= now.getTime()) {
    return { ok: false, reason: 'expired', licence: parsed.licence };
  }
  return { ok: true, licence: parsed.licence };
}
