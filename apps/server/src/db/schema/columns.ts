import { sql } from 'drizzle-orm';
import { integer, serial, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** A table's own id, numbered by the database. */
export const serialId = () => serial('id').primaryKey();

/** Every point in time is stored with its time zone, so no reader has to guess the server's. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** When a row was made; the database fills it in. */
export const createdAtColumn = () => timestamptz('created_at').notNull().defaultNow();

/** When a row last changed: the database fills it in on insert, Drizzle moves it on every update. */
export const updatedAtColumn = () =>
  timestamptz('updated_at')
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
