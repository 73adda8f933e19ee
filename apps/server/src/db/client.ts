import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import { lockDataDir } from './lock.ts';

export type Schema = typeof schema;
/** One type for both drivers; a union of the two breaks `.returning()`. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** An open database plus what it takes to shut it down well. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Flush the WAL; PGlite never does it on its own. No-op on PostgreSQL. */
  checkpoint(): Promise<void>;
  /** Apply the committed migrations; on PostgreSQL under an advisory lock so instances can start together. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory (file path) or `memory://`. */
  dataDir?: string;
  /** A migrated PGlite data dump to start from (tests). */
  loadDataDir?: Blob | File;
  /** Skip the lock file (in-memory test databases). */
  noLock?: boolean;
  /** PostgreSQL pool size. */
  poolMax?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolMax ?? 10);
  return openPglite(opts);
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client losing its server must not crash the process.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    checkpoint: async () => {},
    migrate: async () => {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock(727274)');
        await migrate(drizzle(conn, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await conn.query('select pg_advisory_unlock(727274)').catch(() => {});
        conn.release();
      }
    },
    close: () => pool.end(),
  };
}

async function openPglite(opts: OpenOptions): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dataDir = opts.dataDir ?? 'memory://';
  const inMemory = dataDir.startsWith('memory://');
  const pgDir = inMemory ? dataDir : path.join(dataDir, 'pgdata');
  const unlock = inMemory || opts.noLock ? () => {} : lockDataDir(dataDir);
  let client: InstanceType<typeof PGlite>;
  try {
    // pg_trgm backs the "contains" searches (migration 0004); it must be loaded before it is created.
    const extensions = { pg_trgm };
    client = await PGlite.create(
      pgDir,
      opts.loadDataDir ? { loadDataDir: opts.loadDataDir, extensions } : { extensions },
    );
  } catch (err) {
    unlock();
    throw err;
  }
  const db = drizzle(client, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    checkpoint: async () => {
      if (!closed) await client.exec('CHECKPOINT');
    },
    migrate: async () => {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    },
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}
