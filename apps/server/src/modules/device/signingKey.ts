import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { canonicalJson, type LicenceBody, type LicenceFile } from '@siteops/contracts/licence/verify';
import type { Db } from '../../db/client.ts';
import { createKeyFileOnce } from '../../crypto/keyFileOnce.ts';
import { keyFingerprints } from '../../db/schema/index.ts';
import { KeyError } from '../../crypto/keys.ts';

export const LICENCE_KEY_FILE = 'licence-ed25519.pem';

export interface SigningKey {
  privateKey: KeyObject;
  /** SPKI PEM, published at GET /api/device/licencePublicKey. */
  publicKeyPem: string;
  /** SHA-256 of the DER public key, hex: names the key without revealing anything. */
  fingerprint: string;
}

/**
 * The Ed25519 key that signs licences: from configuration (PEM), else generated once into the data
 * directory (mode 0600). It never leaves the server; only the public half is served.
 */
export function loadSigningKey(opts: { pem?: string; dataDir: string }): SigningKey {
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(opts.pem ?? readOrCreateKeyFile(path.join(opts.dataDir, LICENCE_KEY_FILE)));
  } catch (err) {
    if (err instanceof KeyError) throw err;
    throw new KeyError(
      opts.pem
        ? 'LICENCE_KEY_PEM is not a readable private key'
        : `${path.join(opts.dataDir, LICENCE_KEY_FILE)} does not hold a readable private key`,
    );
  }
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new KeyError('The licence signing key must be an Ed25519 key');
  const publicKey = createPublicKey(privateKey);
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const fingerprint = createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex');
  return { privateKey, publicKeyPem, fingerprint };
}

function readOrCreateKeyFile(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new KeyError(`${file} cannot be read; set LICENCE_KEY_PEM or fix DATA_DIR`);
    }
  }
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    createKeyFileOnce(file, pem);
  } catch (err) {
    throw new KeyError(
      `No LICENCE_KEY_PEM is configured and ${file} cannot be created (${(err as NodeJS.ErrnoException).code ?? 'error'}); ` +
        'set LICENCE_KEY_PEM or make DATA_DIR writable',
    );
  }
  return fs.readFileSync(file, 'utf8');
}

/**
 * The first start on a database records the fingerprint of its licence key; later starts must present
 * the same key. Otherwise instances sharing a PostgreSQL would sign with different keys and publish
 * different public keys, and a licence would verify or not depending on which one was asked.
 */
export async function checkSigningKeyFingerprint(db: Db, key: SigningKey): Promise<void> {
  await db.insert(keyFingerprints).values({ purpose: 'licence', fingerprint: key.fingerprint }).onConflictDoNothing();
  const [row] = await db.select().from(keyFingerprints).where(eq(keyFingerprints.purpose, 'licence'));
  if (row && row.fingerprint !== key.fingerprint) {
    throw new KeyError(
      'The licence signing key differs from the one this database issued licences with. Every instance must use ' +
        `the same LICENCE_KEY_PEM (or the same DATA_DIR/${LICENCE_KEY_FILE}); restore the original key.`,
    );
  }
}

/** Sign a licence exactly as `verifyLicence` checks it: Ed25519 over its canonical JSON. */
export function signLicence(key: SigningKey, licence: LicenceBody): LicenceFile {
  const signature = sign(null, Buffer.from(canonicalJson(licence)), key.privateKey).toString('base64');
  return { format: 'siteops-licence/1', licence, signature };
}
