import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface SigningKey {
  privateKey: KeyObject;
  /** SPKI PEM, published at GET /api/device/licencePublicKey. */
  publicKeyPem: string;
}

/**
 * The Ed25519 key that signs licences: from configuration (PEM), else generated once into the data
 * directory (mode 0600). It never leaves the server; only the public half is served.
 */
export function loadSigningKey(opts: { pem?: string; dataDir: string }): SigningKey {
  let privateKey: KeyObject;
  if (opts.pem) {
    privateKey = createPrivateKey(opts.pem);
  } else {
    const file = path.join(opts.dataDir, 'licence-ed25519.pem');
    if (fs.existsSync(file)) {
      privateKey = createPrivateKey(fs.readFileSync(file));
    } else {
      privateKey = generateKeyPairSync('ed25519').privateKey;
      fs.mkdirSync(opts.dataDir, { recursive: true });
      fs.writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
    }
  }
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('The licence signing key must be an Ed25519 key');
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return { privateKey, publicKeyPem };
}
