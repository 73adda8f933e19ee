import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { userBody } from '../../test/fixtures.ts';
import { safeErr } from './logging.ts';
import { userApi } from '@siteops/contracts/user/api';

// Database errors reach the log without their bound values (issue 10 §3).
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } } });
});
afterAll(() => t.close());

describe('logged database errors', () => {
  it('a failing INSERT of a user logs its SQL and SQLSTATE but no password hash, name, phone or ID data', async () => {
    const admin = await t.login();
    const body = await userBody(t, admin, { phone: '13912345678' });
    // Force a database error on the insert (and only there: the session lookup must still work).
    await t.database.db.execute(sql`create function refuse_insert() returns trigger language plpgsql as
      $$ begin raise exception 'forced failure' using errcode = 'XX001'; end $$`);
    await t.database.db.execute(
      sql`create trigger refuse_insert before insert on users for each row execute function refuse_insert()`,
    );
    try {
      const res = await t.api.unchecked(userApi.add, body, admin);
      expect(res.status).toBe(500);
      expect(res.body.msg).toBe('Internal server error');
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_insert on users`);
    }
    const log = lines.join('\n');
    const logged = lines.map((l) => JSON.parse(l)).find((e) => e.err)?.err;
    expect(logged.message).toMatch(/^Failed query: insert into "users"/);
    expect(log).toContain('XX001');
    for (const secret of ['$argon2id', body.userName as string, '13912345678', body.idNo as string, 'Zhang San']) {
      expect(log).not.toContain(secret);
    }
  });

  it('drops driver details that quote row values, and data-exception messages that quote the value', () => {
    const cause = Object.assign(new Error('invalid input syntax for type integer: "110105199001011234"'), {
      code: '22P02',
      detail: 'Key (id_no_hash)=(abc123) already exists.',
    });
    const wrapped = Object.assign(new Error('Failed query: select 1 where id = $1\nparams: 110105199001011234'), {
      params: ['110105199001011234'],
      cause,
    });
    const logged = JSON.stringify(safeErr(wrapped));
    expect(logged).toContain('select 1 where id = $1');
    expect(logged).toContain('22P02');
    expect(logged).not.toContain('110105199001011234');
    expect(logged).not.toContain('abc123');
  });
});
