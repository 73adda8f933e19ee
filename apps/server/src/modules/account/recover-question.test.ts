import { describe, expect, it } from 'vitest';
import { fileTestApp } from '../../../test/harness.ts';
import { createUser, disableUser, uniq, createSignedInUser } from '../../../test/fixtures.ts';
import type { Person } from '../../../test/recovery.ts';
import { accountApi } from '@siteops/contracts/account/api';
import { userApi } from '@siteops/contracts/user/api';
import { notificationApi } from '@siteops/contracts/notification/api';

/**
 * A forgotten password, recovered with the security question before any login: the question (a
 * stable decoy for names that have none, so nothing is learnt about accounts), the new password for
 * the right answer, every session ended, the user told, failures backing off like logins.
 */
const { t, admin } = await fileTestApp();

async function withQuestion(question = '第一只宠物的名字？', answer = ' Rex '): Promise<Person> {
  const [u, token] = await createSignedInUser(t, admin, { role: 'user' });
  const res = await t.api(accountApi.securityQuestion, { password: u.password, question, answer }, token);
  expect(res.body.code, res.body.msg).toBe(200);
  return { ...u, token };
}
const ask = (username: string, lang = 'en-US') =>
  t.api(accountApi.recoverQuestion, { username }, { headers: { 'accept-language': lang } });
const recover = (username: string, answer: string, newPassword = 'Recovered#2026', lang = 'en-US') =>
  t.api(accountApi.recoverPassword, { username, answer, newPassword }, { headers: { 'accept-language': lang } });

describe('recovering a password with the security question', () => {
  it('answers the account’s own question; any other name gets the same decoy every time, in either language', async () => {
    const me = await withQuestion();
    // This server sends no email nor SMS: no name is offered a code, and asking for one says why.
    expect((await ask(me.userName.toUpperCase())).body.data).toEqual({
      question: '第一只宠物的名字？',
      emailCode: false,
      phoneCode: false,
    });

    const nobody = uniq('nobody');
    const decoy = (await ask(nobody)).body.data.question as string;
    expect(decoy.length).toBeGreaterThan(3);
    expect((await ask(nobody, 'zh-CN')).body.data.question).toBe(decoy);
    const noQuestion = await createUser(t, admin, { role: 'user' });
    expect((await ask(noQuestion.userName)).status).toBe(200);
    expect((await ask('')).status).toBe(400);
    expect((await ask(nobody)).body.data.emailCode).toBe(false);

    const code = await t.api(
      accountApi.recoverCode,
      { username: me.userName },
      { headers: { 'accept-language': 'zh-CN' } },
    );
    expect(code.status).toBe(409);
    expect(code.body.msg).toBe('本服务器未开通通过邮箱找回密码（未设置 SMTP_URL）');
    const text = await t.api(
      accountApi.recoverCode,
      { username: me.userName, channel: 'phone' },
      { headers: { 'accept-language': 'zh-CN' } },
    );
    expect(text.status).toBe(409);
    expect(text.body.msg).toBe('本服务器未开通通过短信找回密码（未设置 SMS_WEBHOOK_URL）');
    expect(text.body.data).toEqual({ notConfigured: 'phone' });
  });

  it('the right answer (any case, spaces around) sets the new password, ends every session and tells the user', async () => {
    const me = await withQuestion();
    const res = await recover(me.userName, 'rEX');
    expect(res.body.code, res.body.msg).toBe(200);

    expect((await t.api(userApi.info, {}, me.token)).status).toBe(401);
    await expect(t.login(me.userName, me.password)).rejects.toThrow();
    const token = await t.login(me.userName, 'Recovered#2026');
    const list = await t.api(notificationApi.listAll, {}, token);
    expect(list.body.data.list.map((n: { title: string }) => n.title)).toContain(
      'Your password was reset with your security question',
    );
    const log = await t.api(accountApi.securityLog, {}, token);
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
    await disableUser(t, admin, off.id);
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
