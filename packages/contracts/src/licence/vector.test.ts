import { createHash, createPrivateKey, createPublicKey, sign } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canonicalJson, licenceFile, verifyLicence } from './verify.ts';

/**
 * docs/device-protocol.md 11.5 is a test vector a firmware team checks its code against: it must stay
 * true. The key is RFC 8032's test key 1; Ed25519 is deterministic, so the signature is fixed too.
 */
const doc = fs.readFileSync(new URL('../../../../docs/device-protocol.md', import.meta.url), 'utf8');
const SEED = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60';
const PKCS8_ED25519_PREFIX = '302e020100300506032b657004220420';

/** The fenced block right after `<!-- vector:<name> -->`. */
function block(name: string): string {
  const m = doc.match(new RegExp(`<!-- vector:${name} -->\\n\`\`\`[a-z]*\\n([\\s\\S]*?)\`\`\``));
  if (!m) throw new Error(`docs/device-protocol.md has no vector:${name} block`);
  return m[1];
}

const privateKey = createPrivateKey({
  key: Buffer.from(PKCS8_ED25519_PREFIX + SEED, 'hex'),
  format: 'der',
  type: 'pkcs8',
});
const publicKey = createPublicKey(privateKey);

describe('the worked licence example in docs/device-protocol.md', () => {
  it('verifies with the public key the doc gives, which is the seed its text names', () => {
    const pem = block('pem');
    expect(pem).toBe(publicKey.export({ type: 'spki', format: 'pem' }).toString());
    const raw = publicKey.export({ type: 'spki', format: 'der' }).subarray(-32).toString('hex');
    expect(doc).toContain(`\`${SEED}\``);
    expect(doc).toContain(`\`${raw}\``);
    const fingerprint = createHash('sha256')
      .update(publicKey.export({ type: 'spki', format: 'der' }))
      .digest('hex');
    expect(doc).toContain(`fingerprint \`${fingerprint}\``);
    const check = verifyLicence(block('file'), pem, new Date('2026-11-25T00:00:00Z'));
    expect(check).toMatchObject({ ok: true, licence: { sn: 'SIMDUST000001' } });
  });

  it('shows the exact signed bytes, and its signature is what signing them with the seed gives', () => {
    const file = licenceFile.parse(JSON.parse(block('file')));
    const canonical = block('canonical').trimEnd();
    expect(canonical).toBe(canonicalJson(file.licence));
    expect(doc).toContain(`(one line, ${Buffer.byteLength(canonical)} bytes)`);
    expect(sign(null, Buffer.from(canonical), privateKey).toString('base64')).toBe(file.signature);
    expect(doc).toContain(`"secret": "${file.licence.deviceSecret}"`);
  });

  it('fails with any byte changed', () => {
    const tampered = block('file').replace('SIMDUST000001', 'SIMDUST000002');
    expect(verifyLicence(tampered, block('pem'), new Date('2026-11-25T00:00:00Z'))).toMatchObject({
      ok: false,
      reason: 'badSignature',
    });
  });
});
