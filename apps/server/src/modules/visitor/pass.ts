import { sign, verify, type KeyObject } from 'node:crypto';

/** What a visitor's pass (its QR code) says: who, where, and the visit window in epoch seconds. */
export interface VisitorPass {
  /** Visitor id. */
  id: number;
  /** Project id. */
  p: number;
  /** Not before / not after. */
  nb: number;
  na: number;
}

const PREFIX = 'SOV1';

/**
 * The pass a gate verifies offline: `SOV1.<base64url(JSON)>.<base64url(Ed25519 signature)>`, the
 * signature over the text before the last dot. Signed with the licence key, whose public half every
 * gate already trusts (`GET /api/device/licencePublicKey`); the prefix keeps a pass from ever reading
 * as a licence. Short enough for a QR code a phone camera reads at arm's length (~150 characters).
 */
export function signPass(key: KeyObject, pass: VisitorPass): string {
  const body = `${PREFIX}.${Buffer.from(JSON.stringify({ id: pass.id, p: pass.p, nb: pass.nb, na: pass.na })).toString('base64url')}`;
  return `${body}.${sign(null, Buffer.from(body), key).toString('base64url')}`;
}

/** The pass, if `token` is one signed by `publicKey`; null otherwise. (What a gate does, for tests.) */
export function readPass(publicKey: KeyObject, token: string): VisitorPass | null {
  const last = token.lastIndexOf('.');
  const body = token.slice(0, last);
  const [prefix, payload] = body.split('.');
  if (last < 0 || prefix !== PREFIX || !payload) return null;
  if (!verify(null, Buffer.from(body), publicKey, Buffer.from(token.slice(last + 1), 'base64url'))) return null;
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as VisitorPass;
}

export const passOf = (v: { id: number; projectId: number; visitStart: Date; visitEnd: Date }): VisitorPass => ({
  id: v.id,
  p: v.projectId,
  nb: Math.floor(v.visitStart.getTime() / 1000),
  na: Math.floor(v.visitEnd.getTime() / 1000),
});
