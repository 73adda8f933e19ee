import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/auth/passwords.ts';
import { ADMIN_PASSWORD, TEMPLATE_DB, adminUrl, templateFile } from './template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    templateFile: string;
  }
}

/** Migrate one database once; every test file clones it instead of running initdb + migrations again. */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${TEMPLATE_DB}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: adminUrl(url, TEMPLATE_DB), poolMax: 2 });
    await database.migrate();
    await database.db.insert(users).values(adminRow(await hashPassword(ADMIN_PASSWORD)));
    await database.close();
    project.provide('templateFile', '');
    return;
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await database.db.insert(users).values(adminRow(await hashPassword(ADMIN_PASSWORD)));
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('gzip');
  const file = templateFile();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('templateFile', file);
  return () => fs.rmSync(file, { force: true });
}

function adminRow(password: string) {
  return { userName: 'admin', password, realName: 'Administrator', role: 'admin' as const };
}
