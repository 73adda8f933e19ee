import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND, openTestDatabase } from '../../test/harness.ts';
import type { Database } from './client.ts';
import { rowsOf } from './rows.ts';
import { statementNames } from './statements.ts';

describe('statementNames', () => {
  it('names a SELECT from its second sighting on, the same name for the same text, never a write', () => {
    const names = statementNames();
    expect(names.nameFor('select 1')).toBeUndefined();
    const name = names.nameFor('select 1');
    expect(name).toMatch(/^s_[0-9a-f]{20}$/);
    expect(names.nameFor('select 1')).toBe(name);
    expect(statementNames({ after: 1 }).nameFor('select 1')).toBe(name);
    names.nameFor('update t set a = 1');
    expect(names.nameFor('update t set a = 1')).toBeUndefined();
  });

  it('names at most `max` texts; the rest run unnamed', () => {
    const names = statementNames({ after: 1, max: 2 });
    expect(names.nameFor('select 1')).toBeDefined();
    expect(names.nameFor('select 2')).toBeDefined();
    expect(names.nameFor('select 3')).toBeUndefined();
  });
});

/** The statement layer sits under every query of every suite; these are the cases a list page does not show. */
describe(`named statements on ${DB_KIND}`, () => {
  let database: Database;
  const count = async () =>
    rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from constants where key like 'stmt.%'`),
    )[0].n;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('answers a repeated read exactly as the first, unnamed, one did: types, nulls, arrays', async () => {
    type Row = { at: string; label: string | null; ids: number[]; doc: unknown; f: number; users: number };
    const read = async (at: Date, list: number[], label: string | null) => {
      const ids = `{${list.join(',')}}`;
      return rowsOf<Row>(
        await database.db.execute(
          sql`select ${at}::timestamptz as at, ${label}::text as label, ${ids}::int[] as ids,
                   '{"a":[1,2]}'::jsonb as doc, 2.5::float8 as f, (select count(*)::int from users where id = any(${ids}::int[])) as users`,
        ),
      );
    };
    const first = await read(new Date('2026-01-02T03:04:05.678Z'), [1, 2], null);
    for (let i = 0; i < 3; i++) {
      expect(await read(new Date('2026-01-02T03:04:05.678Z'), [1, 2], null)).toEqual(first);
    }
    const other = await read(new Date('2027-05-06T07:08:09.000Z'), [999], 'x');
    expect(other[0]).toMatchObject({ label: 'x', ids: [999], users: 0, doc: { a: [1, 2] }, f: 2.5 });
    expect(new Date(other[0].at).toISOString()).toBe('2027-05-06T07:08:09.000Z');
  });

  it('a repeated read is prepared once and then only executed', async () => {
    const prepared = async (db: Pick<Database['db'], 'execute'>) => {
      for (let i = 0; i < 3; i++) await db.execute(sql`select ${i}::int + 40 as answer`);
      const found = await db.execute(
        sql`select count(*)::int as n from pg_prepared_statements where statement like '%+ 40 as answer%'`,
      );
      return rowsOf<{ n: number }>(found)[0].n;
    };
    // PostgreSQL prepares per pooled connection: a transaction keeps the reads on one.
    expect(DB_KIND === 'pglite' ? await prepared(database.db) : await database.db.transaction(prepared)).toBe(1);
  });

  it('a named read that fails answers its error, and the next one works', async () => {
    const divide = async (by: number) =>
      rowsOf<{ q: number }>(await database.db.execute(sql`select 10 / ${by}::int as q`))[0].q;
    expect(await divide(2)).toBe(5);
    expect(await divide(5)).toBe(2);
    await expect(divide(0)).rejects.toMatchObject({ cause: { message: 'division by zero' } });
    expect(await divide(10)).toBe(1);
  });

  it('a named read never sees, nor breaks, another caller’s open transaction', async () => {
    await count();
    await count();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const didInsert = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into constants (key, value) values ('stmt.open', 'x')`);
      inserted();
      await held;
    });
    await didInsert;
    let seen: number | undefined;
    const reading = count().then((n) => (seen = n));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // PGlite has one session: the read waits for the transaction. PostgreSQL reads the last committed state.
    expect(seen).toBe(DB_KIND === 'pglite' ? undefined : 0);
    release();
    await transaction;
    await reading;
    expect(seen).toBe(DB_KIND === 'pglite' ? 1 : 0);
    expect(await count()).toBe(1);
  });
});
