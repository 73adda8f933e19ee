import { sql } from 'drizzle-orm';

/** Rows handed to PostgreSQL as one JSON parameter: one statement, whatever the batch size (no 65,535-parameter limit). */
export const asJson = (rows: unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;
