import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser, inChinese, lastAudit, lastAuditChanges, uniq } from '../../../test/fixtures.ts';
import { codeIn, startMailbox } from '../../../test/mailbox.ts';
import { securityCodes, userSecurity } from '../../db/schema/index.ts';
import { accountApi } from '@siteops/contracts/account/api';
import { notificationApi } from '@siteops/contracts/notification/api';
import type { Endpoint } from '@siteops/contracts/shared/endpoint';

/**
 * Security settings: a security question changed with the current password, and a security email and
 * phone bound by a one-time code that really goes out (a real SMTP server and SMS webhook run here).
 */
let t: TestApp;
let admin: string;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let sms: http.Server;
const texts: { phone: string; code: string; locale: string }[] = [];

interface Me {
  id: number;
  password: string;
  token: string;
}
async function newUser(app = t, adminToken = admin): Promise<Me> {
  const u = await createUser(app, adminToken, { role: 'user' });
  return { id: u.id, password: u.password, token: await app.login(u.userName, u.password) };
}
const post = (endpoint: Endpoint, me: Me, body: Record<string, unknown>, lang?: string, app = t) =>
  app.api.unchecked(endpoint, body, { token: me.token, headers: lang ? { 'accept-language': lang } : {} });
const state = async (me: Me) => (await t.api(accountApi.security, {}, me.token)).body.data;
const log = async (me: Me) =>
  (await t.api(accountApi.securityLog, {}, me.token)).body.data.list.map((r: { action: string }) => r.action);
const email = () => `${uniq('alice')}@example.com`;

/** Ask for a code to `target` and read it from the inbox. */
async function codeFor(me: Me, target: string, lang?: string, app = t) {
  const before = mailbox.mails.length;
  const res = await post(accountApi.securityCode, me, { channel: 'email', target }, lang, app);
  expect(res.body.code, res.body.msg).toBe(200);
  return { mail: await mailbox.next(target, before), answer: res.body.data };
}

beforeAll(async () => {
  mailbox = await startMailbox();
  sms = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      texts.push(JSON.parse(body));
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => sms.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({
    SMTP_URL: mailbox.url,
    SMS_WEBHOOK_URL: `http://127.0.0.1:${(sms.address() as AddressInfo).port}/sms`,
    SECURITY_CODE_INTERVAL_SECONDS: '0',
    SECURITY_CODE_DAILY_MAX: '3',
  });
  admin = await t.login();
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
  sms.close();
});

