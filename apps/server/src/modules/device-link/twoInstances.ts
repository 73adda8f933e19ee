import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { ADMIN_PASSWORD, adminUrl, onServer } from '../../../test/template.ts';
import { FAST, startLinkApp, type LinkTestApp } from './testkit.ts';

const PG_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;

/** True when PostgreSQL or Redis is not configured; then it prints why, so CI shows the skip and its reason. */
export function twoInstancesSkipped(what: string): boolean {
  const missing = [!PG_URL && 'TEST_DATABASE_URL', !REDIS_URL && 'TEST_REDIS_URL'].filter(Boolean);
  if (missing.length) {
    console.log(
      `${what}: skipped, ${missing.join(' and ')} not set ` +
        '(e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test TEST_REDIS_URL=redis://127.0.0.1:6379)',
    );
  }
  return missing.length > 0;
}

export interface TwoInstances {
  a: LinkTestApp;
  b: LinkTestApp;
  close(): Promise<void>;
}

/**
 * Two whole apps (buildApp) on two ports sharing one PostgreSQL database and one Redis: a deployment
 * behind a load balancer. The database is the caller's own (not the shared test template): created and
 * migrated here with an admin (ADMIN_PASSWORD) and `users` (role `user`, `password`), dropped by close().
 */
export async function startTwoInstances(
  opts: {
    users?: string[];
    password?: string;
    /** Rollout engine options for both; `env` is added to both (e.g. one DATA_DIR: shared package storage). */
    rollouts?: NonNullable<Parameters<typeof startLinkApp>[0]>['rollouts'];
    env?: Record<string, string>;
  } = {},
): Promise<TwoInstances> {
  const dbName = `siteops_two_${randomBytes(5).toString('hex')}`;
  const busPrefix = `siteops-two-test-${randomBytes(4).toString('hex')}:`;
  const env = { REDIS_URL: REDIS_URL!, PII_KEY: randomBytes(32).toString('hex'), ...opts.env };
  await onServer(PG_URL!, `create database ${dbName}`);
  const opened: Database[] = [];
  const apps: LinkTestApp[] = [];
  const close = async () => {
    for (const app of apps) await app.close();
    for (const database of opened) await database.close();
    await onServer(PG_URL!, `drop database if exists ${dbName} with (force)`);
  };
  try {
    const open = async () => {
      const database = await openDatabase({ databaseUrl: adminUrl(PG_URL!, dbName), poolMax: 4 });
      opened.push(database);
      return database;
    };
    const dbA = await open();
    await dbA.migrate();
    const password = opts.password && (await hashPassword(opts.password));
    await dbA.db
      .insert(users)
      .values([
        { userName: 'admin', password: await hashPassword(ADMIN_PASSWORD), role: 'admin', realName: 'Administrator' },
        ...(opts.users ?? []).map((userName) => ({ userName, password, role: 'user', realName: `Name ${userName}` })),
      ] as (typeof users.$inferInsert)[]);
    const dbB = await open();
    for (const database of [dbA, dbB]) {
      apps.push(await startLinkApp({ database, env, deviceLink: { ...FAST, busPrefix }, rollouts: opts.rollouts }));
    }
    return { a: apps[0], b: apps[1], close };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * Two instances for the tests of one describe block: started by `start` (startTwoInstances by default)
 * before them and closed after them. The tests read them as they run (`const { a, b } = two`): before
 * the block's first test they are not there yet.
 */
export function twoInstancesForSuite<T extends TwoInstances>(
  start: () => Promise<T> = () => startTwoInstances() as Promise<T>,
): T {
  const two = {} as T;
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
    Object.assign(two, started);
  });
  afterAll(() => started?.close());
  return two;
}
