import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { KeyError, keyFingerprint, loadMasterKey } from './keys.ts';
import { Pii, maskPii } from './pii.ts';

const KEY = 'ab'.repeat(32);
const tmpDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'siteops-key-'));

describe('maskPii', () => {
  it('keeps the first 3 and last 4 characters', () => {
    expect(maskPii('11010519900101123X')).toBe('110***********123X');
    expect(maskPii('6222020200112233445')).toBe('622************3445');
    expect(maskPii('12345678')).toBe('123*5678');
  });
  it('masks short values whole, so they are never shown in full', () => {
    expect(maskPii('1234567')).toBe('*******');
    expect(maskPii('')).toBe('');
    expect(maskPii(null)).toBeNull();
  });
});

describe('Pii', () => {
  const pii = new Pii(Buffer.from(KEY, 'hex'));

  it('round-trips, with a fresh IV each time', () => {
    const a = pii.encrypt('11010519900101123X', 'users.id_no');
    const b = pii.encrypt('11010519900101123X', 'users.id_no');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(a).not.toContain('123X');
    expect(pii.decrypt(a, 'users.id_no')).toBe('11010519900101123X');
  });

  it('refuses a tampered value, a value moved to another column and another key', () => {
    const c = pii.encrypt('6222020200112233445', 'users.card_no');
    const raw = Buffer.from(c.slice(3), 'base64url');
    raw[raw.length - 1] ^= 1;
    expect(() => pii.decrypt(`v1.${raw.toString('base64url')}`, 'users.card_no')).toThrow();
    expect(() => pii.decrypt(c, 'users.id_no')).toThrow();
    expect(() => new Pii(Buffer.alloc(32, 7)).decrypt(c, 'users.card_no')).toThrow();
  });

  it('search hashes are keyed: same input same hash, another key another hash', () => {
    expect(pii.searchHash('X')).toBe(pii.searchHash('X'));
    expect(pii.searchHash('X')).toMatch(/^[0-9a-f]{64}$/);
    expect(new Pii(Buffer.alloc(32, 7)).searchHash('X')).not.toBe(pii.searchHash('X'));
  });

  it('masked() shows a placeholder rather than failing on an unreadable value', () => {
    expect(pii.masked('v1.garbage', 'users.id_no')).toBe('********');
    expect(pii.masked(pii.encrypt('11010519900101123X', 'users.id_no'), 'users.id_no')).toBe('110***********123X');
  });
});

describe('master key', () => {
  it('comes from PII_KEY when set, and the config never prints it', () => {
    const config = loadConfig({ PII_KEY: KEY.toUpperCase(), DATA_DIR: '/nonexistent/never-written' });
    expect(loadMasterKey(config).toString('hex')).toBe(KEY);
    expect(JSON.stringify(config)).not.toContain(KEY);
    expect(inspect(config, { depth: 5 })).not.toContain(KEY);
    expect(String(config.piiKey)).toBe('[redacted]');
  });

  it('refuses a malformed PII_KEY without echoing it', () => {
    expect(() => loadConfig({ PII_KEY: 'secret-but-short' })).toThrow(/PII_KEY: must be 64 hexadecimal/);
    try {
      loadConfig({ PII_KEY: 'secret-but-short' });
    } catch (err) {
      expect((err as Error).message).not.toContain('secret-but-short');
    }
  });

  it('otherwise is generated once into DATA_DIR/pii.key with mode 0600 and reused', () => {
    const dir = tmpDir();
    const first = loadMasterKey({ dataDir: dir });
    const file = path.join(dir, 'pii.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadMasterKey({ dataDir: dir }).equals(first)).toBe(true);
    expect(fs.readdirSync(dir)).toEqual(['pii.key']);
  });

  it('refuses a key file that does not hold a key', () => {
    const dir = tmpDir();
    fs.writeFileSync(path.join(dir, 'pii.key'), 'hello');
    expect(() => loadMasterKey({ dataDir: dir })).toThrow(KeyError);
  });

  it('says what to do when it can neither read nor create the file', () => {
    const dir = tmpDir();
    const blocked = path.join(dir, 'file-not-dir');
    fs.writeFileSync(blocked, '');
    expect(() => loadMasterKey({ dataDir: blocked })).toThrow(/Set PII_KEY/);
  });

  it('fingerprints identify a key without revealing it', () => {
    const fp = keyFingerprint(Buffer.from(KEY, 'hex'));
    expect(fp).toMatch(/^[0-9a-f]{64}$/);
    expect(fp).not.toContain(KEY.slice(0, 16));
    expect(keyFingerprint(Buffer.alloc(32))).not.toBe(fp);
  });
});

describe('device secrets', () => {
  it('a licence secret matches only its own hash, and the gateway test double stores the same hash', async () => {
    const { hashDeviceSecret, secretMatches } = await import('./deviceSecret.ts');
    const { hashDeviceSecret: doubleHash } = await import('../gateway/index.ts');
    expect(secretMatches('s3cret', hashDeviceSecret('s3cret'))).toBe(true);
    expect(secretMatches('other', hashDeviceSecret('s3cret'))).toBe(false);
    expect(secretMatches('s3cret', null)).toBe(false);
    expect(doubleHash('s3cret')).toBe(hashDeviceSecret('s3cret'));
  });
});
