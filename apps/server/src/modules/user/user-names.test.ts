import { describe, expect, it } from 'vitest';
import { DB_KIND, fileTestApp } from '../../../test/harness.ts';
import { createUser, uniq, userBody } from '../../../test/fixtures.ts';
import { migrateAcross } from '../../../test/migrations.ts';
import { userApi } from '@siteops/contracts/user/api';

// Account names are unique regardless of case; login ignores case (docs/decisions/0009-account-names-ignore-case.md).
const { t, admin } = await fileTestApp();

describe('account names ignore case', () => {
  it('a name differing only in case from an existing one is refused with the duplicate-name 409', async () => {
    const res = await t.api.unchecked(userApi.add, await userBody(t, admin, { userName: 'aDmIn' }), admin);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(40900);
    expect(res.body.data).toEqual({ field: 'userName' });
  });

  it('renaming a user to another account’s name in other case is refused too', async () => {
    const a = await createUser(t, admin, { userName: uniq('Site.Lead') });
    const b = await createUser(t, admin);
    const res = await t.api(userApi.update, { id: b.id, userName: a.userName.toUpperCase() }, admin);
    expect(res.status).toBe(409);
    expect(res.body.data).toEqual({ field: 'userName' });
  });

  it('login finds the account whatever the case typed', async () => {
    const u = await createUser(t, admin, { userName: uniq('MixedCase') });
    for (const typed of [u.userName, u.userName.toLowerCase(), u.userName.toUpperCase()]) {
      const res = await t.api(userApi.login, { username: typed, password: u.password });
      expect(res.status, typed).toBe(200);
    }
  });
});

// The migration itself, on an embedded database that already holds names differing only in case.
describe.runIf(DB_KIND === 'pglite')('migration 0006 with existing case duplicates', () => {
  it('keeps the oldest name, renames the later ones to <name>~<id>, records each rename, and builds the index', async () => {
    const client = await migrateAcross(5, (c) =>
      c.exec(
        `insert into users (user_name, password) values ('Admin', 'x'), ('admin', 'x'), ('ADMIN', 'x'), ('solo', 'x')`,
      ),
    );
    const names = (await client.query<{ id: number; user_name: string }>('select id, user_name from users order by id'))
      .rows;
    expect(names.map((r) => r.user_name)).toEqual(['Admin', `admin~${names[1].id}`, `ADMIN~${names[2].id}`, 'solo']);
    const audit = await client.query<{ action: string; detail: { from: string; to: string } }>(
      `select action, detail from audit_log where action = 'user.rename' order by target_id::int`,
    );
    expect(audit.rows.map((r) => [r.detail.from, r.detail.to])).toEqual([
      ['admin', `admin~${names[1].id}`],
      ['ADMIN', `ADMIN~${names[2].id}`],
    ]);
    await expect(client.exec(`insert into users (user_name, password) values ('SOLO', 'x')`)).rejects.toThrow(/unique/);
    await client.close();
    // A fresh embedded database runs initdb and every migration: slow on a busy machine.
  }, 120_000);
});
