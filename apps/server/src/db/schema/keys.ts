import { pgTable, varchar } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns.ts';

/** Fingerprints of the keys data was written under, so a start with another key is refused. */
export const keyFingerprints = pgTable('key_fingerprints', {
  purpose: varchar('purpose', { length: 32 }).primaryKey(),
  fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
  createdAt: createdAtColumn(),
});
