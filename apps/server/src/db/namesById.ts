import { inArray } from 'drizzle-orm';
import type { Db } from './client.ts';
import { agents, projects } from './schema/index.ts';

/**
 * The names of the agents or projects `rows` point at, by id, for lists that show the name beside
 * the id: one query for the distinct ids, none when no row names one (a null id names none).
 */
export async function namesById<Row>(
  db: Db,
  table: typeof agents | typeof projects,
  rows: readonly Row[],
  idOf: (row: Row) => number | null,
): Promise<ReadonlyMap<number | null, string>> {
  const wanted = [...new Set(rows.map(idOf))].filter((id): id is number => id !== null);
  if (!wanted.length) return new Map();
  const found = await db.select({ id: table.id, name: table.name }).from(table).where(inArray(table.id, wanted));
  return new Map(found.map((r) => [r.id, r.name]));
}