describe('security email and phone', () => {
  it('a code sent by email binds the email, shown masked and audited; a wrong code counts its tries', async () => {
    const me = await newUser();
    expect(await state(me)).toMatchObject({
      question: { set: false },
      email: { bound: null, available: true },
      phone: { bound: null, available: true },
    });
    const target = email();
    const { mail, answer } = await codeFor(me, target.toUpperCase());
    expect(mail.subject).toMatch(/^SiteOps security code: \d{6}$/);
    expect(mail.text).toContain('valid for 10 minutes');
    expect(new Date(answer.expiresAt).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    const code = codeIn(mail);
    const wrong = code === '000000' ? '000001' : '000000';
    const miss = await post(accountApi.securityBind, me, { channel: 'email', target, code: wrong });
    expect(miss.status).toBe(400);
    expect(miss.body.data.fields.code).toBe('The code is incorrect; 4 tries left');
    const ok = await post(accountApi.securityBind, me, { channel: 'email', target, code });
    expect(ok.body.code, ok.body.msg).toBe(200);
    expect((await state(me)).email.bound).toBe(`a***@example.com`);
    expect(await log(me)).toContain('account.securityBind');
    const again = await post(accountApi.securityBind, me, { channel: 'email', target, code });
    expect(again.body.data.fields.code).toMatch(/expired or was not requested/);
  });

  it('the mail is in the user’s language', async () => {
    const me = await newUser();
    const { mail } = await codeFor(me, email(), 'zh-CN');
    expect(mail.subject).toMatch(/^SiteOps 安全验证码：\d{6}$/);
    expect(mail.text).toContain('10 分钟内有效');
  });

  it('another user cannot confirm my code', async () => {
    const me = await newUser();
    const other = await newUser();
    const target = email();
    const code = codeIn((await codeFor(me, target)).mail);
    const theirs = await post(accountApi.securityBind, other, { channel: 'email', target, code });
    expect(theirs.status).toBe(400);
    expect(theirs.body.data.fields.code).toMatch(/expired or was not requested/);
    expect((await state(other)).email.bound).toBeNull();
    expect((await post(accountApi.securityBind, me, { channel: 'email', target, code })).body.code).toBe(200);
  });

  it('an expired code is refused, and five wrong tries kill a code', async () => {
    const me = await newUser();
    const target = email();
    const code = codeIn((await codeFor(me, target)).mail);
    await t.database.db
      .update(securityCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(securityCodes.userId, me.id));
    const late = await post(accountApi.securityBind, me, { channel: 'email', target, code });
    expect(late.body.data.fields.code).toMatch(/expired/);

    const fresh = codeIn((await codeFor(me, target)).mail);
    const wrong = fresh === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++) await post(accountApi.securityBind, me, { channel: 'email', target, code: wrong });
    const dead = await post(accountApi.securityBind, me, { channel: 'email', target, code: fresh });
    expect(dead.body.data.fields.code).toBe('Too many wrong codes; request a new one');
    expect((await state(me)).email.bound).toBeNull();
    const stored = await t.database.db.select().from(securityCodes).where(eq(securityCodes.userId, me.id));
    expect(stored.every((r) => r.codeHash.startsWith('$argon2id$') && !r.targetHash.includes('@'))).toBe(true);
  });

  it('a phone code goes to the SMS webhook and binds the phone, masked; unbinding needs the password', async () => {
    const me = await newUser();
    const res = await post(accountApi.securityCode, me, { channel: 'phone', target: '138-0000-0000' }, 'zh-CN');
    expect(res.body.code, res.body.msg).toBe(200);
    const text = texts.at(-1)!;
    expect(text).toMatchObject({ phone: '13800000000', locale: 'zh-CN' });
    expect(text.code).toMatch(/^\d{6}$/);
    const bind = await post(accountApi.securityBind, me, {
      channel: 'phone',
      target: '13800000000',
      code: text.code,
    });
    expect(bind.body.code, bind.body.msg).toBe(200);
    expect((await state(me)).phone.bound).toBe('138****0000');

    const wrong = await post(accountApi.securityUnbind, me, { channel: 'phone', password: 'Wrong#123' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.fields.password).toBe('The current password is incorrect');
    expect((await state(me)).phone.bound).toBe('138****0000');
    const ok = await post(accountApi.securityUnbind, me, { channel: 'phone', password: me.password });
    expect(ok.body.code).toBe(200);
    expect((await state(me)).phone.bound).toBeNull();
    expect(await log(me)).toEqual(expect.arrayContaining(['account.securityBind', 'account.securityUnbind']));
    expect(await lastAuditChanges(t, 'account.securityUnbind', me.id)).toEqual([
      { field: 'phone', before: '138****0000', after: null },
    ]);
    const box = await t.api(notificationApi.listAll, { tab: 'message' }, inChinese(me.token));
    expect(box.body.data.list.map((n: { title: string }) => n.title)).toEqual([
      '已解绑安全手机：138****0000',
      '已绑定安全手机：138****0000',
    ]);
  });

  it('a bad target answers a field error', async () => {
    const me = await newUser();
    const res = await post(accountApi.securityCode, me, { channel: 'email', target: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body.data.fields.target).toBeTruthy();
  });
});

describe('limits and configuration', () => {
  it('a user gets at most SECURITY_CODE_DAILY_MAX codes a day: 429 in the envelope', async () => {
    const me = await newUser();
    for (let i = 0; i < 3; i++) await codeFor(me, email());
    const res = await post(accountApi.securityCode, me, { channel: 'email', target: email() });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe(42900);
    expect(res.body.msg).toMatch(/limit of codes is reached/);
    expect(new Date(res.body.data.retryAt).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
  });

  it('one code a minute per user and per target; without SMTP or SMS the binding is not configured', async () => {
    const t2 = await createTestApp({ SMTP_URL: mailbox.url });
    try {
      const admin2 = await t2.login();
      const me = await newUser(t2, admin2);
      const other = await newUser(t2, admin2);
      const target = email();
      await codeFor(me, target, undefined, t2);
      const soon = await post(accountApi.securityCode, me, { channel: 'email', target: email() }, undefined, t2);
      expect(soon.status).toBe(429);
      expect(soon.body.msg).toMatch(/another in (59|60) s/);
      const sameTarget = await post(accountApi.securityCode, other, { channel: 'email', target }, 'zh-CN', t2);
      expect(sameTarget.status).toBe(429);
      expect(sameTarget.body.msg).toMatch(/秒后再获取/);

      const phone = await post(accountApi.securityCode, me, { channel: 'phone', target: '13800000001' }, 'zh-CN', t2);
      expect(phone.status).toBe(409);
      expect(phone.body.msg).toBe('本服务器未配置安全手机绑定（未设置 SMS_WEBHOOK_URL）');
      const state2 = (await t2.api(accountApi.security, {}, me.token)).body.data;
      expect(state2.phone.available).toBe(false);
      expect(state2.email.available).toBe(true);
    } finally {
      await t2.close();
    }
  });
});

describe('security question', () => {
  it('needs the current password, stores the answer hashed and is audited', async () => {
    const me = await newUser();
    const body = { question: 'First pet?', answer: ' Rex ' };
    const wrong = await t.api(accountApi.securityQuestion, { ...body, password: 'Wrong#123' }, me.token);
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.fields.password).toBeTruthy();
    expect((await state(me)).question.set).toBe(false);
    const ok = await t.api(accountApi.securityQuestion, { ...body, password: me.password }, me.token);
    expect(ok.body.code, ok.body.msg).toBe(200);
    expect((await state(me)).question).toEqual({ set: true, question: 'First pet?' });
    const [row] = await t.database.db.select().from(userSecurity).where(eq(userSecurity.userId, me.id));
    expect(row!.answerHash).toMatch(/^\$argon2id\$/);
    expect(row!.answerHash).not.toContain('rex');
    expect(await log(me)).toContain('account.securityQuestion');
    const { row: audit, changes } = await lastAudit(t, 'account.securityQuestion', me.id);
    expect(changes).toEqual([
      { field: 'question', before: null, after: 'First pet?' },
      { field: 'answer', redacted: true },
    ]);
    expect(JSON.stringify(audit.detail)).not.toMatch(/rex/i);
  });
});
