import { randomBytes, sign, verify } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as tar from 'tar';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { users } from '../db/schema/index.ts';
import { loadMasterKey } from '../crypto/keys.ts';
import { Pii } from '../crypto/pii.ts';
import { loadSigningKey } from '../modules/device/signingKey.ts';
import { adminUrl, onServer } from '../../test/template.ts';
import { BackupError, createBackup, restoreBackup } from './backup.ts';

const PG_URL = process.env.TEST_DATABASE_URL;
const dirs: string[] = [];
const tmp = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** PostgreSQL: a database of its own for this file (dropped after); the embedded database: none needed. */
async function freshDatabaseUrl(): Promise<string | undefined> {
  if (!PG_URL) return undefined;
  const name = `siteops_backup_${randomBytes(4).toString('hex')}`;
  await onServer(PG_URL, `create database ${name}`);
  cleanups.push(() => onServer(PG_URL, `drop database if exists ${name} with (force)`));
  return adminUrl(PG_URL, name);
}

const configFor = (dataDir: string, databaseUrl?: string): Config =>
  loadConfig({
    DATA_DIR: dataDir,
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    LOG_LEVEL: 'silent',
    DEMO: '0',
    MQTT_PORT: 'off',
    HJ212_PORT: 'off',
    API_RATE_LIMIT: 'off',
  });

describe(`backup and restore (${PG_URL ? 'PostgreSQL' : 'embedded database'})`, () => {
  it('a round trip brings back the rows, the files and the keys: ID numbers decrypt, licences still verify', async () => {
    const dataDir = tmp('siteops-backup-src-');
    const config = configFor(dataDir, await freshDatabaseUrl());
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir });
    await database.migrate();
    const pii = new Pii(loadMasterKey(config));
    const idNumber = '110101199003070011';
    await database.db.insert(users).values({
      userName: 'backup-user',
      password: 'x',
      role: 'user',
      realName: 'Backup User',
      idNo: pii.encrypt(idNumber, 'users.id_no'),
    } as typeof users.$inferInsert);
    await database.close();
    const signingKey = loadSigningKey({ dataDir });
    const licenceBytes = Buffer.from('{"sn":"SIMDUST000001"}');
    const signature = sign(null, licenceBytes, signingKey.privateKey);
    const upload = randomBytes(4096);
    fs.mkdirSync(path.join(dataDir, 'files', 'ab'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'files', 'ab', 'upload.bin'), upload);

    const file = path.join(tmp('siteops-backup-out-'), 'site.tar');
    const made = await createBackup(config, file);
    expect(made).toMatchObject({ database: PG_URL ? 'postgres' : 'pglite', files: 1 });
    expect(made.dataEntries.sort()).toEqual(['files', 'licence-ed25519.pem', 'pii.key']);
    expect(made.migration.tag).toMatch(/^\d{4}_/);

    // Wipe: the data directory goes, and on PostgreSQL every table.
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (config.databaseUrl) {
      const wipe = await openDatabase({ databaseUrl: config.databaseUrl });
      const { sql } = await import('drizzle-orm');
      await wipe.db.execute(
        sql`drop schema public cascade; drop schema if exists drizzle cascade; create schema public`,
      );
      await wipe.close();
    }

    const restored = await restoreBackup(config, file);
    expect(restored.migration).toEqual(made.migration);
    const again = await openDatabase({ databaseUrl: config.databaseUrl, dataDir });
    try {
      const [row] = await again.db.select().from(users).where(eq(users.userName, 'backup-user'));
      expect(row.realName).toBe('Backup User');
      expect(new Pii(loadMasterKey(config)).decrypt(row.idNo!, 'users.id_no')).toBe(idNumber);
    } finally {
      await again.close();
    }
    expect(fs.readFileSync(path.join(dataDir, 'files', 'ab', 'upload.bin')).equals(upload)).toBe(true);
    const back = loadSigningKey({ dataDir });
    expect(back.fingerprint).toBe(signingKey.fingerprint);
    expect(verify(null, licenceBytes, back.publicKeyPem, signature)).toBe(true);
  });

  it('refuses a backup made by a newer SiteOps, and says so', async () => {
    const staging = tmp('siteops-backup-newer-');
    const manifest = {
      format: 'siteops-backup/1',
      createdAt: new Date().toISOString(),
      database: PG_URL ? 'postgres' : 'pglite',
      migration: { when: Date.now() + 10 * 365 * 86_400_000, tag: '0999_from_the_future' },
      dataEntries: [],
      files: 0,
    };
    fs.writeFileSync(path.join(staging, 'manifest.json'), JSON.stringify(manifest));
    const file = path.join(staging, 'newer.tar');
    await tar.c({ file, cwd: staging }, ['manifest.json']);
    const dataDir = tmp('siteops-backup-target-');
    await expect(restoreBackup(configFor(dataDir, PG_URL), file)).rejects.toThrow(BackupError);
    await expect(restoreBackup(configFor(dataDir, PG_URL), file)).rejects.toThrow(
      /newer SiteOps \(schema 0999_from_the_future\)/,
    );
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it.skipIf(!!PG_URL)('the embedded database is not backed up under a running server', async () => {
    const dataDir = tmp('siteops-backup-busy-');
    fs.mkdirSync(path.join(dataDir, 'pgdata'));
    // Another live process (this one's parent, standing in for the server) holds the directory.
    fs.writeFileSync(path.join(dataDir, 'siteops.lock'), String(process.ppid));
    await expect(createBackup(configFor(dataDir), path.join(dataDir, 'x.tar'))).rejects.toThrow(DataDirLockedError);
  });
});
