import { index, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { createdAtColumn, ownerReference, serialId, timestamptz } from './columns.ts';

export const REVOKE_REASONS = ['logout', 'password', 'disabled', 'admin', 'agent'] as const;
export type RevokeReason = (typeof REVOKE_REASONS)[number];

/** Only the SHA-256 of a bearer token is stored; a leaked table gives no usable token. */
export const sessions = pgTable(
  'sessions',
  {
    id: serialId(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    userId: ownerReference('user_id', () => users.id),
    createdAt: createdAtColumn(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    revokeReason: varchar('revoke_reason', { length: 16 }),
    ip: varchar('ip', { length: 64 }),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export type SessionRow = typeof sessions.$inferSelect;
