import { Column, SQL, Table, getTableColumns, is, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';

/**
 * What a select may name: columns, SQL expressions (with their `mapWith` decoders), and a table or an
 * object of these as a nested object. Unlike drizzle's select, a nested object is never null (so do not
 * nest a left-joined table; name its columns instead).
 */
export type JsonSelection = { [key: string]: Column | SQL | SQL.Aliased | Table | JsonSelection };

export interface JsonRow<S extends JsonSelection> {
  /** `json_build_object('key', expression, …)`: the whole selected row as one value. */
  sql: SQL;
  /** The JSON value back to what a plain select of the same fields would have answered. */
  decode(value: unknown): SelectResultFields<S>;
}

/**
 * Column types whose JSON form is what their driver answers (or what the column's own mapper reads):
 * numbers, booleans, JSON, and timestamps in Date mode (ISO 8601 in JSON, which Date parses). Any other
 * type travels as its text form so that the column's mapper gets exactly what the driver would give it
 * (numeric keeps its digits, a bigint its precision, a string-mode timestamp its format).
 */
const AS_JSON = new Set([
  'PgInteger',
  'PgSerial',
  'PgSmallInt',
  'PgSmallSerial',
  'PgReal',
  'PgDoublePrecision',
  'PgBoolean',
  'PgJson',
  'PgJsonb',
  'PgTimestamp',
  'PgBigInt53',
  'PgBigSerial53',
]);
const JSON_TYPES = new Set(['PgJson', 'PgJsonb']);
/** json_build_object takes at most 100 arguments. */
const MAX_KEYS = 50;
const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * A row selected as one JSON value. The embedded database decodes every column of every row in
 * JavaScript; one JSON value per row is parsed natively and costs about half as much for a page of
 * wide rows (bench/RESULTS.md, issue 16). Decoding reuses drizzle's own mappers, so handlers see the
 * same values (Dates, numbers, strings) as from a plain select.
 */
export function jsonRow<S extends JsonSelection>(selection: S): JsonRow<S> {
  const entries = Object.entries(selection);
  if (entries.length > MAX_KEYS) throw new Error(`jsonRow: at most ${MAX_KEYS} fields (got ${entries.length})`);
  const parts: SQL[] = [];
  const decoders: [string, (value: unknown) => unknown][] = [];
  for (const [key, field] of entries) {
    if (!KEY.test(key)) throw new Error(`jsonRow: field name ${key} is not a plain identifier`);
    const [expression, decode] = fieldOf(field);
    parts.push(sql.raw(`'${key}'`), expression);
    decoders.push([key, decode]);
  }
  return {
    sql: prerendered(sql`json_build_object(${sql.join(parts, sql`, `)})`),
    decode(value) {
      const json = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
      const row: Record<string, unknown> = {};
      for (const [key, decode] of decoders) {
        const v = json[key];
        row[key] = v === null || v === undefined ? null : decode(v);
      }
      return row as SelectResultFields<S>;
    },
  };
}

/** SQL expressions travel as PostgreSQL renders them in JSON (a timestamp as ISO text): decode accordingly. */
function fieldOf(field: JsonSelection[string]): [SQL, (value: unknown) => unknown] {
  if (is(field, Column)) {
    const asJson = AS_JSON.has(field.columnType);
    const keep = JSON_TYPES.has(field.columnType);
    return [asJson ? sql`${field}` : sql`${field}::text`, keep ? (v) => v : (v) => field.mapFromDriverValue(v)];
  }
  if (is(field, SQL)) return [field, decoderOf(field)];
  if (is(field, SQL.Aliased)) return [field.sql, decoderOf(field.sql)];
  const nested = jsonRow(is(field, Table) ? (getTableColumns(field) as JsonSelection) : field);
  return [nested.sql, nested.decode];
}

/** The decoder `mapWith` set (drizzle keeps it on the instance without declaring it). */
function decoderOf(expression: SQL): (value: unknown) => unknown {
  const { decoder } = expression as unknown as { decoder: { mapFromDriverValue(value: unknown): unknown } };
  return (v) => decoder.mapFromDriverValue(v);
}

const dialect = new PgDialect();

/**
 * The expression as one raw chunk when it has no parameters (column names and fixed SQL only), so a
 * query that embeds it does not walk its dozens of fragments again on every request.
 */
function prerendered(expression: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(expression);
  return params.length === 0 ? sql.raw(text) : expression;
}

const cache = new WeakMap<object, JsonRow<JsonSelection>>();

/** `jsonRow` built once per selection object (or table): hoist the selection to a module constant. */
export function jsonRowOf<S extends JsonSelection>(selection: S): JsonRow<S> {
  let row = cache.get(selection);
  if (!row) cache.set(selection, (row = jsonRow(selection)));
  return row as JsonRow<S>;
}
