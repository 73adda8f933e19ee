import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import { lockDataDir } from './lock.ts';
import { withPgliteStatements } from './statements.ts';
import { createResilientPool, DEFAULT_PG_TIMEOUTS, type PgState, type PgTimeouts } from './postgres.ts';

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
  /** Connect once and ask `select 1` (PostgreSQL): at start, an unreachable server is named at once. */
  ping(): Promise<void>;
  /** The embedded database's whole data directory as a gzipped tarball (backups); PostgreSQL has pg_dump. */
  dump?(): Promise<Blob>;
  /** PostgreSQL: the connection pool right now, for /metrics (a pool at max with waiters is the bottleneck). */
  poolStats?(): PoolStats;
}

export interface PoolStats {
  total: number;
  idle: number;
  /** Checkouts queued for a connection. */
  waiting: number;
  max: number;
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
  /** PostgreSQL timeouts (config.database); defaults in postgres.ts. */
  timeouts?: PgTimeouts;
  /** PostgreSQL: told when the database stops or starts answering (the log's warning and recovery). */
  onState?: (state: PgState) => void;
  /**
   * Embedded, a data directory without a database yet: creates and migrates it (under this process's
   * lock) before it is opened here. The server runs it in a short-lived child process (main.ts), so the
   * memory initdb and the first migrations take in PGlite's WebAssembly, which is never given back, goes
   * with that process.
   */
  initialise?: (dataDir: string) => Promise<void>;
}

/**
 * PGlite's PostgreSQL settings. shared_buffers: PostgreSQL's default 128 MB is touched as pages are read
 * and never returned by the WebAssembly heap (about 100 MB more resident for an idle demo); the files
 * beneath are still cached by the operating system, and a deployment that outgrows it runs PostgreSQL.
 */
export const PGLITE_START_PARAMS = ['-c', 'shared_buffers=32MB'];

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts);
  return openPglite(opts);
}

async function openPostgres(opts: OpenOptions): Promise<Database> {
  const url = opts.databaseUrl!;
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const timeouts = opts.timeouts ?? DEFAULT_PG_TIMEOUTS;
  const max = opts.poolMax ?? 10;
  const { pool, end } = createResilientPool(pg, url, max, timeouts, opts.onState ?? (() => {}));
  const db = drizzle(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    checkpoint: async () => {},
    migrate: async () => {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      // Its own connection without the query timeout: building an index on a big table may take minutes.
      const conn = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeouts.connectMs });
      await conn.connect();
      try {
        await conn.query('select pg_advisory_lock(727274)');
        await migrate(drizzle(conn, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await conn.query('select pg_advisory_unlock(727274)').catch(() => {});
        await conn.end().catch(() => {});
      }
    },
    close: end,
    ping: async () => {
      const conn = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeouts.connectMs });
      conn.on('error', () => {});
      try {
        await conn.connect();
        await conn.query('select 1');
      } finally {
        await conn.end().catch(() => {});
      }
    },
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
    if (opts.initialise && !inMemory && !opts.loadDataDir && !fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
      await opts.initialise(dataDir);
    }
    // pg_trgm backs the "contains" searches (migration 0004); it must be loaded before it is created.
    const extensions = { pg_trgm };
    const startParams = [...PGlite.defaultStartParams, ...PGLITE_START_PARAMS];
    client = await PGlite.create(
      pgDir,
      opts.loadDataDir ? { loadDataDir: opts.loadDataDir, extensions, startParams } : { extensions, startParams },
    );
  } catch (err) {
    unlock();
    throw err;
  }
  await withPgliteStatements(client);
  const db = drizzle(client, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    ping: async () => {},
    checkpoint: async () => {
      if (!closed) await client.exec('CHECKPOINT');
    },
    dump: () => client.dumpDataDir('gzip'),
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
