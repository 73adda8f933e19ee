import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileTestApp } from '../../../test/harness.ts';
import { createUser, idNumber, inChinese, lastAuditChanges } from '../../../test/fixtures.ts';
import { certifications } from '../../db/schema/index.ts';
import { certificationApi } from '@siteops/contracts/certification/api';
import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { notificationApi } from '@siteops/contracts/notification/api';
import { userApi } from '@siteops/contracts/user/api';

/**
 * Real-name certification: a user submits, sees only its own records (another's id is 404, for an
 * admin too when withdrawing), admins get a to-do and review; the user's status and message follow.
 */
const { t, admin } = await fileTestApp();
type Person = { id: number; userName: string; token: string };
let alice: Person;
let bob: Person;

const form = (overrides: Record<string, unknown> = {}): InputOf<typeof certificationApi.submit> =>
  ({
    accountType: 'enterprise',
    legalPersonName: 'Wang Wu',
    legalIdType: 'idCard',
    legalIdNo: idNumber(),
    enterpriseName: 'Siteops Building Co.',
    enterpriseCertType: 'businessLicence',
    organisationCode: '91110000-MA01 ABCD3X',
    ...(overrides as object),
  }) as InputOf<typeof certificationApi.submit>;

const person = async (role = 'user'): Promise<Person> => {
  const u = await createUser(t, admin, { role });
  return { id: u.id, userName: u.userName, token: await t.login(u.userName, u.password) };
};
const status = async (p: Person) => (await t.api(certificationApi.current, {}, p.token)).body.data.status;
const inbox = async (token: string, tab: 'message' | 'notice' | 'todo') =>
  (await t.api(notificationApi.listAll, { tab, pageSize: 50 }, token)).body.data.list.map(
    (n: { title: string; body: string | null; link: string | null }) => n,
  );

beforeAll(async () => {
  alice = await person();
  bob = await person();
});

