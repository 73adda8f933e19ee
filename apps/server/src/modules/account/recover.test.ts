import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser, uniq } from '../../../test/fixtures.ts';
import { codeIn, startMailbox } from '../../../test/mailbox.ts';
import { startSmsbox } from '../../../test/smsbox.ts';
import { auditLog, recoveryCodes } from '../../db/schema/index.ts';

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

    const code = await t.call({
      method: 'POST',
      url: '/api/account/recover/code',
      body: { username: me.userName },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(code.status).toBe(409);
    expect(code.body.msg).toBe('本服务器未开通通过邮箱找回密码（未设置 SMTP_URL）');
    const text = await t.call({
      method: 'POST',
      url: '/api/account/recover/code',
      body: { username: me.userName, channel: 'phone' },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(text.status).toBe(409);
    expect(text.body.msg).toBe('本服务器未开通通过短信找回密码（未设置 SMS_WEBHOOK_URL）');
    expect(text.body.data).toEqual({ notConfigured: 'phone' });
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

/**
 * A forgotten password, recovered with a code mailed to the account's security email (a real SMTP
 * server runs here). Every name is answered alike; only a real account with a bound email gets a mail.
 */
describe('recovering a password with a code mailed to the security email', () => {
  let m: TestApp;
  let mAdmin: string;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;

  beforeAll(async () => {
    mailbox = await startMailbox();
    m = await createTestApp({
      SMTP_URL: mailbox.url,
      SECURITY_CODE_INTERVAL_SECONDS: '0',
      SECURITY_CODE_DAILY_MAX: '3',
    });
    mAdmin = await m.login();
  });
  afterAll(async () => {
    await m.close();
    await mailbox.close();
  });

  interface Bound extends Person {
    email: string;
  }
  /** A user whose security email is bound, with the code it really received. */
  async function withEmail(app = m, adminToken = mAdmin): Promise<Bound> {
    const u = await createUser(app, adminToken, { role: 'user' });
    const token = await app.login(u.userName, u.password);
    const email = `${uniq('rec').toLowerCase()}@example.com`;
    const before = mailbox.mails.length;
    const sent = await app.call({
      method: 'POST',
      url: '/api/account/securityCode',
      token,
      body: { channel: 'email', target: email },
    });
    expect(sent.body.code, sent.body.msg).toBe(200);
    const code = codeIn(await mailbox.next(email, before));
    const bound = await app.call({
      method: 'POST',
      url: '/api/account/securityBind',
      token,
      body: { channel: 'email', target: email, code },
    });
    expect(bound.body.code, bound.body.msg).toBe(200);
    return { ...u, token, email };
  }
  /** Each from a client of its own unless told (one client's daily cap is tested on its own). */
  let clients = 0;
  const askCode = (
    username: string,
    lang = 'en-US',
    app = m,
    remoteAddress = `10.0.${clients >> 8}.${clients++ & 255}`,
  ) =>
    app.call({
      method: 'POST',
      url: '/api/account/recover/code',
      body: { username },
      headers: { 'accept-language': lang },
      remoteAddress,
    });
  const reset = (username: string, code: string, newPassword = 'Mailed#2026', lang = 'en-US') =>
    m.call({
      method: 'POST',
      url: '/api/account/recover/codePassword',
      body: { username, code, newPassword },
      headers: { 'accept-language': lang },
    });
  /** Ask for a code for `who` and read it from the inbox. */
  async function mailedCode(who: Bound, lang = 'en-US') {
    const before = mailbox.mails.length;
    const res = await askCode(who.userName, lang);
    expect(res.body.code, res.body.msg).toBe(200);
    const mail = await mailbox.next(who.email, before);
    return { mail, code: codeIn(mail), answer: res.body.data };
  }
  const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

  it('every name is offered the code, and none is shown an address', async () => {
    const me = await withEmail();
    for (const name of [me.userName, uniq('nobody')]) {
      const res = await m.call({ method: 'POST', url: '/api/account/recover/question', body: { username: name } });
      expect(res.body.data.emailCode).toBe(true);
      expect(JSON.stringify(res.body.data)).not.toContain('@');
    }
  });

  it('the mailed code (in the asker’s language) sets the new password, ends every session, is audited and told', async () => {
    const me = await withEmail();
    const { mail, code, answer } = await mailedCode(me, 'zh-CN');
    expect(mail.subject).toMatch(/^SiteOps 安全验证码：\d{6}$/);
    expect(mail.text).toContain(`重置 SiteOps 账号 ${me.userName} 的密码`);
    expect(new Date(answer.expiresAt).getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);

    const wrong = await reset(me.userName, otherThan(code), 'Mailed#2026', 'zh-CN');
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.fields.code).toBe('验证码不正确，还可尝试 4 次');
    expect((await reset(me.userName, code, '123')).body.data.fields.newPassword).toBeTruthy();
    expect((await reset(me.userName, 'abc')).body.data.fields.code).toBeTruthy();

    const ok = await reset(me.userName.toUpperCase(), code);
    expect(ok.body.code, ok.body.msg).toBe(200);
    expect((await m.call({ method: 'POST', url: '/api/user/info', token: me.token })).status).toBe(401);
    await expect(m.login(me.userName, me.password)).rejects.toThrow();
    const token = await m.login(me.userName, 'Mailed#2026');
    const list = await m.call({ method: 'GET', url: '/api/notification/listAll', token });
    expect(list.body.data.list.map((n: { title: string }) => n.title)).toContain(
      'Your password was reset with a code sent to your security email',
    );
    const log = await m.call({ method: 'GET', url: '/api/account/securityLog', token });
    expect(log.body.data.list.map((r: { action: string }) => r.action)).toContain('account.recoverPassword');
    // Used once: the same code again is no code at all.
    const again = await reset(me.userName, code, 'Another#2026');
    expect(again.status).toBe(400);
    expect(again.body.data.fields.code).toBe(
      'The code has expired or was not requested for this account; request a new one',
    );
  });

  it('an unknown name, an account without email and a disabled one read the same, and nobody is mailed', async () => {
    const me = await withEmail();
    const noEmail = await createUser(m, mAdmin, { role: 'user' });
    const off = await withEmail();
    const disabled = await m.call({
      method: 'PUT',
      url: '/api/user/update',
      token: mAdmin,
      body: { id: off.id, enabled: 'disable' },
    });
    expect(disabled.body.code, disabled.body.msg).toBe(200);

    // Before any code is asked for, a name with an email and one without read the same.
    const none = await reset(me.userName, '123456');
    expect(none.body.data.fields.code).toBe((await reset(uniq('nobody'), '123456')).body.data.fields.code);

    const real = await mailedCode(me);
    const before = mailbox.mails.length;
    for (const name of [uniq('nobody'), noEmail.userName, off.userName]) {
      const res = await askCode(name);
      expect(res.body.code, res.body.msg).toBe(200);
      expect(Object.keys(res.body.data).sort()).toEqual(Object.keys(real.answer).sort());
      const wrong = await reset(name, real.code);
      expect(wrong.status).toBe(400);
      expect(wrong.body.data.fields.code).toBe('The code is incorrect; 4 tries left');
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailbox.mails.length).toBe(before);
    // Another name's code never works for this one, nor this one's for another.
    expect((await reset(me.userName, real.code)).body.code).toBe(200);
  });

  it('too many wrong codes void the code, the right one included; a code dies with the address it went to', async () => {
    const me = await withEmail();
    const { code } = await mailedCode(me);
    for (let i = 0; i < 4; i++) await reset(me.userName, otherThan(code));
    const last = await reset(me.userName, otherThan(code));
    expect(last.body.data.fields.code).toBe('Too many wrong codes; request a new one');
    expect((await reset(me.userName, code)).body.data.fields.code).toBe('Too many wrong codes; request a new one');
    await expect(m.login(me.userName, me.password)).resolves.toBeTruthy();

    // Unbound after the code went out: the code no longer resets anything.
    const fresh = (await mailedCode(me)).code;
    const unbound = await m.call({
      method: 'POST',
      url: '/api/account/securityUnbind',
      token: me.token,
      body: { channel: 'email', password: me.password },
    });
    expect(unbound.body.code, unbound.body.msg).toBe(200);
    expect((await reset(me.userName, fresh)).status).toBe(400);
    // Stored: hashes only, never the code, the name or the address.
    const rows = await m.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, me.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(me.email);
    expect(JSON.stringify(rows)).not.toContain(me.userName);
    expect(JSON.stringify(rows)).not.toContain(`"${fresh}"`);
  });

  it('SECURITY_CODE_DAILY_MAX codes a day per name, the same for a name with no account', async () => {
    const me = await withEmail();
    const nobody = uniq('nobody');
    for (const name of [me.userName, nobody]) {
      for (let i = 0; i < 3; i++) expect((await askCode(name)).body.code).toBe(200);
      const res = await askCode(name);
      expect(res.status).toBe(429);
      expect(res.body.msg).toMatch(/limit of codes is reached/);
    }
  });

  it('one client gets three times SECURITY_CODE_DAILY_MAX codes a day over all names', async () => {
    for (let i = 0; i < 9; i++) expect((await askCode(uniq('spray'), 'en-US', m, '10.9.9.9')).body.code).toBe(200);
    const res = await askCode(uniq('spray'), 'en-US', m, '10.9.9.9');
    expect(res.status).toBe(429);
    expect(res.body.msg).toMatch(/limit of codes is reached/);
    expect((await askCode(uniq('spray'))).body.code).toBe(200);
  });

  it('one code a minute per name, whether or not the name has an account or an email', async () => {
    const t2 = await createTestApp({ SMTP_URL: mailbox.url });
    try {
      const admin2 = await t2.login();
      const me = await withEmail(t2, admin2);
      const noEmail = await createUser(t2, admin2, { role: 'user' });
      for (const name of [me.userName, uniq('nobody'), noEmail.userName]) {
        expect((await askCode(name, 'en-US', t2)).body.code).toBe(200);
        const soon = await askCode(name, 'zh-CN', t2);
        expect(soon.status).toBe(429);
        expect(soon.body.msg).toMatch(/验证码刚刚已发送，请 (59|60) 秒后再获取/);
      }
    } finally {
      await t2.close();
    }
  });
});

/**
 * A forgotten password, recovered with a code texted to the account's security phone: the same rules as
 * the email (a real HTTP server here receives the SMS webhook's calls). One name's codes are one series
 * over both channels: counted together, and only the newest works.
 */
describe('recovering a password with a code texted to the security phone', () => {
  let s: TestApp;
  let sAdmin: string;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  let sms: Awaited<ReturnType<typeof startSmsbox>>;

  beforeAll(async () => {
    mailbox = await startMailbox();
    sms = await startSmsbox();
    s = await createTestApp({
      SMTP_URL: mailbox.url,
      SMS_WEBHOOK_URL: sms.url,
      SECURITY_CODE_INTERVAL_SECONDS: '0',
      SECURITY_CODE_DAILY_MAX: '3',
    });
    sAdmin = await s.login();
  });
  afterAll(async () => {
    await s.close();
    await mailbox.close();
    await sms.close();
  });

  interface WithPhone extends Person {
    phone: string;
  }
  const newPhone = () => `139${String(randomInt(0, 1e8)).padStart(8, '0')}`;
  /** Bind `phone` (a fresh one unless given) to `who` with the code the webhook really received. */
  async function bindPhone(app: TestApp, who: { token: string }, phone: string) {
    const before = sms.texts.length;
    const sent = await app.call({
      method: 'POST',
      url: '/api/account/securityCode',
      token: who.token,
      body: { channel: 'phone', target: phone },
    });
    expect(sent.body.code, sent.body.msg).toBe(200);
    const text = await sms.next(phone, before);
    expect(text.purpose).toBe('bind');
    const bound = await app.call({
      method: 'POST',
      url: '/api/account/securityBind',
      token: who.token,
      body: { channel: 'phone', target: phone, code: text.code },
    });
    expect(bound.body.code, bound.body.msg).toBe(200);
  }
  async function withPhone(app = s, adminToken = sAdmin, phone = newPhone()): Promise<WithPhone> {
    const u = await createUser(app, adminToken, { role: 'user' });
    const token = await app.login(u.userName, u.password);
    await bindPhone(app, { token }, phone);
    return { ...u, token, phone };
  }
  let clients = 0;
  const askCode = (
    username: string,
    channel: 'email' | 'phone' = 'phone',
    lang = 'en-US',
    app = s,
    remoteAddress = `10.1.${clients >> 8}.${clients++ & 255}`,
  ) =>
    app.call({
      method: 'POST',
      url: '/api/account/recover/code',
      body: { username, channel },
      headers: { 'accept-language': lang },
      remoteAddress,
    });
  const reset = (username: string, code: string, newPassword = 'Texted#2026', lang = 'en-US') =>
    s.call({
      method: 'POST',
      url: '/api/account/recover/codePassword',
      body: { username, code, newPassword },
      headers: { 'accept-language': lang },
    });
  /** Ask for a code for `who` by SMS and read it from the webhook's calls. */
  async function textedCode(who: WithPhone, lang = 'en-US') {
    const before = sms.texts.length;
    const res = await askCode(who.userName, 'phone', lang);
    expect(res.body.code, res.body.msg).toBe(200);
    const text = await sms.next(who.phone, before);
    return { text, code: text.code, answer: res.body.data };
  }
  const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

  it('every name is offered the SMS code, and none is shown a number', async () => {
    const me = await withPhone();
    for (const name of [me.userName, uniq('nobody')]) {
      const res = await s.call({ method: 'POST', url: '/api/account/recover/question', body: { username: name } });
      expect(res.body.data).toMatchObject({ emailCode: true, phoneCode: true });
      expect(JSON.stringify(res.body.data)).not.toMatch(/\d{4}/);
    }
  });

  it('the texted code (in the asker’s language) sets the new password, ends every session, is audited and told', async () => {
    const me = await withPhone();
    const { text, code, answer } = await textedCode(me, 'zh-CN');
    expect(text).toEqual({
      phone: me.phone,
      code: expect.stringMatching(/^\d{6}$/),
      locale: 'zh-CN',
      purpose: 'recover',
    });
    expect(new Date(answer.expiresAt).getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect(JSON.stringify(answer)).not.toContain(me.phone.slice(-4));

    const wrong = await reset(me.userName, otherThan(code), 'Texted#2026', 'zh-CN');
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.fields.code).toBe('验证码不正确，还可尝试 4 次');

    const ok = await reset(me.userName.toUpperCase(), code);
    expect(ok.body.code, ok.body.msg).toBe(200);
    expect((await s.call({ method: 'POST', url: '/api/user/info', token: me.token })).status).toBe(401);
    await expect(s.login(me.userName, me.password)).rejects.toThrow();
    const token = await s.login(me.userName, 'Texted#2026');
    const list = await s.call({ method: 'GET', url: '/api/notification/listAll', token });
    expect(list.body.data.list.map((n: { title: string }) => n.title)).toContain(
      'Your password was reset with a code sent to your security phone',
    );
    const [audited] = await s.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.recoverPassword'), eq(auditLog.targetId, String(me.id))));
    expect(audited?.detail).toMatchObject({ by: 'phone' });
    expect(JSON.stringify(audited)).not.toContain(me.phone);
    expect((await reset(me.userName, code, 'Another#2026')).status).toBe(400);
  });

  it('an unknown name, an account without a phone (with an email) and a disabled one read the same, and nothing is sent', async () => {
    const me = await withPhone();
    const emailOnly = await createUser(s, sAdmin, { role: 'user' });
    const emailOnlyToken = await s.login(emailOnly.userName, emailOnly.password);
    const address = `${uniq('only').toLowerCase()}@example.com`;
    const mailsBefore = mailbox.mails.length;
    await s.call({
      method: 'POST',
      url: '/api/account/securityCode',
      token: emailOnlyToken,
      body: { channel: 'email', target: address },
    });
    const bound = await s.call({
      method: 'POST',
      url: '/api/account/securityBind',
      token: emailOnlyToken,
      body: { channel: 'email', target: address, code: codeIn(await mailbox.next(address, mailsBefore)) },
    });
    expect(bound.body.code, bound.body.msg).toBe(200);
    const off = await withPhone();
    const disabled = await s.call({
      method: 'PUT',
      url: '/api/user/update',
      token: sAdmin,
      body: { id: off.id, enabled: 'disable' },
    });
    expect(disabled.body.code, disabled.body.msg).toBe(200);

    const real = await textedCode(me);
    const texts = sms.texts.length;
    const mails = mailbox.mails.length;
    for (const name of [uniq('nobody'), emailOnly.userName, off.userName]) {
      const res = await askCode(name);
      expect(res.body.code, res.body.msg).toBe(200);
      expect(Object.keys(res.body.data).sort()).toEqual(Object.keys(real.answer).sort());
      const wrong = await reset(name, real.code);
      expect(wrong.status).toBe(400);
      expect(wrong.body.data.fields.code).toBe('The code is incorrect; 4 tries left');
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sms.texts.length).toBe(texts);
    expect(mailbox.mails.length).toBe(mails);
    expect((await reset(me.userName, real.code)).body.code).toBe(200);
  });

  it('too many wrong codes void the code; a code dies with the number it went to', async () => {
    const me = await withPhone();
    const { code } = await textedCode(me);
    for (let i = 0; i < 4; i++) await reset(me.userName, otherThan(code));
    expect((await reset(me.userName, otherThan(code))).body.data.fields.code).toBe(
      'Too many wrong codes; request a new one',
    );
    expect((await reset(me.userName, code)).body.data.fields.code).toBe('Too many wrong codes; request a new one');

    // Bound to another number after the code went out: the code no longer resets anything.
    const fresh = (await textedCode(me)).code;
    await bindPhone(s, me, newPhone());
    expect((await reset(me.userName, fresh)).status).toBe(400);
    await expect(s.login(me.userName, me.password)).resolves.toBeTruthy();
    const rows = await s.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, me.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(me.phone);
    expect(JSON.stringify(rows)).not.toContain(`"${fresh}"`);
  });

  it('one series per name over both channels: only the newest code works, email or SMS', async () => {
    const me = await withPhone();
    const address = `${uniq('both').toLowerCase()}@example.com`;
    const before = mailbox.mails.length;
    await s.call({
      method: 'POST',
      url: '/api/account/securityCode',
      token: me.token,
      body: { channel: 'email', target: address },
    });
    await s.call({
      method: 'POST',
      url: '/api/account/securityBind',
      token: me.token,
      body: { channel: 'email', target: address, code: codeIn(await mailbox.next(address, before)) },
    });
    const mailsBefore = mailbox.mails.length;
    expect((await askCode(me.userName, 'email')).body.code).toBe(200);
    const mailed = codeIn(await mailbox.next(address, mailsBefore));
    const { code: texted } = await textedCode(me);
    if (mailed !== texted) expect((await reset(me.userName, mailed)).status).toBe(400);
    expect((await reset(me.userName, texted)).body.code).toBe(200);
  });

  it('SECURITY_CODE_DAILY_MAX codes a day per number, whichever names ask', async () => {
    const phone = newPhone();
    const one = await withPhone(s, sAdmin, phone);
    const two = await withPhone(s, sAdmin, phone);
    for (const name of [one.userName, one.userName, two.userName]) expect((await askCode(name)).body.code).toBe(200);
    const res = await askCode(two.userName);
    expect(res.status).toBe(429);
    expect(res.body.msg).toMatch(/limit of codes is reached/);
    expect((await askCode(uniq('nobody'))).body.code).toBe(200);
  });

  it('one client’s daily cap counts both channels', async () => {
    for (let i = 0; i < 9; i++)
      expect((await askCode(uniq('spray'), i % 2 ? 'phone' : 'email', 'en-US', s, '10.9.9.8')).body.code).toBe(200);
    expect((await askCode(uniq('spray'), 'phone', 'en-US', s, '10.9.9.8')).status).toBe(429);
  });

  it('the answer does not wait for the webhook, and a webhook that fails changes nothing in it', async () => {
    const me = await withPhone();
    sms.answer.holdMs = 5_000;
    try {
      const before = sms.texts.length;
      const res = await askCode(me.userName);
      expect(res.body.code, res.body.msg).toBe(200);
      await sms.next(me.phone, before);
      // The webhook has the text and has not answered yet; the caller already has its answer.
      expect(sms.pending()).toBeGreaterThan(0);
    } finally {
      sms.answer.holdMs = 0;
    }
    const failing = await withPhone();
    sms.answer.status = 500;
    try {
      const res = await askCode(failing.userName);
      expect(res.body.code, res.body.msg).toBe(200);
      expect(Object.keys(res.body.data).sort()).toEqual(['expiresAt', 'resendAt']);
    } finally {
      sms.answer.status = 200;
    }
  });

  it('one code a minute per name over both channels, whether or not the name has an account', async () => {
    const t2 = await createTestApp({ SMTP_URL: mailbox.url, SMS_WEBHOOK_URL: sms.url });
    try {
      const admin2 = await t2.login();
      const me = await withPhone(t2, admin2);
      for (const name of [me.userName, uniq('nobody')]) {
        expect((await askCode(name, 'email', 'en-US', t2)).body.code).toBe(200);
        const soon = await askCode(name, 'phone', 'zh-CN', t2);
        expect(soon.status).toBe(429);
        expect(soon.body.msg).toMatch(/验证码刚刚已发送，请 (59|60) 秒后再获取/);
      }
    } finally {
      await t2.close();
    }
  });
});
