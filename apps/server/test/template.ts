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
