import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { editStamps, serialId } from './columns.ts';

/**
 * Spec 3's Agent (a reseller). Its users point at it through `users.agent_id`; the one created with
 * it (`users.is_agent`) is its admin user. Invalid or past `exp_date`: its users cannot log in.
 */
export const agents = pgTable(
  'agents',
  {
    id: serialId(),
    name: varchar('name', { length: 128 }).notNull().unique(),
    linkName: varchar('link_name', { length: 64 }).notNull(),
    linkPhone: varchar('link_phone', { length: 32 }).notNull(),
    /** Last valid day, inclusive. */
    expDate: date('exp_date').notNull(),
    status: varchar('status', { length: 16 }).notNull().default('valid'),
    address: varchar('address', { length: 256 }),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    ...editStamps(),
  },
  (t) => [
    index('agents_created_idx').on(t.createdAt),
    check('agents_status_check', sql`${t.status} in ('valid', 'invalid')`),
    check('agents_longitude_check', sql`${t.longitude} between -180 and 180`),
    check('agents_latitude_check', sql`${t.latitude} between -90 and 90`),
  ],
);

export type AgentRow = typeof agents.$inferSelect;
