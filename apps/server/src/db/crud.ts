import { and, eq, getTableColumns, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource, SelectedFields } from 'drizzle-orm/pg-core';
import { LIST_COUNT_CAP, type SortOrder } from '@siteops/contracts/shared/pagination';
import type { Db } from './client.ts';
import { constraintOf, isUniqueViolation } from './errors.ts';
import { jsonRowOf, type JsonSelection } from './jsonRow.ts';
import { allFoundOr404, conflict, mustExist, type Entity } from '../core/errors.ts';
import type { Text } from '../core/messages/index.ts';
import { countAll, orderBy, pageWindow } from '../core/list.ts';
import type { AuditAction } from '@siteops/contracts/audit/actions';

/** A unique key a form can be told about: which field it is and what to say. */
export interface UniqueField {
  field: string;
  message: Text;
}

/**
 * Run a write; a unique violation becomes the 409 that names the form field (`data.field`). With
 * several unique keys, `byConstraint` picks the field by the violated constraint's name.
 */
export async function uniqueOr409<T>(
  work: () => Promise<T>,
  unique: UniqueField | { byConstraint: Record<string, UniqueField>; otherwise: UniqueField },
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const hit = 'byConstraint' in unique ? (unique.byConstraint[constraintOf(err) ?? ''] ?? unique.otherwise) : unique;
    throw conflict(hit.message, { field: hit.field });
  }
}

/** A table whose rows are known by an integer `id` column, as every table the admin pages edit. */
type TableWithId = PgTable & { id: PgColumn };

/** The list query every `listAll` takes. */
export interface ListQuery<F extends string> {
  page: number;
  pageSize: number;
  sortField?: F;
  sortOrder?: SortOrder;
}

/**
 * The row with this id inside `scope`, or the 404 that a missing row and a row outside the caller's
 * scope both answer ("Project not found"), so ids cannot be probed across tenants. `select` reads
 * other fields than the table's columns; `Row` is then what it selects.
 */
export async function loadOr404<T extends PgTable, Row = T['$inferSelect']>(
  db: Db,
  opts: { table: T; idColumn: AnyColumn; id: number; scope?: SQL; what: Entity; select?: SelectedFields },
): Promise<Row> {
  const [row] = await db
    .select(opts.select ?? getTableColumns(opts.table))
    .from(opts.table as PgTable)
    .where(and(eq(opts.idColumn, opts.id), opts.scope))
    .limit(1);
  return mustExist(row as Row | undefined, opts.what);
}

/**
 * The row with this id is inside `scope`, else the 404 of {@link loadOr404}: for a request that only
 * names the row (a rule's agent or project), reading nothing of it but its id.
 */
export const inScopeOr404 = (
  db: Db,
  opts: { table: TableWithId; id: number; scope: SQL | undefined; what: Entity },
): Promise<{ id: number }> => loadOr404(db, { ...opts, idColumn: opts.table.id, select: { id: opts.table.id } });

/**
 * Every id of `ids` is a row of `table` within `scope` (what the caller may name), else the 404 naming
 * those that are not: for a request that names rows it does not change (targets, people to add).
 */
export async function allInScopeOr404(
  db: Db,
  opts: { table: TableWithId; ids: readonly number[]; scope: SQL | undefined; what: Entity },
): Promise<void> {
  const found = await db
    .select({ id: opts.table.id })
    .from(opts.table as PgTable)
    .where(and(inArray(opts.table.id, [...opts.ids]), opts.scope));
  allFoundOr404(opts.what, opts.ids, found as { id: number }[]);
}

/** How a page's rows become answer items: one by one, or all at once (to fetch what they refer to in one query). */
type RowMapping<Row, Item> = { map: (row: Row) => Item } | { mapRows: (rows: Row[]) => Promise<Item[]> };

const tableSelections = new WeakMap<PgTable, JsonSelection>();
/** A table's columns as one selection object per table, so its JSON row is built once. */
function tableSelection(table: PgTable): JsonSelection {
  let selection = tableSelections.get(table);
  if (!selection) tableSelections.set(table, (selection = getTableColumns(table) as JsonSelection));
  return selection;
}

/** A to-one table joined in for names shown beside the row (the agent's name on a device). */
export interface ListJoin {
  table: PgTable;
  on: SQL;
}

/**
 * One page of a list: rows and total in one round trip (the total as a scalar subquery, each row as one
 * JSON value: issue 16), sorted by a whitelisted column (ties broken by id so pages are stable), each
 * row mapped to its answer item. `select` reads other fields than the table's columns (a computed flag,
 * a joined name); `Row` is then what it selects. `joins` are left joins to one row each, so they never
 * change the count.
 */
