import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { deleteAllOrNone } from '../db/crud.ts';
import type { HandlerContext } from './endpoint.ts';

type DeleteOptions<T extends PgTable, S extends { id: PgColumn } & Record<string, PgColumn>> = Parameters<
  typeof deleteAllOrNone<T, S>
>[1];

/**
 * {@link deleteAllOrNone} for rows that own stored files: `filesOf` names them in the transaction (after
 * `beforeDelete`), and they leave the storage once the rows are gone. A file the storage will not delete
 * stays behind unowned rather than undo the delete.
 */
export async function deleteWithFiles<T extends PgTable, S extends { id: PgColumn } & Record<string, PgColumn>>(
  c: Pick<HandlerContext, 'db' | 'storage'>,
  opts: DeleteOptions<T, S> & { filesOf: (tx: Db) => Promise<string[]> },
): Promise<{ deleted: number }> {
  let files: string[] = [];
  const { filesOf, beforeDelete, ...rest } = opts;
  const result = await deleteAllOrNone(c.db, {
    ...rest,
    beforeDelete: async (tx, rows) => {
      await beforeDelete?.(tx, rows);
      files = await filesOf(tx);
    },
  });
  await Promise.all(files.map((key) => c.storage.delete(key).catch(() => {})));
  return result;
}
