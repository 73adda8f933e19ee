import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fileTestApp, expectFieldError, urlOf } from '../../../test/harness.ts';
import { fileApi } from '@siteops/contracts/file/api';
import { createAgent, createProject, createUser, uploadId, createSignedInUser } from '../../../test/fixtures.ts';
import { auditLog, devices, files, users } from '../../db/schema/index.ts';
import { userApi } from '@siteops/contracts/user/api';
import { projectApi } from '@siteops/contracts/project/api';
import type { InputOf } from '@siteops/contracts/shared/endpoint';

const { t, admin } = await fileTestApp();

const updateSelf = (body: object, token: string) => t.api.unchecked(userApi.updateSelf, body, token);
const overview = (token: string, filter: InputOf<typeof userApi.overview> = {}) =>
  t.api(userApi.overview, filter, token);
const rowOf = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];

/** Every safe field a user may change about itself, each to a new value. */
const SELF_EDITS = {
  realName: 'Self Edited',
  sex: 'female',
  birthday: '1991-02-03',
  phone: '13700137000',
  email: 'me@example.com',
  address: 'Hangzhou',
  introduction: 'Hello',
  nickName: 'selfie',
  nation: 'Han',
  country: 'CN',
  area: 'Zhejiang',
};

describe('updateSelf: "edit info" for every role', () => {
  it.each(['user', 'manager', 'agent', 'admin'] as const)('a %s changes its own safe fields', async (role) => {
    const who =
      role === 'agent'
        ? await createAgent(t, admin).then((a) => ({ id: a.userId, token: a.token }))
        : await createUser(t, admin, { role }).then(async (u) => ({
            id: u.id,
            token: await t.login(u.userName, u.password),
          }));
    const res = await updateSelf(SELF_EDITS, who.token);
    expect(res.status, res.body.msg).toBe(200);
    const row = await rowOf(who.id);
    expect(row).toMatchObject({ ...SELF_EDITS, updatedId: who.id });
    const info = await t.api(userApi.info, {}, who.token);
    expect(info.body.data.realName).toBe('Self Edited');
  });

  it('refuses role, account, enabled, agent and PII fields with a 400 naming them, and changes nothing', async () => {
    const [u, token] = await createSignedInUser(t, admin);
    for (const [field, value] of [
      ['role', 'admin'],
      ['userName', 'taken_over'],
      ['enabled', 'enable'],
      ['agentId', 1],
      ['idNo', '110105199001011234'],
      ['certification', 'auth'],
      ['id', 1],
    ] as const) {
      const res = await updateSelf({ realName: 'Nope', [field]: value }, token);
      expectFieldError(res, [field]);
    }
    const row = await rowOf(u.id);
    expect(row.role).toBe('user');
    expect(row.realName).not.toBe('Nope');
  });

  it('validates like the admin form: introduction <= 200, email, phone, sex, birthday', async () => {
    const [, token] = await createSignedInUser(t, admin);
    expect((await updateSelf({ introduction: 'x'.repeat(200) }, token)).status).toBe(200);
    for (const [field, value] of [
      ['introduction', 'x'.repeat(201)],
      ['email', 'nope'],
      ['phone', 'call me'],
      ['sex', 'other'],
      ['birthday', '2999-01-01'],
      ['realName', '  '],
      ['nickName', ''],
      ['area', ' '],
    ] as const) {
      const res = await updateSelf({ [field]: value }, token);
      expectFieldError(res, [field]);
    }
  });

  it('takes an avatar the caller uploaded, never someone else’s, and drops the replaced one', async () => {
    const [u, token] = await createSignedInUser(t, admin);
    const first = await uploadId(t, token, 'avatar');
    expect((await updateSelf({ avatar: first }, token)).status).toBe(200);
    expect((await rowOf(u.id)).avatar).toBe(first);
    // The console draws it from the session's info: a URL an <img> can load, not the file id.
    const info = await t.api(userApi.info, {}, token);
    expect(info.body.data.avatarUrl).toMatch(new RegExp(`^${urlOf(fileApi.serve, { id: first })}\\?exp=\\d+&sig=`));
    expect((await t.call({ method: 'GET', url: info.body.data.avatarUrl })).status).toBe(200);
    const second = await uploadId(t, token, 'avatar');
    expect((await updateSelf({ avatar: second }, token)).status).toBe(200);
    expect(await t.database.db.select().from(files).where(eq(files.id, first))).toHaveLength(0);

    const others = await uploadId(t, admin, 'avatar');
    const res = await updateSelf({ avatar: others }, token);
    expectFieldError(res, 'avatar');
    expect((await rowOf(u.id)).avatar).toBe(second);
  });

  it('needs a session and is audited', async () => {
    expect((await t.api(userApi.updateSelf, { realName: 'x' })).status).toBe(401);
    const u = await createUser(t, admin);
    await updateSelf({ phone: '13600136000' }, await t.login(u.userName, u.password));
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(u.id)));
    const row = rows.find((r) => r.action === 'user.updateSelf')!;
    expect(row.actorId).toBe(u.id);
    expect((row.detail as { fields: string[] }).fields).toEqual(['phone']);
  });
});

