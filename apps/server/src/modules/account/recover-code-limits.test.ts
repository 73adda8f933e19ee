import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.ts';
import { createUser, uniq } from '../../../test/fixtures.ts';
import { codeIn } from '../../../test/mailbox.ts';
import { fileCodeRecoveries, type Channel } from '../../../test/recovery.ts';

/**
 * How often a code is sent by recovery: per name and per number from each client, per client over all
 * names, one series per name and client; a stranger asking for a name never denies its owner. The email
 * suite's server sends email only; the SMS one's sends both.
 */
describe.each(await fileCodeRecoveries())('recovering a password with a code %s', (_, s) => {
  const { c, app, adminToken, mailbox, sms, receivers, newPhone, fresh, bind, bound, askCode, reset, codeFor } = s;

  it('SECURITY_CODE_DAILY_MAX codes a day per name from one client, the same for a name with no account', async () => {
    const me = await bound();
    const nobody = uniq('nobody');
    for (const [i, name] of [me.userName, nobody].entries()) {
      const from = `${c.net}.200.${i + 1}`;
      for (let n = 0; n < 3; n++) expect((await askCode(name, c.channel, 'en-US', app, from)).body.code).toBe(200);
      const res = await askCode(name, c.channel, 'en-US', app, from);
      expect(res.status).toBe(429);
      expect(res.body.msg).toMatch(/limit of codes is reached/);
    }
  });

  it('a stranger who uses up a name’s codes denies the owner nothing: the owner’s code comes and works', async () => {
    const me = await bound();
    const [owner, stranger] = [`${c.net}.201.1`, `${c.net}.201.2`];
    const before = c.channel === 'email' ? mailbox.mails.length : sms.texts.length;
    expect((await askCode(me.userName, c.channel, 'en-US', app, owner)).body.code).toBe(200);
    const { code } =
      c.channel === 'email'
        ? { code: codeIn(await mailbox.next(me.target, before)) }
        : { code: (await sms.next(me.target, before)).code };
    // The stranger asks for the owner's name until refused, after the owner's code went out.
    let last = 200;
    for (let i = 0; i < 5 && last === 200; i++)
      last = (await askCode(me.userName, c.channel, 'en-US', app, stranger)).status;
    expect(last).toBe(429);
    // The owner can still ask, and the code it got first still works (the stranger's are not its series).
    expect((await askCode(uniq('other'), c.channel, 'en-US', app, owner)).body.code).toBe(200);
    expect((await reset(me.userName, code, c.newPassword, 'en-US', owner)).body.code).toBe(200);
    // A code works only on the client that asked for it.
    expect((await reset(me.userName, code, c.newPassword, 'en-US', stranger)).status).toBe(400);
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
        const from = `${c.net}.202.${name.length}`;
        expect((await askCode(name, 'email', 'en-US', t2, from)).body.code).toBe(200);
        const soon = await askCode(name, c.channel, 'zh-CN', t2, from);
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

  it('SECURITY_CODE_DAILY_MAX codes a day per number from one client, whichever names it asks for', async () => {
    const phone = newPhone();
    const one = await bound(app, adminToken, phone);
    const two = await bound(app, adminToken, phone);
    const from = `${c.net}.203.1`;
    for (const name of [one.userName, one.userName, two.userName])
      expect((await askCode(name, c.channel, 'en-US', app, from)).body.code).toBe(200);
    const res = await askCode(two.userName, c.channel, 'en-US', app, from);
    expect(res.status).toBe(429);
    expect(res.body.msg).toMatch(/limit of codes is reached/);
    expect((await askCode(uniq('nobody'), c.channel, 'en-US', app, from)).body.code).toBe(200);
    // Another client asking for the number's names is not held back by this one.
    expect((await askCode(two.userName)).body.code).toBe(200);
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
