import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditLog } from '../../db/schema/index.ts';
import { fileTestApp } from '../../../test/harness.ts';
import { createUser, idNumber, createSignedInUser } from '../../../test/fixtures.ts';
import { pruneNotifications } from './service.ts';
import { notificationApi } from '@siteops/contracts/notification/api';
import { certificationApi } from '@siteops/contracts/certification/api';

/**
 * The message centre: search in the reader's language, delete (own ids only, all or none), the
 * per-kind preferences the notifier honours, and retention.
 */
const { t, admin } = await fileTestApp();
type Person = { id: number; token: string };
let alice: Person;
let otherAdmin: Person;
let mutedAdmin: Person;

const get = (url: string, token: string, lang?: string) =>
  t.call({ method: 'GET', url, token, headers: lang ? { 'accept-language': lang } : {} });
const put = (url: string, token: string, body: object) => t.call({ method: 'PUT', url, token, body });
const del = (token: string, ids: number[]) => t.api(notificationApi.delete, { ids }, token);
const person = async (role: string): Promise<Person> => {
  const u = await createUser(t, admin, { role });
  return { id: u.id, token: await t.login(u.userName, u.password) };
};
const titles = async (token: string, query = '', lang?: string) =>
  ((await get(`/api/notification/listAll?pageSize=50${query}`, token, lang)).body.data.list as { title: string }[]).map(
    (n) => n.title,
  );
const submit = (token: string, enterpriseName: string) =>
  t.api(
    certificationApi.submit,
    {
      accountType: 'enterprise',
      legalPersonName: 'Wang Wu',
      legalIdType: 'idCard',
      legalIdNo: idNumber(),
      enterpriseName,
      enterpriseCertType: 'businessLicence',
      organisationCode: '91110000-MA01 ABCD3X',
    },
    token,
  );

beforeAll(async () => {
  alice = await person('user');
  otherAdmin = await person('admin');
  mutedAdmin = await person('admin');
});

describe('notification preferences', () => {
  it('answer every kind, on in the console by default, email unavailable', async () => {
    const res = await get('/api/notification/preferences', mutedAdmin.token);
    expect(res.body.data.emailAvailable).toBe(false);
    expect(res.body.data.preferences).toContainEqual({ kind: 'certification', console: true, email: false });
    expect(res.body.data.preferences.every((p: { console: boolean }) => p.console)).toBe(true);
  });

  it('a muted kind creates nothing for that user, and still does for the others', async () => {
    const saved = await put('/api/notification/preferences', mutedAdmin.token, {
      preferences: [{ kind: 'certification', console: false, email: false }],
    });
    expect(saved.body.code, saved.body.msg).toBe(200);
    expect(saved.body.data.preferences).toContainEqual({ kind: 'certification', console: false, email: false });
    expect(saved.body.data.preferences).toContainEqual({ kind: 'device', console: true, email: false });

    const res = await submit(alice.token, 'Muted Kind Ltd');
    expect(res.body.code, res.body.msg).toBe(200);
    expect(await titles(otherAdmin.token, '&tab=todo')).toContain('Certification to review: Muted Kind Ltd');
    expect(await titles(mutedAdmin.token, '&tab=todo')).toEqual([]);
    expect((await get('/api/notification/counts', mutedAdmin.token)).body.data.total).toBe(0);

    // Back on: the next one arrives.
    await put('/api/notification/preferences', mutedAdmin.token, {
      preferences: [{ kind: 'certification', console: true, email: false }],
    });
    const again = await submit((await person('user')).token, 'Unmuted Ltd');
    expect(again.body.code, again.body.msg).toBe(200);
    expect(await titles(mutedAdmin.token, '&tab=todo')).toEqual(['Certification to review: Unmuted Ltd']);
  });

  it('one user’s choice is its own; bad input is a 400', async () => {
    const mine = (await get('/api/notification/preferences', otherAdmin.token)).body.data.preferences;
    expect(mine.every((p: { console: boolean }) => p.console)).toBe(true);
    const bad = [
      { preferences: [] },
      { preferences: [{ kind: 'spam', console: true, email: false }] },
      { preferences: [{ kind: 'device', console: 'no', email: false }] },
      {
        preferences: [
          { kind: 'device', console: true, email: false },
          { kind: 'device', console: false, email: false },
        ],
      },
    ];
    for (const body of bad) expect((await put('/api/notification/preferences', alice.token, body)).status).toBe(400);
  });
});