export async function listTable<T extends PgTable, F extends string, Item, Row = T['$inferSelect']>(
  db: Db,
  q: ListQuery<F>,
  opts: {
    table: T;
    where: SQL | undefined;
    sort: { columns: Record<F, AnyColumn>; id: AnyColumn; fallback: F; order?: SortOrder };
    /** Build it once (a module constant): its JSON row is prepared once per selection object. */
    select?: JsonSelection;
    joins?: readonly ListJoin[];
  } & RowMapping<Row, Item>,
) {
  const { limit, offset } = pageWindow(q);
  const { columns, id, fallback, order } = opts.sort;
  const row = jsonRowOf(opts.select ?? tableSelection(opts.table));
  const joined = <Q extends { leftJoin(table: PgTable, on: SQL): Q }>(query: Q) =>
    (opts.joins ?? []).reduce((acc, j) => acc.leftJoin(j.table, j.on), query);
  const counted = joined(
    db
      .select({ total: countAll })
      .from(opts.table as PgTable)
      .$dynamic(),
  ).where(opts.where);
  const found = await joined(
    db
      .select({ row: row.sql, total: sql<number>`(${counted})` })
      .from(opts.table as PgTable)
      .$dynamic(),
  )
    .where(opts.where)
    .orderBy(...orderBy(columns, id, q.sortField, q.sortOrder ?? order, fallback))
    .limit(limit)
    .offset(offset);
  // A page past the end has no row to carry the total.
  const total = found[0]?.total ?? (offset === 0 ? 0 : (await counted)[0].total);
  const rows = found.map((r) => row.decode(r.row) as Row);
  const list = 'map' in opts ? rows.map(opts.map) : await opts.mapRows(rows);
  return { list, total, page: q.page, pageSize: q.pageSize };
}

/** A row as the columns `S` read it (null where a column may be). */
type SelectedRow<S extends Record<string, PgColumn>> = {
  [K in keyof S]: S[K]['_']['notNull'] extends true ? S[K]['_']['data'] : S[K]['_']['data'] | null;
};

/** The audit entry the writes below record for one row (added, changed or deleted). */
export interface RowAuditEntry {
  action: AuditAction;
  targetType: string;
  targetId: number;
  detail: Record<string, unknown>;
}

/** Writes a row's audit entry inside the write's transaction (a handler's `c.audit`). */
type RecordRowAudit = (entry: RowAuditEntry, tx: Db) => Promise<void>;

/** The audit entry of a one-row write; the row's id is its target. */
interface OneRowAudit {
  record: RecordRowAudit;
  action: AuditAction;
  targetType: string;
  detail: Record<string, unknown>;
}

/**
 * Insert one row and its audit entry in one transaction, so neither is stored without the other, and
 * answer the new id as every add endpoint does. With `duplicate`, a value a unique key already holds is
 * the 409 it names ({@link uniqueOr409}).
 */
export async function insertAudited<T extends TableWithId>(
  db: Db,
  opts: { table: T; values: PgInsertValue<T>; audit: OneRowAudit; duplicate?: Parameters<typeof uniqueOr409>[1] },
): Promise<{ id: number }> {
  const { record, action, targetType, detail } = opts.audit;
  const insert = () =>
    db.transaction(async (tx) => {
      const [{ id }] = (await tx.insert(opts.table).values(opts.values).returning({ id: opts.table.id })) as {
        id: number;
      }[];
      await record({ action, targetType, targetId: id, detail }, tx);
      return { id };
    });
  return opts.duplicate ? uniqueOr409(insert, opts.duplicate) : insert();
}

/**
 * Update the row with this id and answer the columns `set` writes as they were just before: read by the
 * update's own statement (the row locked first, so a concurrent writer's values are what it overwrote),
 * so an audit entry's before/after costs no round trip. Undefined when no row has this id. `set` takes
 * plain values only (no SQL expressions).
 */
export async function updateReturningBefore<T extends TableWithId>(
  db: Db,
  table: T,
  id: number,
  set: PgUpdateSetSource<T>,
): Promise<Record<string, unknown> | undefined> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const read: Record<string, PgColumn> = { id: table.id };
  for (const [key, value] of Object.entries(set)) if (value !== undefined && columns[key]) read[key] = columns[key];
  const before = db
    .select(read)
    .from(table as PgTable)
    .where(eq(table.id, id))
    .for('update')
    .as('audit_before') as unknown as Record<string, PgColumn>;
  const [row] = (await db
    .update(table)
    .set(set)
    .from(before as never)
    .where(eq(table.id, before.id))
    .returning(Object.fromEntries(Object.keys(read).map((key) => [key, before[key]])))) as Record<string, unknown>[];
  if (!row) return undefined;
  const { id: _id, ...values } = row;
  return values;
}

