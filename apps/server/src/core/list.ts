import { asc, desc, eq, ilike, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SortOrder } from '@siteops/contracts/shared/pagination';

/** LIMIT/OFFSET of a validated `page`/`pageSize`. */
export const pageWindow = (q: { page: number; pageSize: number }) => ({
  limit: q.pageSize,
  offset: (q.page - 1) * q.pageSize,
});

/** `%…%` LIKE with the user's `%`, `_` and `\` taken literally. */
export function contains(column: AnyColumn, text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  return ilike(column, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/**
 * A list's filters that each ask for one value of a column (`?kind=email&projectId=3`): for each of
 * `fields` the query sets, the column of `table` of the same name equals it. Spread into the list's `and(…)`.
 */
export function equalFilters<Q, F extends keyof Q & string>(
  table: Record<F, AnyColumn>,
  q: Q,
  fields: readonly F[],
): (SQL | undefined)[] {
  return fields.map((field) => (q[field] ? eq(table[field], q[field]) : undefined));
}

/**
 * ORDER BY from a whitelisted sort field (the query schema already refused any other name with a
 * 400), always ending in the primary key so pages are stable.
 */
export function orderBy<F extends string>(
  columns: Record<F, AnyColumn>,
  idColumn: AnyColumn,
  field: F | undefined,
  order: SortOrder | undefined,
  fallback: F,
): SQL[] {
  const direction = order === 'asc' ? asc : desc;
  const column = columns[field ?? fallback];
  return column === idColumn ? [direction(idColumn)] : [direction(column), direction(idColumn)];
}

/** `count(*)` as a number. */
export const countAll = sql<number>`count(*)::int`;

/** Timestamps leave the API as ISO strings. */
export const iso = (d: Date) => d.toISOString();

/**
 * A detail answered through its list's batch mapper (one row in, its item out), so a detail and its
 * list row never drift apart.
 */
export async function itemOf<Row, Item>(row: Row, toItems: (rows: Row[]) => Promise<Item[]>): Promise<Item> {
  const [item] = await toItems([row]);
  return item;
}
