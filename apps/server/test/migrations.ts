import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR } from '../src/db/client.ts';

/**
 * A migration tried on data that was there before it: a fresh embedded database migrated up to
 * `lastBefore` (journal index), then `seed` run, then the rest. Answers the open client (close it).
 * Runs initdb and every migration: give the test a long timeout.
 */
export async function migrateAcross(lastBefore: number, seed: (client: PGlite) => Promise<unknown>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'siteops-mig-'));
  try {
    fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const journalFile = path.join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8'));
    const full = structuredClone(journal);
    journal.entries = journal.entries.filter((e: { idx: number }) => e.idx <= lastBefore);
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: dir });
    await seed(client);
    fs.writeFileSync(journalFile, JSON.stringify(full));
    await migrate(db, { migrationsFolder: dir });
    return client;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
