import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { createTestApp, DB_KIND, type TestApp } from '../../../test/harness.ts';
import { createUser, uniq, userBody } from '../../../test/fixtures.ts';
import { MIGRATIONS_DIR } from '../../db/client.ts';

// Account names are unique regardless of case; login ignores case (docs/decisions/0009-account-names-ignore-case.md).
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

describe('account names ignore case', () => {
  it('a name differing only in case from an existing one is refused with the duplicate-name 409', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/user/add',
      token: admin,
      body: await userBody(t, admin, { userName: 'aDmIn' }),
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(40900);
    expect(res.body.data).toEqual({ field: 'userName' });
  });

  it('renaming a user to another account’s name in other case is refused too', async () => {
    const a = await createUser(t, admin, { userName: uniq('Site.Lead') });
    const b = await createUser(t, admin);
    const res = await t.call({
      method: 'PUT',
      url: '/api/user/update',
      token: admin,
      body: { id: b.id, userName: a.userName.toUpperCase() },
    });
    expect(res.status).toBe(409);
    expect(res.body.data).toEqual({ field: 'userName' });
  });

  it('login finds the account whatever the case typed', async () => {
    const u = await createUser(t, admin, { userName: uniq('MixedCase') });
    for (const typed of [u.userName, u.userName.toLowerCase(), u.userName.toUpperCase()]) {
      const res = await t.call({
        method: 'POST',
        url: '/api/user/login',
        body: { username: typed, password: u.password },
      });
      expect(res.status, typed).toBe(200);
    }
  });
});

// The migration itself, on an embedded database that already holds names differing only in case.
describe.runIf(DB_KIND === 'pglite')('migration 0006 with existing case duplicates', () => {
  it('keeps the oldest name, renames the later ones to <name>~<id>, records each rename, and builds the index', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'siteops-mig-'));
    try {
      // Migrations up to 0005 only.
      fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
      const journalFile = path.join(dir, 'meta', '_journal.json');
      const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8'));
      const full = structuredClone(journal);
      journal.entries = journal.entries.filter((e: { idx: number }) => e.idx <= 5);
      fs.writeFileSync(journalFile, JSON.stringify(journal));
      const client = await PGlite.create({ extensions: { pg_trgm } });
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: dir });
      await client.exec(
        `insert into users (user_name, password) values ('Admin', 'x'), ('admin', 'x'), ('ADMIN', 'x'), ('solo', 'x')`,
      );
      fs.writeFileSync(journalFile, JSON.stringify(full));
      await migrate(db, { migrationsFolder: dir });
      const names = (
        await client.query<{ id: number; user_name: string }>('select id, user_name from users order by id')
      ).rows;
      expect(names.map((r) => r.user_name)).toEqual(['Admin', `admin~${names[1].id}`, `ADMIN~${names[2].id}`, 'solo']);
      const audit = await client.query<{ action: string; detail: { from: string; to: string } }>(
        `select action, detail from audit_log where action = 'user.rename' order by target_id::int`,
      );
      expect(audit.rows.map((r) => [r.detail.from, r.detail.to])).toEqual([
        ['admin', `admin~${names[1].id}`],
        ['ADMIN', `ADMIN~${names[2].id}`],
      ]);
      await expect(client.exec(`insert into users (user_name, password) values ('SOLO', 'x')`)).rejects.toThrow(
        /unique/,
      );
      await client.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // A fresh embedded database runs initdb and every migration: slow on a busy machine.
  }, 120_000);
});
