import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Spec 3's System constant: admin-edited key/value pairs, some read by the server (see contracts KNOWN_CONSTANTS). */
export const constants = pgTable('constants', {
  id: serial('id').primaryKey(),
  key: varchar('key', { length: 128 }).notNull().unique(),
  /** At most 4 KB (UTF-8), checked by the API. */
  value: text('value').notNull(),
  remark: varchar('remark', { length: 256 }),
  createdId: integer('created_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedId: integer('updated_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`),
});

export type ConstantRow = typeof constants.$inferSelect;
