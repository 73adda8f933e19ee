import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client.ts';
import { users } from './db/schema/index.ts';
import { hashPassword } from './auth/passwords.ts';

/** A random password that passes the policy (digits, both cases, a special character). */
export function randomPassword(): string {
  return `${randomBytes(9).toString('base64url')}aA1!`;
}

/**
 * First start on an empty database: create `admin`. The password is ADMIN_PASSWORD, or a random
 * one printed once. Idempotent and safe when several instances start together.
 */
export async function seedFirstRun(
  db: Db,
  adminPassword: string | undefined,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
) {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return;
  const password = adminPassword ?? randomPassword();
  const inserted = await db
    .insert(users)
    .values({ userName: 'admin', password: await hashPassword(password), realName: 'Administrator', role: 'admin' })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!inserted.length) return;
  if (adminPassword) log.info('Created the admin account "admin" with the password from ADMIN_PASSWORD');
  else
    log.warn(
      `Created the admin account "admin" with the one-time password: ${password}  (it is shown only now; change it after logging in)`,
    );
}
