import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fileTestApp, expectFieldError, queryOf } from '../../../test/harness.ts';
import { createAgent, createUser, uniq, createSignedInUser, lastAudit } from '../../../test/fixtures.ts';
import { agents, users } from '../../db/schema/index.ts';
import { agentApi } from '@siteops/contracts/agent/api';
import { userApi } from '@siteops/contracts/user/api';
import { projectApi } from '@siteops/contracts/project/api';

const { t, admin } = await fileTestApp();
let a: Awaited<ReturnType<typeof createAgent>>;
let b: Awaited<ReturnType<typeof createAgent>>;

beforeAll(async () => {
  a = await createAgent(t, admin);
  b = await createAgent(t, admin);
});

const agentBody = (overrides: Record<string, unknown> = {}) => ({
  name: uniq('Agent '),
  linkName: 'Wang Wu',
  linkPhone: '13700137000',
  expDate: '2099-01-01',
  longitude: 0,
  latitude: 0,
  user: { userName: uniq('ag'), password: 'Passw0rd!', realName: 'Boss' },
  ...overrides,
});
const add = (body: object, token = admin) => t.api.unchecked(agentApi.add, body, token);
const update = (body: object, token = admin) => t.api.unchecked(agentApi.update, body, token);
const detail = (id: number, token = admin) => t.api(agentApi.detail, { id }, token);
const list = (query: string, token = admin) => t.api.unchecked(agentApi.listAll, queryOf(query), token);
const del = (ids: number[], token = admin) => t.api(agentApi.delete, { ids }, token);

describe('agent add', () => {
  it('creates the agent and its admin user (role agent, isAgent, introduction from remark) together', async () => {
    const body = agentBody({
      user: { userName: uniq('ag'), realName: 'Boss', remark: 'Top reseller', enabled: 'enable' },
    });
    const res = await add(body);
    expect(res.status).toBe(200);
    const { id, userId } = res.body.data;
    const [user] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({
      agentId: id,
      role: 'agent',
      isAgent: true,
      introduction: 'Top reseller',
      mustChangePassword: true,
    });
    const got = await detail(id);
    expect(got.body.data).toMatchObject({ name: body.name, status: 'valid', expired: false, userCount: 1 });
    expect(got.body.data.user).toMatchObject({ id: userId, remark: 'Top reseller' });
  });

  it('is all or nothing: a duplicate account (the second insert) leaves no agent behind, 409', async () => {
    const name = uniq('Orphan ');
    const res = await add(agentBody({ name, user: { userName: 'admin', password: 'Passw0rd!', realName: 'x' } }));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(40900);
    expect(res.body.msg).toMatch(/admin already exists/);
    expect(await t.database.db.select().from(agents).where(eq(agents.name, name))).toHaveLength(0);
  });

  it('refuses a duplicate agent name with 409 and creates no user', async () => {
    const userName = uniq('ag');
    const res = await add(agentBody({ name: (await detail(a.id)).body.data.name, user: { userName, realName: 'x' } }));
    expect(res.status).toBe(409);
    expect(res.body.data).toEqual({ field: 'name' });
    expect(await t.database.db.select().from(users).where(eq(users.userName, userName))).toHaveLength(0);
  });

  it.each([
    ['longitude', { longitude: 180.5 }],
    ['longitude', { longitude: -181 }],
    ['latitude', { latitude: 90.01 }],
    ['latitude', { latitude: -91 }],
    ['status', { status: 'expired' }],
    ['expDate', { expDate: '2026-02-30' }],
    ['name', { name: '' }],
    ['linkName', { linkName: undefined }],
    ['linkPhone', { linkPhone: 'call me' }],
    ['user', { user: undefined }],
    ['user.realName', { user: { userName: uniq('ag') } }],
    ['user.userName', { user: { userName: 'a b', realName: 'x' } }],
    ['user.remark', { user: { userName: uniq('ag'), realName: 'x', remark: 'r'.repeat(201) } }],
    ['user.email', { user: { userName: uniq('ag'), realName: 'x', email: 'nope' } }],
    ['user.password', { user: { userName: uniq('ag'), realName: 'x', password: 'weak' } }],
  ])('answers 400 naming %s', async (field, overrides) => {
    const res = await add(agentBody(overrides));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40000);
    expect(res.body.data.fields).toHaveProperty([field]);
  });

  it('accepts the coordinate bounds themselves', async () => {
    expect((await add(agentBody({ longitude: -180, latitude: 90 }))).status).toBe(200);
    expect((await add(agentBody({ longitude: 180, latitude: -90 }))).status).toBe(200);
  });

  it('is admin only', async () => {
    expect((await add(agentBody(), a.token)).status).toBe(403);
  });

  it('writes an audit row naming the fields', async () => {
    const res = await add(agentBody());
    const { row } = await lastAudit(t, 'agent.add', res.body.data.id);
    expect((row.detail as { fields: string[] }).fields).toEqual(expect.arrayContaining(['name', 'expDate', 'user']));
    expect(JSON.stringify(row.detail)).not.toMatch(/Passw0rd/);
  });

  it('audits an update with what changed, its admin user’s fields by path, phones masked', async () => {
    const id = (await add(agentBody({ linkPhone: '13700137000' }))).body.data.id;
    const res = await update({ id, linkPhone: '13600136000', linkName: 'Wang Wu', user: { realName: 'Chief' } });
    expect(res.body).toMatchObject({ code: 200, data: null });
    const { row, changes } = await lastAudit(t, 'agent.update', id);
    expect(changes).toEqual([
      { field: 'linkPhone', before: '137****7000', after: '136****6000' },
      { field: 'user.realName', before: 'Boss', after: 'Chief' },
    ]);
    expect(JSON.stringify(row.detail)).not.toMatch(/13700137000|13600136000/);
  });
});

