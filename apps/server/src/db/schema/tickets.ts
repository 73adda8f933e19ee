import { index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * Single-use tickets already spent (terminal tickets), by their MAC, until they expire anyway. In the
 * database so that a ticket spent on one instance is refused by every other.
 */
export const spentTickets = pgTable(
  'spent_tickets',
  {
    mac: varchar('mac', { length: 64 }).primaryKey(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('spent_tickets_expires_idx').on(t.expiresAt)],
);
