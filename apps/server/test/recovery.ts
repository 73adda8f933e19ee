import { randomInt } from 'node:crypto';
import { afterAll, expect } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';
import { createUser, uniq } from './fixtures.ts';
import { codeIn, startMailbox } from './mailbox.ts';
import { startSmsbox, type ReceivedText } from './smsbox.ts';
import { accountApi } from '@siteops/contracts/account/api';

export type Channel = 'email' | 'phone';

/** A user who recovers a password, signed in before it. */
export interface Person {
  id: number;
  userName: string;
  password: string;
  token: string;
}

/** A user with a recovery channel bound. */
export interface Bound extends Person {
  /** The bound address or number. */
  target: string;
}

/**
 * A forgotten password, recovered with a code sent to the account's security email or phone: the same
 * rules either way (a real SMTP server and a real HTTP server receiving the SMS webhook's calls run
 * here). Every name is answered alike; only a real account with the address or number bound gets a code.
 * The email suite's server sends email only; the SMS one's sends both, so one name's codes are one
 * series over both channels: counted together, and only the newest works.
 */
export const CODE_CHANNELS = [
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

/**
 * The server a code-recovery test file's tests share for channel `c`, with the mailbox and the SMS webhook it
 * sends to, and the steps of a recovery by code: made as the file loads (call it with a top-level await) and
 * closed after the file's last test. The recovery-by-code files split one suite by concern; this keeps their
 * set-up one.
 */
export async function fileCodeRecovery(c: (typeof CODE_CHANNELS)[number]) {
  const mailbox = await startMailbox();
  const sms = await startSmsbox();
  const receivers = (): Record<string, string> =>
    c.channel === 'email' ? { SMTP_URL: mailbox.url } : { SMTP_URL: mailbox.url, SMS_WEBHOOK_URL: sms.url };
  const app = await createTestApp({
    ...receivers(),
    SECURITY_CODE_INTERVAL_SECONDS: '0',
    SECURITY_CODE_DAILY_MAX: '3',
  });
  afterAll(async () => {
    await app.close();
    await mailbox.close();
    await sms.close();
  });
  const adminToken = await app.login();

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
    const sent = await on.api(accountApi.securityCode, { channel, target }, who.token);
    expect(sent.body.code, sent.body.msg).toBe(200);
    const { message, code } = await received(channel, target, before);
    if (channel === 'phone') expect((message as ReceivedText).purpose).toBe('bind');
    const bound = await on.api(accountApi.securityBind, { channel, target, code }, who.token);
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
  /** The client that last asked for a code for a name: a code works on the client that asked for it. */
  const askedFrom = new Map<string, string>();
  const askCode = (
    username: string,
    channel: Channel = c.channel,
    lang = 'en-US',
    on = app,
    remoteAddress = `${c.net}.${clients >> 8}.${clients++ & 255}`,
  ) => {
    askedFrom.set(username.toLowerCase(), remoteAddress);
    return on.api(
      accountApi.recoverCode,
      // Email is the channel when none is named.
      channel === 'email' ? { username } : { username, channel },
      { headers: { 'accept-language': lang }, remoteAddress },
    );
  };
  /** The code typed on the client that last asked for one for the name, unless another is named. */
  const reset = (
    username: string,
    code: string,
    newPassword = c.newPassword,
    lang = 'en-US',
    remoteAddress = askedFrom.get(username.toLowerCase()),
  ) =>
    app.api(
      accountApi.recoverByCode,
      { username, code, newPassword },
      { headers: { 'accept-language': lang }, remoteAddress },
    );
  /** Ask for a code for `who` on this channel and read it where it arrived. */
  async function codeFor(who: Bound, lang = 'en-US') {
    const before = sentOn(c.channel);
    const res = await askCode(who.userName, c.channel, lang);
    expect(res.body.code, res.body.msg).toBe(200);
    return { ...(await received(c.channel, who.target, before)), answer: res.body.data };
  }
  const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');
  return {
    c,
    app,
    adminToken,
    mailbox,
    sms,
    receivers,
    newPhone,
    fresh,
    bind,
    bound,
    askCode,
    reset,
    codeFor,
    otherThan,
  };
}

/** Both channels' suites, made as the file loads: `describe.each` over them runs a file's tests on each. */
export const fileCodeRecoveries = () =>
  Promise.all(CODE_CHANNELS.map(fileCodeRecovery)).then((suites) => suites.map((s) => [s.c.how, s] as const));
