import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { passwordProblem } from '@siteops/contracts/user/password';
import { createTestApp, DB_KIND, type TestApp } from '../../../test/harness.ts';
import { migrateAcross } from '../../../test/migrations.ts';
import { createAgent, createUser, uniq, userBody, createSignedInUser } from '../../../test/fixtures.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { oneTimePassword } from '../../auth/oneTimePassword.ts';
import { userApi } from '@siteops/contracts/user/api';
import { agentApi } from '@siteops/contracts/agent/api';

// Reset and password-less creation give a one-time password instead of a shared default (issue 10 §3).
const lines: string[] = [];
let t: TestApp;
let admin: string;
beforeAll(async () => {
  // Everything logged, request lines included, so (d) can look for the password in all of it.
  t = await createTestApp({}, { logger: { level: 'trace', stream: { write: (line: string) => lines.push(line) } } });
  admin = await t.login();
});
afterAll(() => t.close());

const EN = { 'accept-language': 'en-US' };
const ZH = { 'accept-language': 'zh-CN' };
const login = (username: string, password: string, headers = EN) =>
  t.api(userApi.login, { username, password }, { headers });
const reset = (id: number, token = admin) => t.api(userApi.resetPasswd, { id }, token);
const changePassword = (token: string, oldPassword: string, newPassword: string) =>
  t.api(userApi.updatePasswd, { oldPassword, newPassword }, token);

