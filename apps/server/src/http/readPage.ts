import { desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { countAll, pageWindow } from '../core/list.ts';

/** A query that can still be paged: a Drizzle select before its LIMIT. */
interface Pageable<Row> {
  limit(limit: number): { offset(offset: number): PromiseLike<Row[]> };
}

/** One page of a list: `rows` read in the window of `q`'s page, beside `count`, the total. */
export async function readPage<Row>(
  q: { page: number; pageSize: number },
  rows: Pageable<Row>,
  count: PromiseLike<{ total: number }[]>,
): Promise<{ rows: Row[]; total: number }> {
  const { limit, offset } = pageWindow(q);
  const [page, [{ total }]] = await Promise.all([rows.limit(limit).offset(offset), count]);
  return { rows: page, total };
}

/** One page of the rows of `table` that `where` keeps, newest (highest id) first, with their total. */
export function readNewestPage<T extends PgTable & { id: AnyPgColumn }>(
  db: Db,
  table: T,
  where: SQL | undefined,
  q: { page: number; pageSize: number },
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  // Drizzle cannot infer the row of a table it only knows as generic: it is the table's own select row.
  return readPage(
    q,
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(desc(table.id)) as unknown as Pageable<T['$inferSelect']>,
    db
      .select({ total: countAll })
      .from(table as PgTable)
      .where(where),
  );
}
