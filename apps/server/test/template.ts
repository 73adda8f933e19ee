import path from 'node:path';

export const ADMIN_PASSWORD = 'Admin@12345';
export const TEMPLATE_DB = 'siteops_test_template';

export const templateFile = () =>
  path.resolve(import.meta.dirname, '../../../.tmp', `pglite-template-${process.pid}.tgz`);

/** The same server, another database name. */
export function adminUrl(url: string, database?: string) {
  const u = new URL(url);
  if (database) u.pathname = `/${database}`;
  return u.toString();
}