describe('the overview (userApi.overview) for every role, with site notifications', () => {
  it('a plain user gets its own overview: its notifications come from what others did to it', async () => {
    const u = await createUser(t, admin);
    const other = await createUser(t, admin);
    const reset = await t.api(userApi.resetPasswd, { id: u.id }, admin);
    await t.api(userApi.resetPasswd, { id: other.id }, admin);
    const oneTime = reset.body.data.oneTimePassword as string;
    const token = await t.login(u.userName, oneTime);
    await t.api(userApi.updatePasswd, { oldPassword: oneTime, newPassword: 'N3w#Passw0rd' }, token);
    const res = await overview(token);
    expect(res.status, res.body.msg).toBe(200);
    const actions = res.body.data.notifications.map((n: { action: string }) => n.action);
    expect(actions).toContain('user.resetPasswd');
    expect(actions).toContain('user.add');
    // Its own doings (login, password change) are activity, not notifications; nobody else's reach it.
    expect(actions).not.toContain('user.updatePasswd');
    expect(res.body.data.notifications.every((n: { targetId: string }) => n.targetId === String(u.id))).toBe(true);
    expect(res.body.data.counts.users).toBe(1);
    expect(res.body.data.visits.thisMonth).toBeGreaterThan(0);
    expect(res.body.data.activity.map((a: { action: string }) => a.action)).toContain('user.login');
  });

  it('being added to a project or made its manager is a notification naming the project', async () => {
    const m = await createUser(t, admin, { role: 'manager' });
    const member = await createUser(t, admin);
    const projectId = await createProject(t, admin, { name: 'Notified Tower', code: `NT${Date.now()}` });
    const managerRes = await t.api(projectApi.addManager, { projectId, userId: m.id }, admin);
    expect(managerRes.body.code, managerRes.body.msg).toBe(200);
    const membersRes = await t.api(projectApi.addMembers, { projectId, userIds: [member.id] }, admin);
    expect(membersRes.body.code, membersRes.body.msg).toBe(200);
    const sn = `NT-${Date.now()}`;
    await t.database.db.insert(devices).values([
      { type: 'dust', sn: `${sn}-1`, projectId, onlineStatus: 'online' },
      { type: 'face', sn: `${sn}-2`, projectId, onlineStatus: 'offline' },
    ]);

    const mine = await overview(await t.login(m.userName, m.password));
    expect(mine.body.data.notifications).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'project.addManager', projectName: 'Notified Tower' }),
      ]),
    );
    expect(mine.body.data.myProjects).toContainEqual(
      expect.objectContaining({ id: projectId, memberCount: 2, devices: { total: 2, online: 1 } }),
    );
    expect(mine.body.data.team.map((p: { id: number }) => p.id)).toContain(member.id);

    const theirs = await overview(await t.login(member.userName, member.password));
    const kinds = theirs.body.data.notifications.map((n: { action: string }) => n.action);
    expect(kinds).toContain('project.addMembers');
    expect(kinds).not.toContain('project.addManager');
    expect(theirs.body.data.team.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([m.id, member.id]));
  });

  it('"show more": limit rows and whether more exist', async () => {
    const few = await overview(admin, { limit: 2 });
    expect(few.body.data.activity).toHaveLength(2);
    expect(few.body.data.more.activity).toBe(true);
    const many = await overview(admin, { limit: 50 });
    expect(many.body.data.activity.length).toBeGreaterThan(2);
    expect((await overview(admin, { limit: 51 })).status).toBe(400);
  });
});
