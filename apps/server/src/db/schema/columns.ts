import { sql } from 'drizzle-orm';
import { integer, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** When a row was made; the database fills it in. */
export const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When a row last changed: the database fills it in on insert, Drizzle moves it on every update. */
export const updatedAtColumn = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`);

/**
 * The row it belongs to (a user's codes, a device's outbox rows, a campaign's runs): never missing,
 * and deleting that row deletes this one with it, so no table keeps rows of an owner that is gone.
 */
export const ownerReference = (name: string, owner: () => AnyPgColumn) =>
  integer(name).notNull().references(owner, { onDelete: 'cascade' });

/** Who made the row and when: the first half of spec 3's edit stamps. */
export const creationStamps = () => ({
  createdId: integer('created_id'),
  createdAt: createdAtColumn(),
});

/**
 * Spec 3's edit stamps (who made the row and when, who last changed it and when). A function, so that
 * each table gets column builders of its own.
 */
export const editStamps = () => ({
  ...creationStamps(),
  updatedId: integer('updated_id'),
  updatedAt: updatedAtColumn(),
});
