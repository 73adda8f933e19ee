import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSecurity } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser, idNumber } from '../../../test/fixtures.ts';
import { startMailbox } from '../../../test/mailbox.ts';
import { notificationApi } from '@siteops/contracts/notification/api';
import { certificationApi } from '@siteops/contracts/certification/api';

/**
 * Notification emails: a real SMTP server receives what the notifier sends to those who chose email
 * for the kind and have a security email; nobody else gets mail.
 */
let t: TestApp;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
type Person = { id: number; token: string; email?: string };
let wantsMail: Person;
let consoleOnly: Person;
let noAddress: Person;
let submitter: Person;

const person = async (role: string, email?: string): Promise<Person> => {
  const admin = await t.login();
  const u = await createUser(t, admin, { role });
  // A bound security email, as the one-time code flow (account module, tested there) leaves it.
  if (email) await t.database.db.insert(userSecurity).values({ userId: u.id, email });
  return { id: u.id, token: await t.login(u.userName, u.password), email };
};
const preferences = (p: Person) => t.api(notificationApi.preferences, {}, p.token);
const choose = (p: Person, email: boolean) =>
  t.api(notificationApi.savePreferences, { preferences: [{ kind: 'certification', console: true, email }] }, p.token);

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ SMTP_URL: mailbox.url, PUBLIC_URL: 'https://console.example.com/' });
  wantsMail = await person('admin', 'wants.mail@example.com');
  consoleOnly = await person('admin', 'console.only@example.com');
  noAddress = await person('admin');
  submitter = await person('user');
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

describe('notification emails', () => {
  it('the preferences say whether email can be sent and whether the caller has an address', async () => {
    expect((await preferences(wantsMail)).body.data).toMatchObject({ emailAvailable: true, emailBound: true });
    expect((await preferences(noAddress)).body.data).toMatchObject({ emailAvailable: true, emailBound: false });
  });

  it('go, in both languages with a link to the console, only to those who chose email and have an address', async () => {
    expect((await choose(wantsMail, true)).status).toBe(200);
    expect((await choose(noAddress, true)).status).toBe(200);
    expect((await choose(consoleOnly, false)).status).toBe(200);
    const before = mailbox.mails.length;

    const res = await t.api(
      certificationApi.submit,
      {
        accountType: 'enterprise',
        legalPersonName: 'Wang Wu',
        legalIdType: 'idCard',
        legalIdNo: idNumber(),
        enterpriseName: '华建科技',
        enterpriseCertType: 'businessLicence',
        organisationCode: '91110000-MA01 ABCD3X',
      },
      submitter.token,
    );
    expect(res.status).toBe(200);

    const mail = await mailbox.next(wantsMail.email!, before);
    expect(mail.subject).toBe('SiteOps: 待审核的实名认证：华建科技 / Certification to review: 华建科技');
    expect(mail.text).toContain('提交了 华建科技 的实名认证');
    expect(mail.text).toContain('submitted 华建科技 for real-name certification');
    expect(mail.text).toMatch(/https:\/\/console\.example\.com\/\S+\?id=\d+/);
    expect(mail.text).toContain('“实名认证”');
    expect(mail.text).toContain('"Real-name certification"');
    // Everyone else's mail would have been sent in the same round, before or after this one: none was.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const others = mailbox.mails.slice(before).flatMap((m) => m.to);
    expect(others).toEqual([wantsMail.email]);
  });

  it('a message box notification still reaches everyone who keeps the console on', async () => {
    const list = await t.api(notificationApi.listAll, { tab: 'todo' }, consoleOnly.token);
    expect(list.body.data.list.some((n: { title: string }) => n.title.includes('华建科技'))).toBe(true);
  });
});
