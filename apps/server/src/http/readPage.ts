import { pageWindow } from '../core/list.ts';

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
