import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { configuredDatabase, type Config } from '../config.ts';
import { MIGRATIONS_DIR, openDatabase, type Database } from '../db/client.ts';
import { lockDataDir } from '../db/lock.ts';
import { PII_KEY_FILE } from '../crypto/keys.ts';
import { LICENCE_KEY_FILE } from '../modules/device/signingKey.ts';

const run = promisify(execFile);

export const BACKUP_FORMAT = 'siteops-backup/1';
const MANIFEST = 'manifest.json';
const PGLITE_DUMP = 'database.tar.gz';
const PG_DUMP = 'database.pgdump';
/** What of DATA_DIR goes along: uploaded files and firmware, and the keys generated there. */
const DATA_ENTRIES = ['files', PII_KEY_FILE, LICENCE_KEY_FILE];

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** The newest migration applied to the database backed up (drizzle's folderMillis, and its tag). */
  migration: { when: number; tag: string };
  /** What of DATA_DIR it holds (absent: was not there, e.g. PII_KEY set in the environment). */
  dataEntries: string[];
  files: number;
}

export class BackupError extends Error {}

interface JournalEntry {
  when: number;
  tag: string;
}

const journal = (): JournalEntry[] =>
  (
    JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: JournalEntry[];
    }
  ).entries;

async function appliedMigration(database: Database): Promise<{ when: number; tag: string }> {
  const rows = (await database.db
    .execute(sql`select max(created_at)::text as "when" from drizzle.__drizzle_migrations`)
    .catch(() => {
      throw new BackupError('There is no SiteOps database to back up here (it has never been started)');
    })) as unknown as { rows: { when: string | null }[] };
  const when = Number(rows.rows[0]?.when ?? 0);
  return { when, tag: journal().find((e) => e.when === when)?.tag ?? 'unknown' };
}

const countFiles = (dir: string): number =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .reduce((n, e) => n + (e.isDirectory() ? countFiles(path.join(dir, e.name)) : 1), 0)
    : 0;

/**
 * Everything a SiteOps deployment needs to come back, in one tar file: the database (the embedded one's
 * own dump, or pg_dump's custom format), the uploaded files, and the keys kept in DATA_DIR (PII and
 * licence signing: without them encrypted ID numbers and issued licences are lost). The embedded
 * database is read by one process at a time, so its server must be stopped.
 */
export async function createBackup(config: Config, file: string): Promise<BackupManifest> {
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'pgdata')))
    throw new BackupError(`${config.dataDir} holds no embedded database to back up (DATA_DIR)`);
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'siteops-backup-'));
  try {
    const database = await openDatabase(configuredDatabase(config));
    let manifest: BackupManifest;
    try {
      const migration = await appliedMigration(database);
      if (database.kind === 'pglite') {
        await database.checkpoint();
        const dump = await database.dump!();
        fs.writeFileSync(path.join(staging, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
      } else {
        await run('pg_dump', [
          '--format=custom',
          '--no-owner',
          '--no-privileges',
          '--file',
          path.join(staging, PG_DUMP),
          config.databaseUrl!,
        ]);
      }
      const dataEntries = DATA_ENTRIES.filter((e) => fs.existsSync(path.join(config.dataDir, e)));
      manifest = {
        format: BACKUP_FORMAT,
        createdAt: new Date().toISOString(),
        database: database.kind,
        migration,
        dataEntries,
        files: countFiles(path.join(config.dataDir, 'files')),
      };
    } finally {
      await database.close();
    }
    fs.writeFileSync(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
    const dumpName = manifest.database === 'pglite' ? PGLITE_DUMP : PG_DUMP;
    await tar.c({ file, cwd: staging, portable: true }, [MANIFEST, dumpName]);
    // Appended straight from DATA_DIR: firmware packages can be large, so they are not copied first.
    if (manifest.dataEntries.length) await tar.r({ file, cwd: config.dataDir, portable: true }, manifest.dataEntries);
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Put a backup in place of what DATA_DIR (and DATABASE_URL) hold now. Refuses a backup of a newer
 * schema than this code knows, and one of the other kind of database. The embedded database being
 * replaced is kept beside it (`pgdata.before-restore-<time>`) until the operator removes it.
 */
export async function restoreBackup(config: Config, file: string): Promise<BackupManifest & { keptAside?: string }> {
  if (!fs.existsSync(file)) throw new BackupError(`${file}: no such file`);
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'siteops-restore-'));
  try {
    await tar.x({ file, cwd: staging, strict: true });
    const manifestPath = path.join(staging, MANIFEST);
    if (!fs.existsSync(manifestPath)) throw new BackupError(`${file} is not a SiteOps backup (no ${MANIFEST})`);
    const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT)
      throw new BackupError(`${file}: unknown backup format ${String(manifest.format)}`);
    const newest = journal().at(-1)!;
    if (manifest.migration.when > newest.when)
      throw new BackupError(
        `${file} was made by a newer SiteOps (schema ${manifest.migration.tag}); this one knows up to ${newest.tag}: update SiteOps first`,
      );
    const target = config.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.database !== target)
      throw new BackupError(
        `${file} holds ${manifest.database === 'pglite' ? 'the embedded database' : 'a PostgreSQL database'}; this server is configured for ${target === 'pglite' ? 'the embedded one' : 'PostgreSQL (DATABASE_URL)'}`,
      );

    let keptAside: string | undefined;
    fs.mkdirSync(config.dataDir, { recursive: true });
    if (target === 'pglite') {
      const pgdata = path.join(config.dataDir, 'pgdata');
      // The data directory's lock: a running server is refused before anything moves.
      const unlock = lockDataDir(config.dataDir);
      try {
        if (fs.existsSync(pgdata)) {
          keptAside = `${pgdata}.before-restore-${Date.now()}`;
          fs.renameSync(pgdata, keptAside);
        }
      } finally {
        unlock();
      }
      const dump = new Blob([fs.readFileSync(path.join(staging, PGLITE_DUMP))]);
      const restored = await openDatabase({ dataDir: config.dataDir, loadDataDir: dump });
      await restored.checkpoint();
      await restored.close();
    } else {
      await run('pg_restore', [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-privileges',
        '--dbname',
        config.databaseUrl!,
        path.join(staging, PG_DUMP),
      ]);
    }
    for (const entry of manifest.dataEntries) {
      const to = path.join(config.dataDir, entry);
      fs.rmSync(to, { recursive: true, force: true });
      fs.cpSync(path.join(staging, entry), to, { recursive: true, preserveTimestamps: true });
    }
    return { ...manifest, keptAside };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
