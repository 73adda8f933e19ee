import { sql } from 'drizzle-orm';
import { integer, timestamp } from 'drizzle-orm/pg-core';

/** When a row was made; the database fills it in. */
export const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When a row last changed: the database fills it in on insert, Drizzle moves it on every update. */
export const updatedAtColumn = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`);

/**
 * Spec 3's edit stamps (who made the row and when, who last changed it and when). A function, so that
 * each table gets column builders of its own.
 */
export const editStamps = () => ({
  createdId: integer('created_id'),
  createdAt: createdAtColumn(),
  updatedId: integer('updated_id'),
  updatedAt: updatedAtColumn(),
});