describe('agent scope: an agent sees and changes only its own agent', () => {
  it('listAll answers only its own agent; admin sees both', async () => {
    const mine = await list('pageSize=200', a.token);
    expect(mine.body.data.total).toBe(1);
    expect(mine.body.data.list.map((x: { id: number }) => x.id)).toEqual([a.id]);
    const all = await list('pageSize=200');
    expect(all.body.data.list.map((x: { id: number }) => x.id)).toEqual(expect.arrayContaining([a.id, b.id]));
  });

  it('detail of another tenant is 404, its own is 200', async () => {
    expect((await detail(b.id, a.token)).status).toBe(404);
    expect((await detail(a.id, a.token)).status).toBe(200);
  });

  it('update of another tenant is 404 and changes nothing', async () => {
    const res = await update({ id: b.id, linkName: 'Hijacked' }, a.token);
    expect(res.status).toBe(404);
    expect((await detail(b.id)).body.data.linkName).not.toBe('Hijacked');
  });

  it('delete is admin only (403 to an agent) and the row stays', async () => {
    expect((await del([b.id], a.token)).status).toBe(403);
    expect((await detail(b.id)).status).toBe(200);
  });

  it('an agent may edit its own contact fields but not its status or expiry', async () => {
    expect((await update({ id: a.id, linkName: 'New Contact' }, a.token)).status).toBe(200);
    expect((await detail(a.id)).body.data.linkName).toBe('New Contact');
    expect((await update({ id: a.id, status: 'invalid' }, a.token)).status).toBe(403);
    expect((await update({ id: a.id, expDate: '2199-01-01' }, a.token)).status).toBe(403);
    const before = (await detail(a.id)).body.data;
    expect(before.status).toBe('valid');
    expect(before.expDate).not.toBe('2199-01-01');
    // A form that posts every field back unchanged is not an attempt to change them.
    const same = await update({ id: a.id, status: before.status, expDate: before.expDate, linkName: 'Again' }, a.token);
    expect(same.status).toBe(200);
    expect((await detail(a.id)).body.data.linkName).toBe('Again');
  });

  it('manager and user roles cannot list agents', async () => {
    const m = await createUser(t, admin, { role: 'manager' });
    const res = await list('', await t.login(m.userName, m.password));
    expect(res.status).toBe(403);
  });
});

