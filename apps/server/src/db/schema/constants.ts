import { pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { editStamps, serialId } from './columns.ts';

/** Spec 3's System constant: admin-edited key/value pairs, some read by the server (see contracts KNOWN_CONSTANTS). */
export const constants = pgTable('constants', {
  id: serialId(),
  key: varchar('key', { length: 128 }).notNull().unique(),
  /** At most 4 KB (UTF-8), checked by the API. */
  value: text('value').notNull(),
  remark: varchar('remark', { length: 256 }),
  ...editStamps(),
});

export type ConstantRow = typeof constants.$inferSelect;
