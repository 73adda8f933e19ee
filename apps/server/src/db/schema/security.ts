import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { userRowColumns, users } from './users.ts';
import { createdAtColumn, ownerReference, serialId, timestamptz, updatedAtColumn } from './columns.ts';

/**
 * A user's security settings (spec 2's security tab), apart from the password: a security question
 * whose answer is hashed like a password, and the security email and phone bound by a one-time code.
 * One row per user that set any of them.
 */
export const userSecurity = pgTable('user_security', {
  userId: ownerReference('user_id', () => users.id).primaryKey(),
  question: varchar('question', { length: 64 }),
  /** argon2id of the trimmed, lower-cased answer; never the answer. */
  answerHash: text('answer_hash'),
  email: varchar('email', { length: 128 }),
  phone: varchar('phone', { length: 32 }),
  updatedAt: updatedAtColumn(),
});

/**
 * What a one-time code sent by mail or text keeps of itself: the code's hash (never the code), the tries
 * spent, when it dies, when it was used and when it was sent.
 */
const sentCodeColumns = () => ({
  codeHash: text('code_hash').notNull(),
  /** Tries spent, the right one included; at the limit the code is dead. */
  tries: integer('tries').notNull().default(0),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
  createdAt: createdAtColumn(),
});

/**
 * One-time codes sent to bind a security email or phone. The code is stored hashed and the target only
 * as a keyed hash (the user sends it again to bind), so this table reveals neither. Rows stay a day
 * after use for the rate limits, which count them per user and per target.
 */
export const securityCodes = pgTable(
  'security_codes',
  {
    ...userRowColumns(),
    /** email | phone */
    channel: varchar('channel', { length: 8 }).notNull(),
    /** Keyed hash (PII search key) of the normalised email or phone. */
    targetHash: varchar('target_hash', { length: 64 }).notNull(),
    ...sentCodeColumns(),
  },
  (t) => [
    index('security_codes_user_idx').on(t.userId, t.channel, t.createdAt),
    index('security_codes_target_idx').on(t.targetHash, t.createdAt),
    check('security_codes_channel_check', sql`${t.channel} in ('email', 'phone')`),
  ],
);

/**
 * One-time codes asked for on /recover (a forgotten password), mailed to the account's security email
 * or texted to its security phone. Counted by a keyed hash of the name asked for, so a name with no
 * account or no address on the channel gets a row as well (user_id null, a code nobody was sent): the
 * limits, the answer and the work are the same for every name. The code is hashed and the address is
 * only a keyed hash, like security_codes; which channel a code went by is the address its hash names.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serialId(),
    /** Keyed hash (PII search key) of the lower-cased account name asked for. */
    nameHash: varchar('name_hash', { length: 64 }).notNull(),
    /** The account the code was sent for; null when nothing was sent (no such account, no address). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Keyed hash of the security email or phone it went to (the same as security_codes'), or of the name when none. */
    targetHash: varchar('target_hash', { length: 64 }).notNull(),
    /** Keyed hash of the client that asked: one client cannot spray names without end. */
    clientHash: varchar('client_hash', { length: 64 }).notNull(),
    ...sentCodeColumns(),
  },
  (t) => [
    index('recovery_codes_name_idx').on(t.nameHash, t.createdAt),
    index('recovery_codes_target_idx').on(t.targetHash, t.createdAt),
    index('recovery_codes_client_idx').on(t.clientHash, t.createdAt),
    index('recovery_codes_created_idx').on(t.createdAt),
  ],
);
