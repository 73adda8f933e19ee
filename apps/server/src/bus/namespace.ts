import { createHash } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';

const rowsOf = (res: unknown) => (res as { rows: Record<string, unknown>[] }).rows;

/** Which database this deployment uses, as a string that differs between deployments. */
async function databaseIdentity(db: Db, config: Config): Promise<string> {
  // PGlite is single-process: its data directory on this machine is the deployment.
  if (!config.databaseUrl) return `pglite:${os.hostname()}:${config.dataDir}`;
  try {
    // The cluster's identifier (fixed at initdb) plus the database name.
    const [row] = rowsOf(
      await db.execute(sql`select system_identifier::text as id, current_database() as name from pg_control_system()`),
    );
    return `pg:${row.id}:${row.name}`;
  } catch {
    // A role without access to pg_control_system(): the server's address, port and database name.
    const [row] = rowsOf(
      await db.execute(
        sql`select coalesce(host(inet_server_addr()), 'local') as addr, current_setting('port') as port, current_database() as name`,
      ),
    );
    return `pg:${row.addr}:${row.port}:${row.name}`;
  }
}

/**
 * The Redis channel prefix of this deployment: `siteops:<REDIS_NAMESPACE>:`, or, without the setting, a
 * hash of the database identity. Instances of one deployment share a database, so they share the
 * namespace; two deployments on one Redis (whose device ids collide) never hear each other.
 */
export async function busPrefix(db: Db, config: Config): Promise<string> {
  const ns =
    config.redisNamespace ??
    createHash('sha256')
      .update(await databaseIdentity(db, config))
      .digest('hex')
      .slice(0, 16);
  return `siteops:${ns}:`;
}
