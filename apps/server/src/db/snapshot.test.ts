import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND, openTestDatabase } from '../../test/harness.ts';
import type { Database, Db } from './client.ts';
import { rowsOf } from './rows.ts';
import { inSnapshot } from './snapshot.ts';

/**
 * Two reads of one answer see one moment, whatever commits between them. Only PostgreSQL can commit
 * between them: PGlite runs one connection, and an open transaction holds it.
 */
describe.skipIf(DB_KIND !== 'postgres')('inSnapshot on PostgreSQL', () => {
  let database: Database;
  const count = async (db: Db) =>
    rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from constants where key like 'snap.%'`))[0].n;
  const insert = (key: string) =>
    database.db.execute(sql`insert into constants (key, value, remark) values (${key}, '1', '')`);

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('a row committed between two reads is in neither; outside a snapshot the second read sees it', async () => {
    const inside = await inSnapshot(database.db, async (db) => {
      const before = await count(db);
      await insert('snap.a');
      return [before, await count(db)];
    });
    expect(inside).toEqual([0, 0]);
    const before = await count(database.db);
    await insert('snap.b');
    expect([before, await count(database.db)]).toEqual([1, 2]);
  });

  it('writes nothing: a write inside is refused', async () => {
    await expect(
      inSnapshot(database.db, (db) =>
        db.execute(sql`insert into constants (key, value, remark) values ('snap.c', '1', '')`),
      ),
    ).rejects.toMatchObject({ cause: { code: '25006' } }); // read_only_sql_transaction
  });
});