/**
 * Update the row with this id and write its audit entry, in one transaction (see {@link insertAudited}).
 * With `changes` (modules/audit's auditChanges, which masks and redacts), the entry's `detail.changes`
 * holds the fields that really changed, before and after, read by the update itself
 * ({@link updateReturningBefore}).
 */
export async function updateAudited<T extends TableWithId>(
  db: Db,
  opts: {
    table: T;
    id: number;
    set: PgUpdateSetSource<T>;
    audit: OneRowAudit & {
      changes?: (before: Record<string, unknown> | undefined, written: Record<string, unknown>) => unknown;
    };
  },
): Promise<void> {
  const { record, action, targetType, detail, changes } = opts.audit;
  await db.transaction(async (tx) => {
    let entry = detail;
    if (changes) {
      const before = await updateReturningBefore(tx, opts.table, opts.id, opts.set);
      entry = { ...detail, changes: changes(before, opts.set as Record<string, unknown>) };
    } else await tx.update(opts.table).set(opts.set).where(eq(opts.table.id, opts.id));
    await record({ action, targetType, targetId: opts.id, detail: entry }, tx);
  });
}

/**
 * Delete rows by id, all or none: any id missing (or outside `scope`) answers 404 naming them and
 * nothing is deleted. Rows are locked first so `beforeDelete` (refusals such as "still in use")
 * judges what is really deleted; each deleted row gets its audit entry in the same transaction.
 */
export async function deleteAllOrNone<T extends PgTable, S extends { id: PgColumn } & Record<string, PgColumn>>(
  db: Db,
  opts: {
    table: T;
    ids: readonly number[];
    scope?: SQL;
    /** "Platform": the 404 says "Platform 7, 9 not found". */
    what: Entity;
    /** The columns to read for `beforeDelete` and the audit entry; `id` is the column `ids` are matched in. */
    select: S;
    /**
     * Runs first in the transaction, before the rows are locked: for a wider lock that refusals
     * depend on (every admin row, say), taken in one order by every writer so they cannot deadlock.
     */
    lockFirst?: (tx: Db) => Promise<void>;
    beforeDelete?: (tx: Db, rows: SelectedRow<S>[]) => Promise<void>;
    /**
     * Each deleted row's audit entry, written by `record` in the transaction: the row's id is its target
     * and, unless `detail` says otherwise, the row's other selected columns are its detail.
     */
    audit: {
      record: RecordRowAudit;
      action: AuditAction;
      targetType: string;
      detail?: (row: SelectedRow<S>) => Record<string, unknown>;
    };
  },
): Promise<{ deleted: number }> {
  const ids = [...new Set(opts.ids)];
  await db.transaction(async (tx) => {
    await opts.lockFirst?.(tx);
    const rows = (await tx
      .select(opts.select as Record<string, PgColumn>)
      .from(opts.table as PgTable)
      .where(and(inArray(opts.select.id, ids), opts.scope))
      .for('update')) as unknown as SelectedRow<S>[];
    allFoundOr404(opts.what, ids, rows as { id: number }[]);
    await opts.beforeDelete?.(tx, rows);
    await tx.delete(opts.table).where(inArray(opts.select.id, ids));
    const { record, action, targetType, detail } = opts.audit;
    for (const row of rows) {
      // `select` reads `id` from an integer id column.
      const { id, ...columns } = row as SelectedRow<S> & { id: number };
      await record({ action, targetType, targetId: id, detail: detail?.(row) ?? columns }, tx);
    }
  });
  return { deleted: ids.length };
}

/**
 * The rows of `table` that `where` keeps, counted up to `cap` (LIST_COUNT_CAP): reading stops at the
 * first `cap + 1`, so the total of a default page costs the same at 10,000 rows as at 10 million.
 */
export async function cappedTotal(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  cap = LIST_COUNT_CAP,
): Promise<{ total: number; totalCapped: boolean }> {
  const kept = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('kept');
  const [{ n }] = await db.select({ n: countAll }).from(kept);
  return { total: Math.min(n, cap), totalCapped: n > cap };
}
