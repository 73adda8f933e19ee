import { index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * Failed-login counters (docs/decisions/0011-login-throttle.md). `key` is the SHA-256 of either
 * "account + client" or "client" alone, so neither typed user names (often a mistyped password) nor
 * which names exist are stored; a row exists for any name tried, known or not.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: varchar('key', { length: 64 }).primaryKey(),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamptz('last_failure_at').notNull().defaultNow(),
    blockedUntil: timestamptz('blocked_until'),
  },
  (t) => [index('login_throttle_last_failure_idx').on(t.lastFailureAt)],
);
