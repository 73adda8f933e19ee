import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fileTestApp } from '../../../test/harness.ts';
import { createAgent, createProject, createUser, uniq, createSignedInUser } from '../../../test/fixtures.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { accountApi } from '@siteops/contracts/account/api';
import { projectApi } from '@siteops/contracts/project/api';
import { userApi } from '@siteops/contracts/user/api';

/**
 * Social info (settings' social tab): the caller keeps its own WeChat ID, QQ, DingTalk ID, WeCom account
 * and website; whoever may read a user (the scope rule) sees them on the user's detail.
 */
const { t, admin } = await fileTestApp();

interface Me {
  id: number;
  token: string;
}
async function newUser(overrides: Record<string, unknown> = {}, token = admin): Promise<Me> {
  const u = await createUser(t, token, { role: 'user', ...overrides });
  return { id: u.id, token: await t.login(u.userName, u.password) };
}
const save = (me: Me, body: object, lang?: string) =>
  t.api.unchecked(accountApi.saveSocial, body, { token: me.token, headers: lang ? { 'accept-language': lang } : {} });
const read = async (me: Me) => {
  const res = await t.api(accountApi.social, {}, me.token);
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data;
};
const detail = (token: string, id: number) => t.api(userApi.detail, { id }, token);
const audits = (id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'account.social'), eq(auditLog.targetId, String(id))));

const FULL = {
  wechat: '  site_Lead-01 ',
  qq: '12345678',
  dingtalk: 'zhang.san@corp',
  wecom: 'ZhangSan',
  website: 'https://example.com/about?x=1',
};
const EMPTY = { wechat: null, qq: null, dingtalk: null, wecom: null, website: null };

describe('the caller’s social info', () => {
  it('starts empty, saves every handle trimmed, answers and reads back what is stored, audited', async () => {
    const me = await newUser();
    expect(await read(me)).toEqual(EMPTY);
    const res = await save(me, FULL);
    expect(res.status, res.body.msg).toBe(200);
    const stored = { ...FULL, wechat: 'site_Lead-01' };
    expect(res.body.data).toEqual(stored);
    expect(await read(me)).toEqual(stored);
    const [row] = await audits(me.id);
    expect(row).toMatchObject({ actorId: me.id, targetType: 'user' });
    expect(row.detail).toMatchObject({ fields: Object.keys(FULL), values: stored });
    expect((row.detail as { changes: unknown }).changes).toEqual(
      Object.entries(stored).map(([field, after]) => ({ field, before: null, after })),
    );
    // It is an account change: the security log lists it.
    const log = await t.api(accountApi.securityLog, {}, me.token);
    expect(log.body.data.list.map((r: { action: string }) => r.action)).toContain('account.social');
    // And "export data" carries it.
    const file = await t.api(accountApi.exportMine, {}, me.token);
    expect((file.body as unknown as { profile: object }).profile).toMatchObject(stored);
  });

  it('changes only the fields sent; "" and null clear one; a save that changes nothing is not audited', async () => {
    const me = await newUser();
    await save(me, FULL);
    expect((await save(me, { qq: '99999' })).body.data).toMatchObject({ qq: '99999', wechat: 'site_Lead-01' });
    const cleared = await save(me, { wechat: '', website: null, dingtalk: '   ' });
    expect(cleared.status, cleared.body.msg).toBe(200);
    expect(await read(me)).toEqual({ ...EMPTY, qq: '99999', wecom: 'ZhangSan' });
    const before = (await audits(me.id)).length;
    expect((await save(me, { qq: '99999', wechat: null })).status).toBe(200);
    expect((await save(me, {})).status).toBe(200);
    expect(await audits(me.id)).toHaveLength(before);
    const [row] = await t.database.db.select({ updatedId: users.updatedId }).from(users).where(eq(users.id, me.id));
    expect(row.updatedId).toBe(me.id);
  });

  it.each([
    ['wechat', 'abc12', 'wechat must be 6-20 letters, digits, _ or -, starting with a letter'],
    ['wechat', '1abcdef', 'wechat must be 6-20 letters, digits, _ or -, starting with a letter'],
    ['wechat', `a${'b'.repeat(20)}`, 'wechat is at most 20 characters'],
    ['wechat', 'zhang san', 'wechat must be 6-20 letters, digits, _ or -, starting with a letter'],
    ['qq', '01234567', 'qq must be 5-11 digits, not starting with 0'],
    ['qq', '1234', 'qq must be 5-11 digits, not starting with 0'],
    ['qq', '12345abc', 'qq must be 5-11 digits, not starting with 0'],
    ['qq', '123456789012', 'qq is at most 11 characters'],
    ['dingtalk', '_hidden', 'dingtalk must be 1-64 letters, digits or _ . @ -, starting with a letter or digit'],
    ['wecom', '张三', 'wecom must be 1-64 letters, digits or _ . @ -, starting with a letter or digit'],
    ['wecom', 'x'.repeat(65), 'wecom is at most 64 characters'],
    ['website', 'www.example.com', 'website must be an http:// or https:// address'],
    ['website', 'javascript:alert(1)', 'website must be an http:// or https:// address'],
    ['website', 'ftp://example.com', 'website must be an http:// or https:// address'],
    ['website', 'https://exa mple.com', 'website must be an http:// or https:// address'],
    ['website', `https://example.com/${'a'.repeat(181)}`, 'website is at most 200 characters'],
    ['qq', 12345678, 'qq must be text'],
    ['wechat', 'abc\u0000def', 'wechat must not contain NUL (\\u0000) or unpaired surrogate characters'],
  ])('refuses %s = %j with a 400 naming the field, and keeps what was stored', async (field, value, message) => {
    const me = await newUser();
    await save(me, FULL);
    const res = await save(me, { qq: '55555', [field]: value });
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toEqual({ [field]: message });
    expect((await read(me)).qq).toBe('12345678');
  });

  it('takes the longest values each rule allows', async () => {
    const me = await newUser();
    const longest = {
      wechat: `a${'b'.repeat(19)}`,
      qq: '12345678901',
      dingtalk: `1${'.'.repeat(63)}`,
      wecom: `A${'@'.repeat(63)}`,
      website: `http://example.com/${'a'.repeat(181)}`,
    };
    const res = await save(me, longest);
    expect(res.status, res.body.msg).toBe(200);
    expect(await read(me)).toEqual(longest);
  });

  it('says the field errors in Chinese to a Chinese session, naming each field in Chinese', async () => {
    const me = await newUser();
    const res = await save(me, { wechat: '1', qq: '0', website: 'example' }, 'zh-CN');
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toEqual({
      wechat: '微信号 必须是 6-20 位字母、数字、_ 或 -，以字母开头',
      qq: 'QQ号 必须是 5-11 位数字，不能以 0 开头',
      website: '个人/公司网站 必须是以 http:// 或 https:// 开头的网址',
    });
  });

  it('is only ever the caller’s own: another key (an id, a user) is a 400 naming it, and changes nothing', async () => {
    const me = await newUser();
    const other = await newUser();
    for (const body of [
      { id: other.id, qq: '77777' },
      { userId: other.id, qq: '77777' },
    ]) {
      const res = await save(me, body);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.data.fields)).toEqual([Object.keys(body)[0]]);
    }
    expect((await read(other)).qq).toBeNull();
    expect((await read(me)).qq).toBeNull();
    for (const body of [[], [{ qq: '77777' }]]) {
      const res = await t.api.unchecked(accountApi.saveSocial, body, me.token);
      expect(res.status).toBe(400);
    }
  });

  it('needs a session', async () => {
    expect((await t.api(accountApi.social, {})).status).toBe(401);
    expect((await t.api(accountApi.saveSocial, { qq: '12345' })).status).toBe(401);
  });
});

