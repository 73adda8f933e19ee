import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fileTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser, disableUser, uniq, createSignedInUser } from '../../../test/fixtures.ts';
import { codeIn, startMailbox, type ReceivedMail } from '../../../test/mailbox.ts';
import { startSmsbox, type ReceivedText } from '../../../test/smsbox.ts';
import { auditLog, recoveryCodes } from '../../db/schema/index.ts';

/**
 * A forgotten password, recovered with the security question before any login: the question (a
 * stable decoy for names that have none, so nothing is learnt about accounts), the new password for
 * the right answer, every session ended, the user told, failures backing off like logins.
 */
const { t, admin } = await fileTestApp();

interface Person {
  id: number;
  userName: string;
  password: string;
  token: string;
}
async function withQuestion(question = '第一只宠物的名字？', answer = ' Rex '): Promise<Person> {
  const [u, token] = await createSignedInUser(t, admin, { role: 'user' });
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

type Channel = 'email' | 'phone';

/**
 * A forgotten password, recovered with a code sent to the account's security email or phone: the same
 * rules either way (a real SMTP server and a real HTTP server receiving the SMS webhook's calls run
 * here). Every name is answered alike; only a real account with the address or number bound gets a code.
 * The email suite's server sends email only; the SMS one's sends both, so one name's codes are one
 * series over both channels: counted together, and only the newest works.
 */
const CHANNELS = [
  {
    channel: 'email' as const,
    how: 'mailed to the security email',
    /** Another channel bound by the account that has none on this one (none here: email is the only). */
    other: undefined,
    /** The network this suite's clients ask from, one address each unless told. */
    net: '10.0',
    /** The one client whose daily cap is tested. */
    spray: '10.9.9.9',
    newPassword: 'Mailed#2026',
    told: 'Your password was reset with a code sent to your security email',
    offered: { emailCode: true },
    /** What the recovery answers never show: any address. */
    hidden: /@/,
  },
  {
    channel: 'phone' as const,
    how: 'texted to the security phone',
    other: 'email' as const,
    net: '10.1',
    spray: '10.9.9.8',
    newPassword: 'Texted#2026',
    told: 'Your password was reset with a code sent to your security phone',
    offered: { emailCode: true, phoneCode: true },
    /** Any number. */
    hidden: /\d{4}/,
  },
];

describe.each(CHANNELS.map((c) => [c.how, c] as const))('recovering a password with a code %s', (_, c) => {
  let app: TestApp;
  let adminToken: string;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  let sms: Awaited<ReturnType<typeof startSmsbox>>;
  const receivers = (): Record<string, string> =>
    c.channel === 'email' ? { SMTP_URL: mailbox.url } : { SMTP_URL: mailbox.url, SMS_WEBHOOK_URL: sms.url };

  beforeAll(async () => {
    mailbox = await startMailbox();
    sms = await startSmsbox();
    app = await createTestApp({ ...receivers(), SECURITY_CODE_INTERVAL_SECONDS: '0', SECURITY_CODE_DAILY_MAX: '3' });
    adminToken = await app.login();
  });
  afterAll(async () => {
    await app.close();
    await mailbox.close();
    await sms.close();
  });

  interface Bound extends Person {
    /** The bound address or number. */
    target: string;
  }
  const newPhone = () => `139${String(randomInt(0, 1e8)).padStart(8, '0')}`;
  const fresh = (channel: Channel) => (channel === 'email' ? `${uniq('rec').toLowerCase()}@example.com` : newPhone());
  /** How many messages went out on `channel` so far. */
  const sentOn = (channel: Channel) => (channel === 'email' ? mailbox.mails.length : sms.texts.length);
  /** The newest message to `target` on `channel` after the first `after`, and the code in it. */
  async function received(channel: Channel, target: string, after: number) {
    if (channel === 'email') {
      const mail = await mailbox.next(target, after);
      return { message: mail, code: codeIn(mail) };
    }
    const text = await sms.next(target, after);
    return { message: text, code: text.code };
  }
  /** Bind `target` on `channel` to `who` with the code that really arrived. */
  async function bind(on: TestApp, who: { token: string }, channel: Channel, target: string) {
    const before = sentOn(channel);
    const sent = await on.call({
      method: 'POST',
      url: '/api/account/securityCode',
      token: who.token,
      body: { channel, target },
    });
    expect(sent.body.code, sent.body.msg).toBe(200);
    const { message, code } = await received(channel, target, before);
    if (channel === 'phone') expect((message as ReceivedText).purpose).toBe('bind');
    const bound = await on.call({
      method: 'POST',
      url: '/api/account/securityBind',
      token: who.token,
      body: { channel, target, code },
    });
    expect(bound.body.code, bound.body.msg).toBe(200);
  }
  /** A user with this channel bound (to a fresh address or number unless given). */
  async function bound(on = app, adminOn = adminToken, target = fresh(c.channel)): Promise<Bound> {
    const u = await createUser(on, adminOn, { role: 'user' });
    const token = await on.login(u.userName, u.password);
    await bind(on, { token }, c.channel, target);
    return { ...u, token, target };
  }
  let clients = 0;
  const askCode = (
    username: string,
    channel: Channel = c.channel,
    lang = 'en-US',
    on = app,
    remoteAddress = `${c.net}.${clients >> 8}.${clients++ & 255}`,
  ) =>
    on.call({
      method: 'POST',
      url: '/api/account/recover/code',
      // Email is the channel when none is named.
      body: channel === 'email' ? { username } : { username, channel },
      headers: { 'accept-language': lang },
      remoteAddress,
    });
  const reset = (username: string, code: string, newPassword = c.newPassword, lang = 'en-US') =>
    app.call({
      method: 'POST',
      url: '/api/account/recover/codePassword',
      body: { username, code, newPassword },
      headers: { 'accept-language': lang },
    });
  /** Ask for a code for `who` on this channel and read it where it arrived. */
  async function codeFor(who: Bound, lang = 'en-US') {
    const before = sentOn(c.channel);
    const res = await askCode(who.userName, c.channel, lang);
    expect(res.body.code, res.body.msg).toBe(200);
    return { ...(await received(c.channel, who.target, before)), answer: res.body.data };
  }
  const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

  it('every name is offered the code, and none is shown where it goes', async () => {
    const me = await bound();
    for (const name of [me.userName, uniq('nobody')]) {
      const res = await app.call({ method: 'POST', url: '/api/account/recover/question', body: { username: name } });
      expect(res.body.data).toMatchObject(c.offered);
      expect(JSON.stringify(res.body.data)).not.toMatch(c.hidden);
    }
  });

  it('the code (in the asker’s language) sets the new password, ends every session, is audited and told', async () => {
    const me = await bound();
    const { message, code, answer } = await codeFor(me, 'zh-CN');
    if (c.channel === 'email') {
      const mail = message as ReceivedMail;
      expect(mail.subject).toMatch(/^SiteOps 安全验证码：\d{6}$/);
      expect(mail.text).toContain(`重置 SiteOps 账号 ${me.userName} 的密码`);
    } else {
      expect(message).toEqual({
        phone: me.target,
        code: expect.stringMatching(/^\d{6}$/),
        locale: 'zh-CN',
        purpose: 'recover',
      });
    }
    expect(new Date(answer.expiresAt).getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect(JSON.stringify(answer)).not.toContain(c.channel === 'email' ? me.target : me.target.slice(-4));

    const wrong = await reset(me.userName, otherThan(code), c.newPassword, 'zh-CN');
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.fields.code).toBe('验证码不正确，还可尝试 4 次');
    expect((await reset(me.userName, code, '123')).body.data.fields.newPassword).toBeTruthy();
    expect((await reset(me.userName, 'abc')).body.data.fields.code).toBeTruthy();

    const ok = await reset(me.userName.toUpperCase(), code);
    expect(ok.body.code, ok.body.msg).toBe(200);
    expect((await app.call({ method: 'POST', url: '/api/user/info', token: me.token })).status).toBe(401);
    await expect(app.login(me.userName, me.password)).rejects.toThrow();
    const token = await app.login(me.userName, c.newPassword);
    const list = await app.call({ method: 'GET', url: '/api/notification/listAll', token });
    expect(list.body.data.list.map((n: { title: string }) => n.title)).toContain(c.told);
    const log = await app.call({ method: 'GET', url: '/api/account/securityLog', token });
    expect(log.body.data.list.map((r: { action: string }) => r.action)).toContain('account.recoverPassword');
    const [audited] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.recoverPassword'), eq(auditLog.targetId, String(me.id))));
    expect(audited?.detail).toMatchObject({ by: c.channel });
    expect(JSON.stringify(audited)).not.toContain(me.target);
    // Used once: the same code again is no code at all.
    const again = await reset(me.userName, code, 'Another#2026');
    expect(again.status).toBe(400);
    expect(again.body.data.fields.code).toBe(
      'The code has expired or was not requested for this account; request a new one',
    );
  });

  it('an unknown name, an account without this channel and a disabled one read the same, and nothing is sent', async () => {
    const me = await bound();
    // Without this channel; by SMS, with an email bound (which is no way to a texted code).
    const lacking = await createUser(app, adminToken, { role: 'user' });
    if (c.other) {
      const token = await app.login(lacking.userName, lacking.password);
      await bind(app, { token }, c.other, fresh(c.other));
    }
    const off = await bound();
    await disableUser(app, adminToken, off.id);

    // Before any code is asked for, a name with this channel and one without read the same.
    const none = await reset(me.userName, '123456');
    expect(none.body.data.fields.code).toBe((await reset(uniq('nobody'), '123456')).body.data.fields.code);

    const real = await codeFor(me);
    const texts = sms.texts.length;
    const mails = mailbox.mails.length;
    for (const name of [uniq('nobody'), lacking.userName, off.userName]) {
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
    // Another name's code never works for this one, nor this one's for another.
    expect((await reset(me.userName, real.code)).body.code).toBe(200);
  });

  it('too many wrong codes void the code, the right one included; a code dies with where it went', async () => {
    const me = await bound();
    const { code } = await codeFor(me);
    for (let i = 0; i < 4; i++) await reset(me.userName, otherThan(code));
    const last = await reset(me.userName, otherThan(code));
    expect(last.body.data.fields.code).toBe('Too many wrong codes; request a new one');
    expect((await reset(me.userName, code)).body.data.fields.code).toBe('Too many wrong codes; request a new one');
    await expect(app.login(me.userName, me.password)).resolves.toBeTruthy();

    // After the code went out, the email is unbound, the phone bound to another number: the code no
    // longer resets anything.
    const later = (await codeFor(me)).code;
    if (c.channel === 'email') {
      const unbound = await app.call({
        method: 'POST',
        url: '/api/account/securityUnbind',
        token: me.token,
        body: { channel: 'email', password: me.password },
      });
      expect(unbound.body.code, unbound.body.msg).toBe(200);
    } else {
      await bind(app, me, 'phone', newPhone());
    }
    expect((await reset(me.userName, later)).status).toBe(400);
    await expect(app.login(me.userName, me.password)).resolves.toBeTruthy();
    // Stored: hashes only, never the code, the name or the address.
    const rows = await app.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, me.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(me.target);
    expect(JSON.stringify(rows)).not.toContain(me.userName);
    expect(JSON.stringify(rows)).not.toContain(`"${later}"`);
  });

  it('SECURITY_CODE_DAILY_MAX codes a day per name, the same for a name with no account', async () => {
    const me = await bound();
    const nobody = uniq('nobody');
    for (const name of [me.userName, nobody]) {
      for (let i = 0; i < 3; i++) expect((await askCode(name)).body.code).toBe(200);
      const res = await askCode(name);
      expect(res.status).toBe(429);
      expect(res.body.msg).toMatch(/limit of codes is reached/);
    }
  });

  it('one client gets three times SECURITY_CODE_DAILY_MAX codes a day over all names (and both channels)', async () => {
    // By SMS, every other code is asked for by email: the client's cap counts both.
    const channelOf = (i: number): Channel => (c.channel === 'phone' && i % 2 === 0 ? 'email' : c.channel);
    for (let i = 0; i < 9; i++)
      expect((await askCode(uniq('spray'), channelOf(i), 'en-US', app, c.spray)).body.code).toBe(200);
    const res = await askCode(uniq('spray'), c.channel, 'en-US', app, c.spray);
    expect(res.status).toBe(429);
    expect(res.body.msg).toMatch(/limit of codes is reached/);
    expect((await askCode(uniq('spray'))).body.code).toBe(200);
  });

  it('one code a minute per name over both channels, whether or not the name has an account or this channel', async () => {
    const t2 = await createTestApp(receivers());
    try {
      const admin2 = await t2.login();
      const me = await bound(t2, admin2);
      const lacking = await createUser(t2, admin2, { role: 'user' });
      for (const name of [me.userName, uniq('nobody'), lacking.userName]) {
        expect((await askCode(name, 'email', 'en-US', t2)).body.code).toBe(200);
        const soon = await askCode(name, c.channel, 'zh-CN', t2);
        expect(soon.status).toBe(429);
        expect(soon.body.msg).toMatch(/验证码刚刚已发送，请 (59|60) 秒后再获取/);
      }
    } finally {
      await t2.close();
    }
  });

  // Only by SMS: what the email suite's server, sending email alone, has no second channel or webhook for.
  if (c.channel !== 'phone') return;

  it('one series per name over both channels: only the newest code works, email or SMS', async () => {
    const me = await bound();
    const address = fresh('email');
    await bind(app, me, 'email', address);
    const mailsBefore = mailbox.mails.length;
    expect((await askCode(me.userName, 'email')).body.code).toBe(200);
    const mailed = codeIn(await mailbox.next(address, mailsBefore));
    const { code: texted } = await codeFor(me);
    if (mailed !== texted) expect((await reset(me.userName, mailed)).status).toBe(400);
    expect((await reset(me.userName, texted)).body.code).toBe(200);
  });

  it('SECURITY_CODE_DAILY_MAX codes a day per number, whichever names ask', async () => {
    const phone = newPhone();
    const one = await bound(app, adminToken, phone);
    const two = await bound(app, adminToken, phone);
    for (const name of [one.userName, one.userName, two.userName]) expect((await askCode(name)).body.code).toBe(200);
    const res = await askCode(two.userName);
    expect(res.status).toBe(429);
    expect(res.body.msg).toMatch(/limit of codes is reached/);
    expect((await askCode(uniq('nobody'))).body.code).toBe(200);
  });

  it('the answer does not wait for the webhook, and a webhook that fails changes nothing in it', async () => {
    const me = await bound();
    sms.answer.holdMs = 5_000;
    try {
      const before = sms.texts.length;
      const res = await askCode(me.userName);
      expect(res.body.code, res.body.msg).toBe(200);
      await sms.next(me.target, before);
      // The webhook has the text and has not answered yet; the caller already has its answer.
      expect(sms.pending()).toBeGreaterThan(0);
    } finally {
      sms.answer.holdMs = 0;
    }
    const failing = await bound();
    sms.answer.status = 500;
    try {
      const res = await askCode(failing.userName);
      expect(res.body.code, res.body.msg).toBe(200);
      expect(Object.keys(res.body.data).sort()).toEqual(['expiresAt', 'resendAt']);
    } finally {
      sms.answer.status = 200;
    }
  });
});
