import { describe, expect, it } from 'vitest';
import { fileTestApp } from '../../../test/harness.ts';
import { createUser, disableUser, uniq, createSignedInUser } from '../../../test/fixtures.ts';
import type { Person } from '../../../test/recovery.ts';
import { accountApi } from '@siteops/contracts/account/api';
import { userApi } from '@siteops/contracts/user/api';
import { notificationApi } from '@siteops/contracts/notification/api';

/**
 * A forgotten password, recovered with the security question before any login: the question is never
 * shown (the person types it with its answer), so a real name and an unknown one get the same answer;
 * the new password for the right question and answer, every session ended, the user told, failures
 * backing off like logins.
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
const recover = (
  username: string,
  answer: string,
  newPassword = 'Recovered#2026',
  lang = 'en-US',
  question = '第一只宠物的名字？',
) =>
  t.api(
    accountApi.recoverPassword,
    { username, question, answer, newPassword },
    { headers: { 'accept-language': lang } },
  );

describe('recovering a password with the security question', () => {
  it('never shows the question: a real name, an unknown one, one without a question and a disabled one read alike', async () => {
    // A question outside any list of decoys: were it shown, it would prove the account exists.
    const me = await withQuestion('Name of the tugboat on my grandfather’s pier?', 'Ursa');
    const off = await withQuestion('Colour of the gate at Hill Farm?', 'green');
    await disableUser(t, admin, off.id);
    const noQuestion = await createUser(t, admin, { role: 'user' });
    const answers = [];
    for (const name of [me.userName, me.userName.toUpperCase(), uniq('nobody'), noQuestion.userName, off.userName]) {
      for (const lang of ['en-US', 'zh-CN']) {
        const res = await ask(name, lang);
        answers.push([res.status, res.body.code, res.body.msg, JSON.stringify(res.body.data)]);
      }
    }
    expect(new Set(answers.map((a) => JSON.stringify(a.slice(0, 2).concat(a[3])))).size).toBe(1);
    // This server sends no email nor SMS: no name is offered a code, and asking for one says why.
    expect(JSON.parse(answers[0][3] as string)).toEqual({ emailCode: false, phoneCode: false });
    expect(JSON.stringify(answers)).not.toMatch(/tugboat|Hill Farm/);
    expect((await ask('')).status).toBe(400);

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

  it('the question as set (any case, spaces, punctuation) and the right answer set the new password, end every session and tell the user', async () => {
    const me = await withQuestion('What was my first pet’s name?', ' Rex ');
    const res = await recover(me.userName, 'rEX', 'Recovered#2026', 'en-US', ' what WAS my first pets name ');
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

  it('a wrong answer, a wrong question, an unknown name and a disabled account read the same: a field error in the caller’s language', async () => {
    const me = await withQuestion();
    const wrong = await recover(me.userName, 'Max', 'Recovered#2026', 'zh-CN');
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.fields.answer).toBe('密保问题或答案与该账号的不符');
    const otherQuestion = await recover(me.userName, 'Rex', 'Recovered#2026', 'zh-CN', '第一辆车的颜色？');
    expect([otherQuestion.status, otherQuestion.body]).toEqual([wrong.status, wrong.body]);
    const unknown = await recover(uniq('nobody'), 'Max', 'Recovered#2026', 'zh-CN');
    expect([unknown.status, unknown.body]).toEqual([wrong.status, wrong.body]);
    expect((await recover(me.userName, 'Rex', 'Recovered#2026', 'en-US', '')).status).toBe(400);

    const off = await withQuestion();
    await disableUser(t, admin, off.id);
    expect((await recover(off.userName, 'Rex')).status).toBe(400);
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