describe('list conventions', () => {
  it('filters by name, sorts by a whitelisted field and refuses others with 400', async () => {
    const named = await list(`name=${encodeURIComponent((await detail(a.id)).body.data.name)}`);
    expect(named.body.data.list.map((x: { id: number }) => x.id)).toEqual([a.id]);
    const sorted = await list('sortField=name&sortOrder=asc&pageSize=200');
    const names = sorted.body.data.list.map((x: { name: string }) => x.name);
    expect(names).toEqual([...names].sort((x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0)));
    const bad = await list('sortField=password');
    expectFieldError(bad, 'sortField');
    expect((await list('pageSize=201')).body.data.fields).toHaveProperty('pageSize');
  });

  it('answers { list, total, page, pageSize }', async () => {
    const res = await list('page=1&pageSize=1');
    expect(res.body.data).toMatchObject({ page: 1, pageSize: 1 });
    expect(res.body.data.list).toHaveLength(1);
    expect(res.body.data.total).toBeGreaterThanOrEqual(2);
  });
});

describe('an invalid or expired agent', () => {
  it('set invalid: its users’ open sessions end at once (50012) and login is refused with a clear message', async () => {
    const c = await createAgent(t, admin);
    const [, staffToken] = await createSignedInUser(t, c.token, { role: 'user' });
    expect((await update({ id: c.id, status: 'invalid' })).status).toBe(200);
    for (const token of [c.token, staffToken]) {
      const res = await t.api(userApi.info, {}, token);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe(50012);
    }
    const login = await t.api(userApi.login, { username: c.userName, password: 'Passw0rd!' });
    expect(login.status).toBe(403);
    expect(login.body.msg).toMatch(/agent account is invalid/);
    // Valid again: login works again.
    expect((await update({ id: c.id, status: 'valid' })).status).toBe(200);
    expect(await t.login(c.userName, 'Passw0rd!')).toMatch(/^[\w-]{43}$/);
  });

  it('past its expDate (even without anyone updating it): sessions answer 50012 and login says expired', async () => {
    const d = await createAgent(t, admin);
    await t.database.db.update(agents).set({ expDate: '2000-01-01' }).where(eq(agents.id, d.id));
    const res = await t.api(userApi.info, {}, d.token);
    expect(res.body.code).toBe(50012);
    expect(res.body.msg).toMatch(/invalid or has expired/);
    const login = await t.api(userApi.login, { username: d.userName, password: 'Passw0rd!' });
    expect(login.status).toBe(403);
    expect(login.body.msg).toMatch(/expired on 2000-01-01/);
    expect((await list(`expired=true&pageSize=200`)).body.data.list.map((x: { id: number }) => x.id)).toContain(d.id);
  });

  it('an agent whose expDate is today can still log in', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const e = await createAgent(t, admin, { expDate: today });
    expect((await t.api(userApi.info, {}, e.token)).body.code).toBe(200);
  });
});

describe('agent delete', () => {
  it('is refused with 409 naming what still belongs (users, projects), then works, taking its admin user along', async () => {
    const f = await createAgent(t, admin);
    const staff = await createUser(t, f.token);
    const project = await t.api(projectApi.add, { name: 'P', code: uniq('p'), agentId: f.id }, admin);
    let res = await del([f.id]);
    expect(res.status).toBe(409);
    expect(res.body.msg).toMatch(/1 users and 1 projects/);
    expect(res.body.data.counts).toEqual({ users: 1, projects: 1, devices: 0 });
    await t.api(userApi.delete, { ids: [staff.id] }, admin);
    res = await del([f.id]);
    expect(res.body.msg).toMatch(/1 projects/);
    await t.api(projectApi.delete, { ids: [project.body.data.id] }, admin);
    res = await del([f.id]);
    expect(res.status).toBe(200);
    expect(await t.database.db.select().from(users).where(eq(users.id, f.userId))).toHaveLength(0);
    expect((await detail(f.id)).status).toBe(404);
  });

  it('is all or none: one unknown id deletes nothing', async () => {
    const g = await createAgent(t, admin);
    const res = await del([g.id, 999_999]);
    expect(res.status).toBe(404);
    expect((await detail(g.id)).status).toBe(200);
  });
});
