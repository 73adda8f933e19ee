import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client.ts';
import { users } from './db/schema/index.ts';
import { hashPassword } from './auth/passwords.ts';
import { oneTimePassword } from './auth/oneTimePassword.ts';
import { announceAdminPassword } from './http/logOutput.ts';

/**
 * First start on an empty database: create `admin`. The password is ADMIN_PASSWORD, or a random
 * readable random one announced once (announceAdminPassword: a block of its own, not a log line a level
 * can hide). Idempotent and safe when several instances start together.
 */
export async function seedFirstRun(
  db: Db,
  adminPassword: string | undefined,
  log: Pick<FastifyBaseLogger, 'info'>,
  announce: (password: string) => void = announceAdminPassword,
) {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return;
  const password = adminPassword ?? oneTimePassword();
  const inserted = await db
    .insert(users)
    .values({ userName: 'admin', password: await hashPassword(password), realName: 'Administrator', role: 'admin' })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!inserted.length) return;
  if (adminPassword) log.info('Created the admin account "admin" with the password from ADMIN_PASSWORD');
  else announce(password);
}
