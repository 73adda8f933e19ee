import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/auth/passwords.ts';
import { ADMIN_PASSWORD, adminUrl, onServer, templateDbName, templateFile } from './template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    templateFile: string;
    templateDb: string;
  }
}

/** Migrate one database once; every test file clones it instead of running initdb + migrations again. */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = templateDbName();
    await onServer(url, `drop database if exists ${template} with (force)`);
    await onServer(url, `create database ${template}`);
    const database = await openDatabase({ databaseUrl: adminUrl(url, template), poolMax: 2 });
    await database.migrate();
    await database.db.insert(users).values(adminRow(await hashPassword(ADMIN_PASSWORD)));
    await database.close();
    project.provide('templateFile', '');
    project.provide('templateDb', template);
    return () => onServer(url, `drop database if exists ${template} with (force)`);
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
  project.provide('templateDb', '');
  return () => fs.rmSync(file, { force: true });
}

function adminRow(password: string) {
  return { userName: 'admin', password, realName: 'Administrator', role: 'admin' as const };
}