describe('another user’s social info, on the user detail', () => {
  it('follows the scope rule: admin all, an agent its own users, a manager its projects’ people, a user itself', async () => {
    const a = await createAgent(t, admin);
    const b = await createAgent(t, admin);
    const worker = await newUser({ agentId: a.id });
    await save(worker, FULL);
    const stored = { ...FULL, wechat: 'site_Lead-01' };

    const [managerUser, manager] = await createSignedInUser(t, admin, { role: 'manager', agentId: a.id });
    const projectId = await createProject(t, admin, { name: 'Social site', code: uniq('SOC-'), agentId: a.id });
    const ok = async (res: Promise<{ body: { code: number } }>) => expect((await res).body.code).toBe(200);
    await ok(t.api(projectApi.addManager, { projectId, userId: managerUser.id }, admin));

    expect((await detail(admin, worker.id)).body.data.social).toEqual(stored);
    expect((await detail(a.token, worker.id)).body.data.social).toEqual(stored);
    expect((await detail(b.token, worker.id)).status).toBe(404);
    // Not (yet) in the manager's project: out of its scope, like the rest of the user.
    expect((await detail(manager, worker.id)).status).toBe(404);
    await ok(t.api(projectApi.addMembers, { projectId, userIds: [worker.id] }, admin));
    expect((await detail(manager, worker.id)).body.data.social).toEqual(stored);

    const stranger = await newUser({ agentId: a.id });
    expect((await detail(stranger.token, worker.id)).status).toBe(404);
    expect((await detail(worker.token, worker.id)).body.data.social).toEqual(stored);
    // A user nobody filled in shows every handle as null.
    expect((await detail(admin, stranger.id)).body.data.social).toEqual(EMPTY);
  });
});
