import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { createKeyFileOnce } from './keyFileOnce.ts';
import type { Db } from '../db/client.ts';
import { keyFingerprints } from '../db/schema/index.ts';

export const PII_KEY_FILE = 'pii.key';

export class KeyError extends Error {}

/**
 * The 32-byte master key that protects PII at rest: PII_KEY when configured, else the key in
 * DATA_DIR/pii.key, generated there once (mode 0600) on first start. It is never logged.
 *
 * There is deliberately no in-memory fallback: data encrypted under a key that dies with the process
 * could never be read again. Several instances on one PostgreSQL must share one PII_KEY; the
 * fingerprint check ({@link checkKeyFingerprint}) refuses to start one whose key differs.
 */
export function loadMasterKey(config: Pick<Config, 'piiKey' | 'dataDir'>): Buffer {
  if (config.piiKey) return Buffer.from(config.piiKey.reveal(), 'hex');
  const file = path.join(config.dataDir, PII_KEY_FILE);
  try {
    return readKeyFile(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (err instanceof KeyError) throw err;
    if (code !== 'ENOENT') {
      throw new KeyError(
        `No PII_KEY is configured and ${file} cannot be read (${code ?? 'error'}). ` +
          'Set PII_KEY to 64 hexadecimal characters, or fix DATA_DIR.',
      );
    }
  }
  try {
    fs.mkdirSync(config.dataDir, { recursive: true });
    createKeyFileOnce(file, `${randomBytes(32).toString('hex')}\n`);
  } catch (err) {
    throw new KeyError(
      `No PII_KEY is configured and ${file} cannot be created (${(err as NodeJS.ErrnoException).code ?? 'error'}). ` +
        'Set PII_KEY to 64 hexadecimal characters, or make DATA_DIR writable.',
    );
  }
  return readKeyFile(file);
}

function readKeyFile(file: string): Buffer {
  const text = fs.readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-fA-F]{64}$/.test(text)) {
    throw new KeyError(`${file} does not hold a key (64 hexadecimal characters expected)`);
  }
  return Buffer.from(text, 'hex');
}

/** An independent 32-byte key for one purpose (HKDF-SHA256), so no two uses share key material. */
export function deriveKey(master: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', master, 'siteops', `siteops/${purpose}/v1`, 32));
}

/** Identifies a master key without revealing anything about it. */
export function keyFingerprint(master: Buffer): string {
  return createHmac('sha256', deriveKey(master, 'fingerprint')).update('siteops').digest('hex');
}

/**
 * The first start on a database records the fingerprint of its PII key; later starts must present
 * the same key. A second instance with its own generated key (or a lost key file) would otherwise
 * write rows nobody else can decrypt.
 */
export async function checkKeyFingerprint(db: Db, purpose: string, master: Buffer): Promise<void> {
  const fingerprint = keyFingerprint(master);
  await db.insert(keyFingerprints).values({ purpose, fingerprint }).onConflictDoNothing();
  const [row] = await db.select().from(keyFingerprints).where(eq(keyFingerprints.purpose, purpose));
  if (row && row.fingerprint !== fingerprint) {
    throw new KeyError(
      `The ${purpose} key differs from the one this database was written with. ` +
        'Every instance must use the same PII_KEY (or the same DATA_DIR/pii.key); restore the original key.',
    );
  }
}
