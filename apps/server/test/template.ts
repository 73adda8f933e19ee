import path from 'node:path';

export const ADMIN_PASSWORD = 'Admin@12345';
/**
 * The migrated PostgreSQL template of this test run: one per run (by process id), so two runs on one
 * server (two worktrees, CI and a developer) never drop each other's template mid-run.
 */
export const templateDbName = () => `siteops_test_template_${process.pid}`;

export const templateFile = () =>
  path.resolve(import.meta.dirname, '../../../.tmp', `pglite-template-${process.pid}.tgz`);

/** The same server, another database name. */
export function adminUrl(url: string, database?: string) {
  const u = new URL(url);
  if (database) u.pathname = `/${database}`;
  return u.toString();
}

/**
 * Runs one statement (create or drop a database) on the server of `url`, through a connection of its own
 * that is closed again whatever the statement does.
 */
export async function onServer(url: string, statement: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl(url) });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
