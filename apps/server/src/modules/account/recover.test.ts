import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser, uniq } from '../../../test/fixtures.ts';

/**
 * A forgotten password, recovered with the security question before any login: the question (a
 * stable decoy for names that have none, so nothing is learnt about accounts), the new password for
 * the right answer, every session ended, the user told, failures backing off like logins.
 */
let t: TestApp;
let admin: string;

interface Person {
  id: number;
  userName: string;
  password: string;
  token: string;
}
async function withQuestion(question = '第一只宠物的名字？', answer = ' Rex '): Promise<Person> {
  const u = await createUser(t, admin, { role: 'user' });
  const token = await t.login(u.userName, u.password);
  const res = await t.call({
    method: 'PUT',
    url: '/api/account/securityQuestion',
    token,
    body: { password: u.password, question, answer },
  });
  expect(res.body.code, res.body.msg).toBe(200);
  return { ...u, token };
}
const ask = (username: string, lang = 'en-US') =>
  t.call({
    method: 'POST',
    url: '/api/account/recover/question',
    body: { username },
    headers: { 'accept-language': lang },
  });
const recover = (username: string, answer: string, newPassword = 'Recovered#2026', lang = 'en-US') =>
  t.call({
    method: 'POST',
    url: '/api/account/recover/password',
    body: { username, answer, newPassword },
    headers: { 'accept-language': lang },
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

describe('recovering a password with the security question', () => {
  it('answers the account’s own question; any other name gets the same decoy every time, in either language', async () => {
    const me = await withQuestion();
    expect((await ask(me.userName.toUpperCase())).body.data).toEqual({ question: '第一只宠物的名字？' });

    const nobody = uniq('nobody');
    const decoy = (await ask(nobody)).body.data.question as string;
    expect(decoy.length).toBeGreaterThan(3);
    expect((await ask(nobody, 'zh-CN')).body.data.question).toBe(decoy);
    const noQuestion = await createUser(t, admin, { role: 'user' });
    expect((await ask(noQuestion.userName)).status).toBe(200);
    expect((await ask('')).status).toBe(400);
  });

  it('the right answer (any case, spaces around) sets the new password, ends every session and tells the user', async () => {
    const me = await withQuestion();
    const res = await recover(me.userName, 'rEX');
    expect(res.body.code, res.body.msg).toBe(200);

    expect((await t.call({ method: 'POST', url: '/api/user/info', token: me.token })).status).toBe(401);
    await expect(t.login(me.userName, me.password)).rejects.toThrow();
    const token = await t.login(me.userName, 'Recovered#2026');
    const list = await t.call({ method: 'GET', url: '/api/notification/listAll', token });
    expect(list.body.data.list.map((n: { title: string }) => n.title)).toContain(
      'Your password was reset with your security question',
    );
    const log = await t.call({ method: 'GET', url: '/api/account/securityLog', token });
    expect(log.body.data.list.map((r: { action: string }) => r.action)).toContain('account.recoverPassword');
  });

  it('a wrong answer, an unknown name and a disabled account read the same: a field error in the caller’s language', async () => {
    const me = await withQuestion();
    const wrong = await recover(me.userName, 'Max', 'Recovered#2026', 'zh-CN');
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.fields.answer).toBe('答案与该账号的密保问题不符');
    const unknown = await recover(uniq('nobody'), 'Max', 'Recovered#2026', 'zh-CN');
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe(wrong.body.msg);

    const off = await withQuestion();
    const disabled = await t.call({
      method: 'PUT',
      url: '/api/user/update',
      token: admin,
      body: { id: off.id, enabled: 'disable' },
    });
    expect(disabled.body.code, disabled.body.msg).toBe(200);
    expect((await recover(off.userName, 'Rex')).status).toBe(400);
    expect((await ask(off.userName)).body.data.question).not.toBe('第一只宠物的名字？');
    // A weak new password is refused before the answer is looked at.
    expect((await recover(me.userName, 'Rex', '123')).body.data.fields.newPassword).toBeTruthy();
  });

  // Last: it leaves this client backed off.
  it('wrong answers back off like failed logins (429), and then even the right one waits', async () => {
    const me = await withQuestion();
    let last = 0;
    for (let i = 0; i < 10 && last !== 429; i++) last = (await recover(me.userName, `guess ${i}`)).status;
    expect(last).toBe(429);
    expect((await recover(me.userName, 'Rex')).status).toBe(429);
  });
});
