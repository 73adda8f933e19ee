import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, verifyLicence, type LicenceBody } from './verify.ts';

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();

function issue(body: Partial<LicenceBody> = {}) {
  const licence: LicenceBody = {
    licenceId: 'L1',
    sn: 'SN0001',
    mac: 'AA:BB:CC:DD:EE:FF',
    platforms: ['p1'],
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    attachInfo: null,
    issuedAt: new Date().toISOString(),
    deviceSecret: 'secret',
    ...body,
  };
  const signature = sign(null, Buffer.from(canonicalJson(licence)), privateKey).toString('base64');
  return { format: 'siteops-licence/1', licence, signature };
}

describe('verifyLicence', () => {
  it('accepts a licence signed with the private key', () => {
    expect(verifyLicence(JSON.stringify(issue()), pem)).toMatchObject({ ok: true, licence: { sn: 'SN0001' } });
  });

  it('rejects a tampered licence', () => {
    const file = issue();
    file.licence.expiresAt = '2099-01-01T00:00:00.000Z';
    expect(verifyLicence(JSON.stringify(file), pem)).toMatchObject({ ok: false, reason: 'badSignature' });
  });

  it('reports an expired one as expired', () => {
    const file = issue({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect(verifyLicence(JSON.stringify(file), pem)).toMatchObject({ ok: false, reason: 'expired' });
  });

  it('rejects a licence signed by another key', () => {
    const other = generateKeyPairSync('ed25519').publicKey;
    expect(verifyLicence(JSON.stringify(issue()), other)).toMatchObject({ ok: false, reason: 'badSignature' });
  });

  it('calls garbage malformed', () => {
    expect(verifyLicence('not json', pem)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('key order does not change the signed bytes', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe('{"a":[{"c":3,"d":2}],"b":1}');
  });
});
