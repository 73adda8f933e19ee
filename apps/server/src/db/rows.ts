/**
 * The rows of a raw `db.execute(sql…)`: node-postgres and PGlite both answer `{ rows }`, but the union
 * Db type cannot say so.
 */
export function rowsOf<T>(res: unknown): T[] {
  return ((res as { rows?: T[] }).rows ?? []) as T[];
}

/** How many rows a raw `db.execute(sql…)` changed: node-postgres says `rowCount`, PGlite `affectedRows`. */
export function affectedOf(res: unknown): number {
  const r = res as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}
