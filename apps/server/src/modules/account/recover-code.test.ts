import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { disableUser, uniq, createUser } from '../../../test/fixtures.ts';
import type { ReceivedMail } from '../../../test/mailbox.ts';
import { fileCodeRecoveries } from '../../../test/recovery.ts';
import { auditLog, recoveryCodes } from '../../db/schema/index.ts';
import { accountApi } from '@siteops/contracts/account/api';
import { userApi } from '@siteops/contracts/user/api';
import { notificationApi } from '@siteops/contracts/notification/api';

/**
 * A forgotten password, recovered with a code sent to the account's security email or phone: the same
 * rules either way (a real SMTP server and a real HTTP server receiving the SMS webhook's calls run
 * here). Every name is answered alike; only a real account with the address or number bound gets a code.
 * The email suite's server sends email only; the SMS one's sends both, so one name's codes are one
 * series over both channels: counted together, and only the newest works.
 */
describe.each(await fileCodeRecoveries())('recovering a password with a code %s', (_, s) => {
  const { c, app, adminToken, mailbox, sms, newPhone, fresh, bind, bound, askCode, reset, codeFor, otherThan } = s;

  it('every name is offered the code, and none is shown where it goes', async () => {
    const me = await bound();
    for (const name of [me.userName, uniq('nobody')]) {
      const res = await app.api(accountApi.recoverQuestion, { username: name });
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
    expect((await app.api(userApi.info, {}, me.token)).status).toBe(401);
    await expect(app.login(me.userName, me.password)).rejects.toThrow();
    const token = await app.login(me.userName, c.newPassword);
    const list = await app.api(notificationApi.listAll, {}, token);
    expect(list.body.data.list.map((n: { title: string }) => n.title)).toContain(c.told);
    const log = await app.api(accountApi.securityLog, {}, token);
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
      const unbound = await app.api(accountApi.securityUnbind, { channel: 'email', password: me.password }, me.token);
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
});