describe('certification', () => {
  let aliceId: number;
  const aliceIdNo = idNumber();

  it('a submission is stored encrypted, answered masked, and waits for review (status unknown)', async () => {
    expect(await status(alice)).toBe('new');
    const res = await t.api(certificationApi.submit, form({ legalIdNo: aliceIdNo }), alice.token);
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data.type).toBe('enterprise');
    aliceId = res.body.data.id;

    const [stored] = await t.database.db.select().from(certifications).where(eq(certifications.id, aliceId));
    expect(stored.legalIdNo).not.toContain(aliceIdNo);
    expect(stored.organisationCode).toBe('91110000MA01ABCD3X');

    const current = (await t.api(certificationApi.current, {}, alice.token)).body.data;
    expect(current).toMatchObject({ status: 'unknown', current: null });
    expect(current.auditing).toMatchObject({ id: aliceId, status: 'auditing', enterpriseName: 'Siteops Building Co.' });
    expect(current.auditing.legalIdNo).toBe(`${aliceIdNo.slice(0, 3)}${'*'.repeat(11)}${aliceIdNo.slice(-4)}`);
    const info = (await t.api(userApi.detail, { id: alice.id }, admin)).body.data;
    expect(info.certification).toBe('unknown');
  });

  it('admins get a to-do linking to the review queue', async () => {
    const todo = (await inbox(admin, 'todo')).find((n: { link: string }) => n.link?.endsWith(`id=${aliceId}`));
    expect(todo).toMatchObject({ title: 'Certification to review: Siteops Building Co.' });
    expect(todo.body).toContain(alice.userName);
  });

  it('one at a time: a second submission while one is audited is a 409', async () => {
    const res = await t.api(certificationApi.submit, form(), alice.token);
    expect(res.status).toBe(409);
    expect((await t.api(certificationApi.listAll, {}, alice.token)).body.data.total).toBe(1);
  });

  it('nobody else lists, views or withdraws it: its id answers 404 (an admin may view, not withdraw)', async () => {
    expect((await t.api(certificationApi.listAll, {}, bob.token)).body.data.total).toBe(0);
    expect((await t.api(certificationApi.detail, { id: aliceId }, bob.token)).status).toBe(404);
    expect((await t.api(certificationApi.withdraw, { id: aliceId }, bob.token)).status).toBe(404);
    expect((await t.api(certificationApi.withdraw, { id: aliceId }, admin)).status).toBe(404);
    expect((await t.api(certificationApi.detail, { id: aliceId }, admin)).body.data.userName).toBe(alice.userName);
    expect((await t.api(certificationApi.reviewList, {}, bob.token)).status).toBe(403);
    expect((await t.api(certificationApi.review, { id: aliceId, result: 'passed' }, bob.token)).status).toBe(403);
  });

  it('the admin passes it: status auth, the user told, and it can no longer be withdrawn or reviewed', async () => {
    const queue = (await t.api(certificationApi.reviewList, { keyword: alice.userName }, admin)).body.data;
    expect(queue.list.map((c: { id: number }) => c.id)).toEqual([aliceId]);

    const res = await t.api(certificationApi.review, { id: aliceId, result: 'passed', opinion: 'Fine' }, admin);
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data).toEqual({ status: 'passed', certification: 'auth' });
    expect(await lastAuditChanges(t, 'certification.pass', aliceId)).toEqual([
      { field: 'status', before: 'auditing', after: 'passed' },
      { field: 'opinion', before: null, after: 'Fine' },
    ]);
    const current = (await t.api(certificationApi.current, {}, alice.token)).body.data;
    expect(current).toMatchObject({ status: 'auth', auditing: null });
    expect(current.current).toMatchObject({ id: aliceId, status: 'passed', reviewerName: 'admin', opinion: 'Fine' });

    const [message] = await inbox(alice.token, 'message');
    expect(message).toMatchObject({
      title: 'Your real-name certification passed',
      link: '/user/setting?tab=certification',
    });
    const zh = (await t.api(notificationApi.listAll, { tab: 'message' }, inChinese(alice.token))).body.data.list[0];
    expect(zh.title).toBe('您的实名认证已通过');

    expect((await t.api(certificationApi.withdraw, { id: aliceId }, alice.token)).status).toBe(409);
    expect((await t.api(certificationApi.review, { id: aliceId, result: 'rejected' }, admin)).status).toBe(409);
    expect((await t.api(certificationApi.reviewList, { keyword: alice.userName }, admin)).body.data.total).toBe(0);
  });

  it('a change of subject keeps the passed one in force until reviewed; rejected, it stays auth', async () => {
    const res = await t.api(certificationApi.submit, form({ enterpriseName: 'New Subject Ltd' }), alice.token);
    expect(res.body.data.type).toBe('changeSubject');
    expect(await status(alice)).toBe('auth');
    const review = await t.api(
      certificationApi.review,
      {
        id: res.body.data.id,
        result: 'rejected',
        opinion: 'Licence unreadable',
      },
      admin,
    );
    expect(review.body.data).toEqual({ status: 'rejected', certification: 'auth' });
    const [message] = await inbox(alice.token, 'message');
    expect(message).toMatchObject({
      title: 'Your real-name certification was rejected',
      body: 'New Subject Ltd was not certified. Opinion: Licence unreadable',
    });
    const records = (await t.api(certificationApi.listAll, {}, alice.token)).body.data.list;
    expect(records.map((r: { type: string; status: string }) => `${r.type}:${r.status}`)).toEqual([
      'changeSubject:rejected',
      'enterprise:passed',
    ]);
  });

  it('withdraw only while auditing; the record stays as withdrawn and the status goes back', async () => {
    const res = await t.api(certificationApi.submit, form(), bob.token);
    expect(await status(bob)).toBe('unknown');
    expect((await t.api(certificationApi.withdraw, { id: res.body.data.id }, bob.token)).body.code).toBe(200);
    expect(await status(bob)).toBe('new');
    expect((await t.api(certificationApi.withdraw, { id: res.body.data.id }, bob.token)).status).toBe(409);
    const [record] = (await t.api(certificationApi.listAll, {}, bob.token)).body.data.list;
    expect(record).toMatchObject({ id: res.body.data.id, status: 'withdrawn' });
    // Withdrawn, a new one may be submitted.
    expect((await t.api(certificationApi.submit, form(), bob.token)).body.code).toBe(200);
  });

  it('bad input is a 400 naming the fields, in the caller’s language, and nothing is stored', async () => {
    const before = (await t.api(certificationApi.listAll, {}, alice.token)).body.data.total;
    const res = await t.api.unchecked(
      certificationApi.submit,
      form({ legalIdNo: '110***1234', organisationCode: '12', accountType: 'pirate', legalPersonName: ' ' }),
      inChinese(alice.token),
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data.fields).sort()).toEqual([
      'accountType',
      'legalIdNo',
      'legalPersonName',
      'organisationCode',
    ]);
    expect(res.body.data.fields.organisationCode).toBe('组织机构代码 必须是 8-18 位字母或数字');
    expect((await t.api(certificationApi.listAll, {}, alice.token)).body.data.total).toBe(before);
    expect((await t.api.unchecked(certificationApi.review, { id: aliceId, result: 'maybe' }, admin)).status).toBe(400);
    expect((await t.api(certificationApi.detail, { id: 2000000000 }, alice.token)).status).toBe(404);
  });
});
