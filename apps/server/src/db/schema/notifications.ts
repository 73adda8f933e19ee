import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { userRowColumns, users } from './users.ts';
import { createdAtColumn, ownerReference, timestamptz } from './columns.ts';

/** A message to be rendered in the reader's language: a server catalog key and its parameters. */
export interface StoredText {
  key: string;
  params?: Record<string, unknown>;
}

/**
 * The message box (spec 2): one row per recipient, so reading, counting and pruning are one user's
 * rows and never a join. Texts are stored as catalog keys and rendered in the reader's language when
 * listed (docs/decisions/0011), so one event reads in Chinese for one user and English for another.
 */
export const notifications = pgTable(
  'notifications',
  {
    ...userRowColumns(),
    /** message | notice | todo */
    tab: varchar('tab', { length: 16 }).notNull(),
    /** What it is about (NOTIFICATION_KINDS); null for the account's own security (always delivered). */
    kind: varchar('kind', { length: 32 }),
    /** info | success | warning | error */
    level: varchar('level', { length: 16 }).notNull().default('info'),
    title: jsonb('title').$type<StoredText>().notNull(),
    body: jsonb('body').$type<StoredText>(),
    /** A console path to what it is about. */
    link: varchar('link', { length: 512 }),
    readAt: timestamptz('read_at'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    // The first page of a tab, newest first (ids grow with time).
    index('notifications_user_tab_idx').on(t.userId, t.tab, t.id),
    index('notifications_user_idx').on(t.userId, t.id),
    // The bell's counts read only the unread rows.
    index('notifications_unread_idx')
      .on(t.userId, t.tab)
      .where(sql`${t.readAt} is null`),
    index('notifications_created_idx').on(t.createdAt),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;

/**
 * A user's choice for one kind of notification (NOTIFICATION_KINDS). No row: the default, everything
 * on. The notifier skips users whose row for the kind has `console` off, in the same INSERT … SELECT.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: ownerReference('user_id', () => users.id),
    kind: varchar('kind', { length: 32 }).notNull(),
    console: boolean('console').notNull().default(true),
    email: boolean('email').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * A user's quiet hours (issue 32; contracts' notification/quietHours): a daily window on the wall clock
 * of `utc_offset_minutes` during which non-critical alarm escalations are held for them. No row: none.
 */
export const userQuietHours = pgTable('user_quiet_hours', {
  userId: ownerReference('user_id', () => users.id).primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  /** HH:MM */
  from: varchar('from', { length: 5 }).notNull(),
  /** HH:MM; before `from`: the window crosses midnight. */
  to: varchar('to', { length: 5 }).notNull(),
  utcOffsetMinutes: integer('utc_offset_minutes').notNull().default(480),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