describe('one-time passwords', () => {
  it('are readable, meet the password rule and differ every time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const pw = oneTimePassword();
      expect(pw).toMatch(/^[A-Za-z0-9]{4}-[A-Za-z0-9]{4}-[A-Za-z0-9]{4}$/);
      expect(pw).not.toMatch(/[0O1lI5S2Zo]/);
      expect(passwordProblem(pw)).toBeNull();
      seen.add(pw);
    }
    expect(seen.size).toBe(200);
  });

  it('(a) after a reset neither the old password nor the old shared default logs in', async () => {
    const u = await createUser(t, admin);
    const res = await reset(u.id);
    expect(res.status).toBe(200);
    expect(res.body.data.oneTimePassword).toEqual(expect.any(String));
    const hours = (Date.parse(res.body.data.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    expect((await login(u.userName, u.password)).status).toBe(401);
    expect((await login(u.userName, 'Siteops@123')).status).toBe(401);
  });

  it('(b) logs in once, only to change the password; then only the new password works', async () => {
    const u = await createUser(t, admin);
    const oneTime = (await reset(u.id)).body.data.oneTimePassword as string;
    const first = await login(u.userName, oneTime);
    expect(first.status).toBe(200);
    expect(first.body.data.mustChangePassword).toBe(true);
    const token = first.body.data.token as string;
    const elsewhere = await t.api(userApi.listAll, {}, token);
    expect(elsewhere.status).toBe(403);

    // A second login with it (someone who read it over the admin's shoulder) is refused.
    const again = await login(u.userName, oneTime);
    expect(again.status).toBe(403);
    expect(again.body.msg).toBe(
      'This one-time password has expired or was already used: ask an administrator to reset your password again',
    );

    expect((await changePassword(token, oneTime, 'Mine#2026pw')).status).toBe(200);
    expect((await login(u.userName, 'Mine#2026pw')).body.data.mustChangePassword).toBe(false);
    expect((await login(u.userName, oneTime)).status).toBe(401);
  });

  it('(c) an expired one is refused with a message saying to ask an admin, in the caller language', async () => {
    const u = await createUser(t, admin);
    const oneTime = (await reset(u.id)).body.data.oneTimePassword as string;
    await t.database.db
      .update(users)
      .set({ passwordExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, u.id));
    const en = await login(u.userName, oneTime);
    expect(en.status).toBe(403);
    expect(en.body.msg).toMatch(/expired.*ask an administrator/);
    const zh = await login(u.userName, oneTime, ZH);
    expect(zh.body.msg).toBe('此一次性密码已过期或已使用，请联系管理员重新重置密码');
    // A new reset gives a working one again.
    const fresh = (await reset(u.id)).body.data.oneTimePassword as string;
    expect((await login(u.userName, fresh)).status).toBe(200);
  });

  it("creation without a password answers one to the creator (a user, an agent's admin user)", async () => {
    const body: Record<string, unknown> = await userBody(t, admin);
    delete body.password;
    const added = await t.api.unchecked(userApi.add, body, admin);
    expect(added.body.data).toMatchObject({ oneTimePassword: expect.any(String), expiresAt: expect.any(String) });
    expect((await login(body.userName as string, added.body.data.oneTimePassword)).body.data.mustChangePassword).toBe(
      true,
    );

    const agentUser = uniq('otpag');
    const agent = await t.api(
      agentApi.add,
      {
        name: uniq('Agent '),
        linkName: 'Li',
        linkPhone: '13900139000',
        expDate: '2099-12-31',
        user: { userName: agentUser, realName: 'A' },
      },
      admin,
    );
    expect(agent.status, agent.body.msg).toBe(200);
    const agentLogin = await login(agentUser, agent.body.data.oneTimePassword);
    expect(agentLogin.body.data.mustChangePassword).toBe(true);

    // Given a password, nothing one-time is answered.
    const withPassword = await createAgent(t, admin);
    expect((await t.database.db.select().from(users).where(eq(users.id, withPassword.userId)))[0]).toMatchObject({
      mustChangePassword: false,
      passwordExpiresAt: null,
    });
  });

  it('(d) is in no audit row, no log line and not in clear in the database', async () => {
    const before = lines.length;
    const u = await createUser(t, admin);
    const issued = [(await reset(u.id)).body.data.oneTimePassword as string];
    const body: Record<string, unknown> = await userBody(t, admin);
    delete body.password;
    const added = await t.api.unchecked(userApi.add, body, admin);
    issued.push(added.body.data.oneTimePassword);
    const token = (await login(u.userName, issued[0])).body.data.token as string;
    await changePassword(token, issued[0], 'Mine#2026pw');
    expect(issued.every((p) => typeof p === 'string' && p.length === 14)).toBe(true);

    const audit = JSON.stringify(await t.database.db.select().from(auditLog));
    const logged = lines.slice(before).join('\n');
    const stored = JSON.stringify(await t.database.db.select().from(users));
    expect(logged).toContain(userApi.resetPasswd.path);
    for (const pw of issued) {
      expect(audit).not.toContain(pw);
      expect(logged).not.toContain(pw);
      expect(stored).not.toContain(pw);
    }
  });

  it('(e) an agent or a manager cannot reset anyone, not even its own users', async () => {
    const agent = await createAgent(t, admin);
    const own = await createUser(t, agent.token);
    const [, managerToken] = await createSignedInUser(t, admin, { role: 'manager' });
    for (const token of [agent.token, managerToken]) {
      const res = await reset(own.id, token);
      expect(res.status).toBe(403);
      expect(res.body.data).toBeNull();
    }
    expect((await login(own.userName, own.password)).status).toBe(200);
  });
});

// Passwords still waiting to be changed when the server is upgraded are the old shared default.
describe.runIf(DB_KIND === 'pglite')('migration 0008', () => {
  it('expires passwords still to be changed, keeps the others, and drops the default-password constant', async () => {
    const client = await migrateAcross(7, (c) =>
      c.exec(`insert into users (user_name, password, must_change_password) values ('pending', 'x', true), ('settled', 'x', false);
        insert into constants (key, value) values ('user.defaultPassword', 'Shared@123'), ('device.heartbeatSeconds', '30')`),
    );
    const rows = (
      await client.query<{ user_name: string; expired: boolean | null }>(
        'select user_name, password_expires_at <= now() as expired from users order by id',
      )
    ).rows;
    expect(rows).toEqual([
      { user_name: 'pending', expired: true },
      { user_name: 'settled', expired: null },
    ]);
    const keys = (await client.query<{ key: string }>('select key from constants')).rows.map((r) => r.key);
    expect(keys).toEqual(['device.heartbeatSeconds']);
    const audit = JSON.stringify(
      (await client.query("select detail from audit_log where action = 'constant.delete'")).rows,
    );
    expect(audit).toContain('user.defaultPassword');
    expect(audit).not.toContain('Shared@123');
    await client.close();
  }, 120_000);
});
