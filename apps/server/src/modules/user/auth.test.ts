import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, ADMIN_PASSWORD, type TestApp, expectFieldError } from '../../../test/harness.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { createAgent, createUser, userBody } from '../../../test/fixtures.ts';
import { userApi } from '@siteops/contracts/user/api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (username: string, password: string) => t.api(userApi.login, { username, password });
const info = (token?: string) => t.api(userApi.info, {}, token);

async function addUser(userName: string, role = 'user', password = 'Passw0rd!') {
  const admin = await t.login();
  if (role === 'agent') {
    const agent = await createAgent(t, admin, {
      user: { userName, password, realName: userName, phone: '13900139001', email: 'a@example.com' },
    });
    return agent.userId;
  }
  return (await createUser(t, admin, { userName, password, realName: userName, role })).id;
}

describe('login', () => {
  it('answers a 43-character token and the welcome message for the right password', async () => {
    const res = await login('admin', ADMIN_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, msg: 'welcome to use' });
    expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('stores only the SHA-256 of the token', async () => {
    const token = (await login('admin', ADMIN_PASSWORD)).body.data.token as string;
    const rows = await t.database.db.select({ h: sessions.tokenHash }).from(sessions);
    expect(rows.some((r) => r.h === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.h))).toBe(true);
  });

  it('gives one message for a wrong password and for an unknown user', async () => {
    const wrong = await login('admin', 'Nope@1234');
    const unknown = await login('nobody-here', 'Nope@1234');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.code).toBe(40100);
    expect(unknown.body.msg).toBe(wrong.body.msg);
  });

  it('refuses empty fields with 400 naming the field', async () => {
    const res = await login('', '');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40000);
    expect(Object.keys(res.body.data.fields)).toEqual(expect.arrayContaining(['username', 'password']));
  });

  it('refuses a disabled account', async () => {
    const id = await addUser('disabled1');
    await t.database.db.update(users).set({ enabled: 'disable' }).where(eq(users.id, id));
    expect((await login('disabled1', 'Passw0rd!')).status).toBe(403);
  });
});

describe('sessions', () => {
  it('answers 50008 for a missing, malformed or unknown token', async () => {
    for (const token of [undefined, 'short', 'A'.repeat(43)]) {
      const res = await info(token);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe(50008);
    }
  });

  it('answers 50014 once the idle timeout or the absolute lifetime has passed', async () => {
    const idle = await t.login();
    const old = await t.login();
    const [a, b] = await t.database.db
      .select()
      .from(sessions)
      .orderBy(sql`${sessions.id} desc`)
      .limit(2);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '121 minutes'` })
      .where(eq(sessions.id, b.id));
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, a.id));
    for (const token of [idle, old]) {
      const res = await info(token);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe(50014);
    }
  });

  it('logout revokes at once: the same token then answers 50012', async () => {
    const token = await t.login();
    expect((await info(token)).body.code).toBe(200);
    expect((await t.api(userApi.logout, {}, token)).body.code).toBe(200);
    const after = await info(token);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(50012);
  });

  it('info answers the user without password, salt or token', async () => {
    const res = await info(await t.login());
    expect(res.body.data).toMatchObject({ userName: 'admin', role: 'admin' });
    const keys = Object.keys(res.body.data);
    for (const secret of ['password', 'salt', 'token']) expect(keys).not.toContain(secret);
  });

  it('disabling an account ends its live sessions with 50012', async () => {
    const id = await addUser('tobedisabled');
    const token = await t.login('tobedisabled', 'Passw0rd!');
    await t.database.db.update(users).set({ enabled: 'disable' }).where(eq(users.id, id));
    const res = await info(token);
    expect(res.body.code).toBe(50012);
    expect(res.body.msg).toMatch(/disabled/);
  });
});

describe('passwords', () => {
  const update = (token: string, oldPassword: string, newPassword: string) =>
    t.api(userApi.updatePasswd, { oldPassword, newPassword }, token);

  it.each([
    ['Ab1!', 'too short'],
    ['abcdef1!', 'no upper case'],
    ['ABCDEF1!', 'no lower case'],
    ['Abcdefg!', 'no digit'],
    ['Abcdefg1', 'no special character'],
    ['Abc def1!', 'a space'],
  ])('refuses %s (%s) with 400 naming newPassword', async (pw) => {
    await addUser(`pol${Math.random().toString(36).slice(2, 8)}`);
    const token = await t.login();
    const res = await update(token, ADMIN_PASSWORD, pw);
    expectFieldError(res, 'newPassword');
  });

  it('refuses a wrong old password', async () => {
    const res = await update(await t.login(), 'Wrong@1234', 'Better@123');
    expectFieldError(res, 'oldPassword');
  });

  it('changes the password and ends the other sessions, not this one', async () => {
    await addUser('changer');
    const other = await t.login('changer', 'Passw0rd!');
    const mine = await t.login('changer', 'Passw0rd!');
    expect((await update(mine, 'Passw0rd!', 'N3w-Passw0rd')).body.code).toBe(200);
    expect((await info(mine)).body.code).toBe(200);
    expect((await info(other)).body.code).toBe(50012);
    expect((await login('changer', 'Passw0rd!')).status).toBe(401);
    expect((await login('changer', 'N3w-Passw0rd')).status).toBe(200);
  });

  it('resetPasswd is admin-only', async () => {
    const id = await addUser('notadmin', 'agent');
    const token = await t.login('notadmin', 'Passw0rd!');
    const res = await t.api(userApi.resetPasswd, { id }, token);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(40300);
  });

  it('resetPasswd gives a one-time password, ends sessions and forces a change before anything else', async () => {
    const id = await addUser('resetme');
    const before = await t.login('resetme', 'Passw0rd!');
    const admin = await t.login();
    const reset = await t.api(userApi.resetPasswd, { id }, admin);
    expect(reset.body.code).toBe(200);
    const oneTime = reset.body.data.oneTimePassword as string;
    expect((await info(before)).body.code).toBe(50012);

    const res = await login('resetme', oneTime);
    expect(res.body.data.mustChangePassword).toBe(true);
    const token = res.body.data.token as string;
    expect((await info(token)).body.data.mustChangePassword).toBe(true);
    const blocked = await t.api.unchecked(userApi.add, {}, token);
    expect(blocked.status).toBe(403);
    expect((await update(token, oneTime, 'Fresh-Pa55')).body.code).toBe(200);
    expect((await info(token)).body.data.mustChangePassword).toBe(false);
  });

  it('resetPasswd of a missing user is 404', async () => {
    const res = await t.api(userApi.resetPasswd, { id: 999999 }, await t.login());
    expect(res.status).toBe(404);
  });
});

describe('add user', () => {
  it('refuses a duplicate account with 409', async () => {
    await addUser('dupe1');
    const token = await t.login();
    const res = await t.api.unchecked(userApi.add, await userBody(t, token, { userName: 'dupe1' }), token);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(40900);
  });
});
