import { beforeAll, describe, expect, it } from 'vitest';
import { fileTestApp, injectOf } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { userApi } from '@siteops/contracts/user/api';
import { accountApi } from '@siteops/contracts/account/api';

/**
 * The caller's own account: a security log of what was done to it (by itself or an administrator),
 * nobody else's; and "export data", everything about the caller in one audited file.
 */
const { t, admin } = await fileTestApp();
let me: { id: number; userName: string; password: string; token: string };
let other: { id: number; token: string };

beforeAll(async () => {
  const u = await createUser(t, admin, { role: 'user' });
  me = { ...u, token: await t.login(u.userName, u.password) };
  const o = await createUser(t, admin, { role: 'user' });
  other = { id: o.id, token: await t.login(o.userName, o.password) };
});

describe('account', () => {
  it('the security log lists the caller’s logins, its own changes and an administrator’s, nobody else’s', async () => {
    await t.api(userApi.updateSelf, { realName: 'Me Myself' }, me.token);
    await t.api(userApi.update, { id: me.id, nickName: 'nick' }, admin);
    await t.api(userApi.updateSelf, { realName: 'Someone' }, other.token);
    const log = (await t.api(accountApi.securityLog, {}, me.token)).body.data;
    const actions = log.list.map((r: { action: string; byOther: boolean }) => `${r.action}:${r.byOther}`);
    expect(actions).toEqual(['user.update:true', 'user.updateSelf:false', 'user.login:false']);
    expect(log.list[0].actorName).toBe('admin');
    const others = (await t.api(accountApi.securityLog, {}, other.token)).body.data.list;
    expect(others.map((r: { action: string }) => r.action)).toEqual(['user.updateSelf', 'user.login']);
  });

  it('export data answers the caller’s own file, ID number in full, no password, and is audited', async () => {
    const res = await t.app.inject(injectOf(accountApi.exportMine, {}, me.token));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`siteops-${me.userName}-`);
    const file = JSON.parse(res.body);
    expect(file.profile).toMatchObject({ id: me.id, userName: me.userName, realName: 'Me Myself' });
    expect(file.profile.idNo).toMatch(/^110105\d{11}X$/);
    expect(file.profile).not.toHaveProperty('password');
    expect(res.body).not.toContain('argon2');
    expect(file.activity.map((a: { action: string }) => a.action)).toContain('user.updateSelf');
    const log = (await t.api(accountApi.securityLog, {}, me.token)).body.data.list;
    expect(log[0].action).toBe('user.exportMine');
  });
});