describe('message centre', () => {
  it('searches the wording in the reader’s language and the names in it', async () => {
    expect(await titles(otherAdmin.token, '&keyword=review')).toEqual([
      'Certification to review: Unmuted Ltd',
      'Certification to review: Muted Kind Ltd',
    ]);
    expect(await titles(otherAdmin.token, '&keyword=muted kind')).toEqual(['Certification to review: Muted Kind Ltd']);
    expect(await titles(otherAdmin.token, `&keyword=${encodeURIComponent('待审核')}`, 'zh-CN')).toHaveLength(2);
    expect(await titles(otherAdmin.token, '&keyword=100%25')).toEqual([]);
  });

  it('filters by what a notification is about; `account` is what has no kind (the account’s own security)', async () => {
    const kinds = async (token: string, kind: string) =>
      ((await get(`/api/notification/listAll?kind=${kind}`, token)).body.data.list as { kind: string | null }[]).map(
        (n) => n.kind,
      );
    expect(await kinds(otherAdmin.token, 'certification')).toEqual(['certification', 'certification']);
    expect(await kinds(otherAdmin.token, 'device')).toEqual([]);
    expect(await kinds(otherAdmin.token, 'account')).toEqual([]);

    const [u, token] = await createSignedInUser(t, admin, { role: 'user' });
    const changed = await put('/api/user/updatePasswd', token, {
      oldPassword: u.password,
      newPassword: 'Kind@Filter2026',
    });
    expect(changed.body.code, changed.body.msg).toBe(200);
    expect(await titles(token, '&kind=account')).toEqual(['Your password was changed']);
    expect(await titles(token, '&kind=certification')).toEqual([]);
    expect((await get('/api/notification/listAll?kind=spam', token)).status).toBe(400);
  });

  it('deletes only the caller’s own, all or none: another’s id answers 404 and deletes nothing', async () => {
    const own = (await get('/api/notification/listAll', otherAdmin.token)).body.data.list as { id: number }[];
    const theirs = (await get('/api/notification/listAll', mutedAdmin.token)).body.data.list as { id: number }[];
    expect(own.length).toBe(2);
    const res = await del(otherAdmin.token, [own[0].id, theirs[0].id]);
    expect(res.status).toBe(404);
    expect((await get('/api/notification/listAll', otherAdmin.token)).body.data.total).toBe(2);
    expect((await get('/api/notification/listAll', mutedAdmin.token)).body.data.total).toBe(1);

    const ok = await del(otherAdmin.token, [own[0].id]);
    expect(ok.body.data).toEqual({ deleted: 1 });
    // Audited once, for the deletion that happened (the refused one left no entry).
    const audited = await t.database.db
      .select({ actorId: auditLog.actorId, targetId: auditLog.targetId })
      .from(auditLog)
      .where(eq(auditLog.action, 'notification.delete'));
    expect(audited).toEqual([{ actorId: otherAdmin.id, targetId: String(own[0].id) }]);
    expect(await titles(otherAdmin.token)).toEqual(['Certification to review: Muted Kind Ltd']);
    expect((await del(otherAdmin.token, [])).status).toBe(400);
  });

  it('retention deletes notifications older than the days kept, read or not, and nothing newer', async () => {
    const list = (await get('/api/notification/listAll', otherAdmin.token)).body.data.list as { id: number }[];
    await t.database.db.execute(
      sql`update notifications set created_at = now() - interval '91 days' where id = ${list[0].id}`,
    );
    const before = (await get('/api/notification/listAll', mutedAdmin.token)).body.data.total;
    expect(t.config.notificationRetentionDays).toBe(90);
    expect(await pruneNotifications(t.database.db, 90)).toBe(1);
    expect((await get('/api/notification/listAll', otherAdmin.token)).body.data.total).toBe(0);
    expect((await get('/api/notification/listAll', mutedAdmin.token)).body.data.total).toBe(before);
  });
});
