import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CULTURE_LEVELS, POLITICS, SEX, USER_REQUIRED_FIELDS } from '@siteops/contracts/user';
import { fileTestApp, expectFieldError } from '../../../test/harness.ts';
import { createAgent, createUser, uniq, uploadId, userBody, createSignedInUser } from '../../../test/fixtures.ts';
import { auditLog, files, sessions, users } from '../../db/schema/index.ts';

const { t, admin } = await fileTestApp();
let a: Awaited<ReturnType<typeof createAgent>>;
let b: Awaited<ReturnType<typeof createAgent>>;
let userOfB: { id: number; userName: string; password: string };

beforeAll(async () => {
  a = await createAgent(t, admin);
  b = await createAgent(t, admin);
  userOfB = await createUser(t, b.token);
});

const add = (body: object, token = admin) => t.call({ method: 'POST', url: '/api/user/add', token, body });
const update = (body: object, token = admin) => t.call({ method: 'PUT', url: '/api/user/update', token, body });
const del = (ids: number[], token = admin) =>
  t.call({ method: 'DELETE', url: '/api/user/delete', token, body: { ids } });
const list = (query: string, token = admin) => t.call({ method: 'GET', url: `/api/user/listAll?${query}`, token });
const detail = (id: number, token = admin) => t.call({ method: 'GET', url: `/api/user/detail?id=${id}`, token });
const info = (token: string) => t.call({ method: 'POST', url: '/api/user/info', token });
const ids = (res: { body: { data: { list: { id: number }[] } } }) => res.body.data.list.map((x) => x.id);

describe('user add: the personal-info form of spec 5', () => {
  it.each(USER_REQUIRED_FIELDS)('without %s answers 400 naming it', async (field) => {
    const body: Record<string, unknown> = await userBody(t, admin);
    delete body[field];
    const res = await add(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40000);
    expect(res.body.data.fields).toHaveProperty([field]);
  });

  it.each([['realName'], ['nickName'], ['nation'], ['country'], ['area'], ['bankName']])(
    'an empty %s answers 400 naming it',
    async (field) => {
      const res = await add(await userBody(t, admin, { [field]: '   ' }));
      expect(res.status).toBe(400);
      expect(res.body.data.fields[field]).toMatch(/cannot be empty/);
    },
  );

  it('introduction: 200 characters pass, 201 are refused naming it', async () => {
    expect((await add(await userBody(t, admin, { introduction: 'x'.repeat(200) }))).status).toBe(200);
    const res = await add(await userBody(t, admin, { introduction: 'x'.repeat(201) }));
    expectFieldError(res, 'introduction');
  });

  it.each([
    ['sex', 'other'],
    ['politics', 'anarchist'],
    ['cultureLevel', 'kindergarten'],
    ['role', 'root'],
    ['email', 'not-an-email'],
    ['phone', 'call me maybe'],
    ['birthday', '1990-13-01'],
    ['birthday', '2999-01-01'],
    ['idNo', '110***********123X'],
    ['idNo', 'short'],
    ['cardNo', '6222 **** 3445'],
    ['qrCode', 'not-a-file-id'],
    ['userName', 'has space'],
    ['password', 'weakpass'],
  ])('refuses %s = %j with 400 naming it', async (field, value) => {
    const res = await add(await userBody(t, admin, { [field]: value }));
    expectFieldError(res, [field]);
  });

  it('accepts exactly the option codes of spec 3 for sex, politics and culture level', async () => {
    const { id } = await createUser(t, admin);
    for (const sex of SEX) expect((await update({ id, sex })).status).toBe(200);
    for (const politics of POLITICS) expect((await update({ id, politics })).status).toBe(200);
    for (const cultureLevel of CULTURE_LEVELS) expect((await update({ id, cultureLevel })).status).toBe(200);
    expect(SEX).toHaveLength(2);
    expect(POLITICS).toHaveLength(5);
    expect(CULTURE_LEVELS).toHaveLength(9);
  });

  it('refuses an image uploaded by someone else, or of another kind, and writes nothing', async () => {
    const othersQr = await uploadId(t, a.token, 'qrCode');
    const userName = uniq('img');
    let res = await add(await userBody(t, admin, { userName, qrCode: othersQr }));
    expectFieldError(res, 'qrCode');
    const front = await uploadId(t, admin, 'idFront');
    res = await add(await userBody(t, admin, { userName, qrCode: front }));
    expect(res.status).toBe(400);
    expect(await t.database.db.select().from(users).where(eq(users.userName, userName))).toHaveLength(0);
  });

  it('hands the images to the new user', async () => {
    const body = await userBody(t, admin);
    const res = await add(body);
    const [file] = await t.database.db.select().from(files).where(eq(files.id, body.qrCode));
    expect(file.ownerId).toBe(res.body.data.id);
  });

  it('without a password gives a one-time one (in the answer) and requires a change at first login', async () => {
    const body: Record<string, unknown> = await userBody(t, admin);
    delete body.password;
    const added = await add(body);
    expect(added.status).toBe(200);
    const login = await t.call({
      method: 'POST',
      url: '/api/user/login',
      body: { username: body.userName, password: added.body.data.oneTimePassword },
    });
    expect(login.body.data.mustChangePassword).toBe(true);
  });

  it('role agent needs an agentId (admin), an unknown agentId is 400', async () => {
    expect((await add(await userBody(t, admin, { role: 'agent' }))).body.data.fields).toHaveProperty('agentId');
    expect((await add(await userBody(t, admin, { agentId: 987654 }))).body.data.fields).toHaveProperty('agentId');
    expect((await add(await userBody(t, admin, { role: 'agent', agentId: a.id }))).status).toBe(200);
  });
});

describe('agent scope over users', () => {
  it('an agent creates users only in its own agent, never admins', async () => {
    const { id } = await createUser(t, a.token, { role: 'manager' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row.agentId).toBe(a.id);
    expect((await add(await userBody(t, a.token, { role: 'admin' }), a.token)).status).toBe(403);
    const other = await add(await userBody(t, a.token, { agentId: b.id }), a.token);
    expectFieldError(other, 'agentId');
  });

  it('listAll: an agent sees only its agent’s users; the admin sees all', async () => {
    const mine = await list('pageSize=200', a.token);
    expect(mine.body.data.list.length).toBeGreaterThan(0);
    expect(mine.body.data.list.every((u: { agentId: number }) => u.agentId === a.id)).toBe(true);
    expect(ids(mine)).not.toContain(userOfB.id);
    // Filtering by the other agent does not widen the scope.
    expect((await list(`agentId=${b.id}`, a.token)).body.data.total).toBe(0);
    expect(ids(await list('pageSize=200'))).toContain(userOfB.id);
  });

  it('detail, update and delete of another tenant’s user are 404 and change nothing', async () => {
    expect((await detail(userOfB.id, a.token)).status).toBe(404);
    const upd = await update({ id: userOfB.id, realName: 'Hijacked' }, a.token);
    expect(upd.status).toBe(404);
    const rm = await del([userOfB.id], a.token);
    expect(rm.status).toBe(404);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userOfB.id));
    expect(row.realName).not.toBe('Hijacked');
  });

  it('a 404 out of scope looks exactly like a missing id', async () => {
    const outside = await detail(userOfB.id, a.token);
    const missing = await detail(9_999_999, a.token);
    expect(outside.body).toEqual({ ...missing.body });
  });

  it('an agent updates its own users but cannot promote them to admin or move them', async () => {
    const { id } = await createUser(t, a.token);
    expect((await update({ id, realName: 'Renamed' }, a.token)).status).toBe(200);
    expect((await detail(id, a.token)).body.data.realName).toBe('Renamed');
    expect((await update({ id, role: 'admin' }, a.token)).status).toBe(403);
    expect((await update({ id, agentId: b.id }, a.token)).status).toBe(400);
  });

  it('manager and user cannot list users (403 by role)', async () => {
    const m = await createUser(t, admin, { role: 'manager' });
    const u = await createUser(t, admin, { role: 'user' });
    for (const who of [m, u]) {
      const res = await list('', await t.login(who.userName, who.password));
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(40300);
    }
  });

  it('a user may read its own detail but nobody else’s', async () => {
    const [u, token] = await createSignedInUser(t, admin);
    expect((await detail(u.id, token)).status).toBe(200);
    expect((await detail(userOfB.id, token)).status).toBe(404);
  });
});

describe('user list', () => {
  let tagged: { id: number; userName: string };
  beforeAll(async () => {
    tagged = await createUser(t, admin, {
      userName: uniq('findme_'),
      realName: 'Ouyang Xiu',
      phone: '+86 139 1111 2222',
      certification: 'auth',
    });
    await update({ id: tagged.id, enabled: 'new' });
  });

  it('filters by account, real name, phone, enabled, certification, agent flag, role and creation time', async () => {
    expect(ids(await list(`userName=${tagged.userName.toUpperCase()}`))).toEqual([tagged.id]);
    expect(ids(await list('realName=ouyang'))).toEqual([tagged.id]);
    expect(ids(await list(`phone=${encodeURIComponent('1111 2222')}`))).toEqual([tagged.id]);
    expect(ids(await list('enabled=new&certification=auth'))).toEqual([tagged.id]);
    const agents = await list('isAgent=true&pageSize=200');
    expect(agents.body.data.list.every((u: { isAgent: boolean }) => u.isAgent)).toBe(true);
    expect(ids(agents)).toContain(a.userId);
    const managers = await list('role=manager&pageSize=200');
    expect(managers.body.data.list.every((u: { role: string }) => u.role === 'manager')).toBe(true);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await list(`createdFrom=${future}`)).body.data.total).toBe(0);
    expect((await list(`createdTo=2000-01-01`)).body.data.total).toBe(0);
  });

  it('takes % and _ in a filter literally', async () => {
    expect((await list('userName=%25')).body.data.total).toBe(0);
  });

  it('sorts by whitelisted fields only', async () => {
    const res = await list('sortField=userName&sortOrder=asc&pageSize=200');
    const names = res.body.data.list.map((u: { userName: string }) => u.userName);
    expect(names).toEqual([...names].sort((x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0)));
    for (const bad of ['password', 'idNo', 'id;drop']) {
      const r = await list(`sortField=${encodeURIComponent(bad)}`);
      expectFieldError(r, 'sortField');
    }
  });

  it('pages: pageSize at most 200, total counts every match', async () => {
    expect((await list('pageSize=201')).status).toBe(400);
    expect((await list('page=0')).status).toBe(400);
    const p1 = await list('pageSize=2&page=1&sortField=id&sortOrder=asc');
    const p2 = await list('pageSize=2&page=2&sortField=id&sortOrder=asc');
    expect(p1.body.data.list).toHaveLength(2);
    expect(ids(p1).some((id: number) => ids(p2).includes(id))).toBe(false);
    expect(p1.body.data.total).toBe(p2.body.data.total);
  });

  it('never answers password, salt or token', async () => {
    const res = await list('pageSize=5');
    for (const row of res.body.data.list)
      for (const k of ['password', 'salt', 'token', 'idNoHash']) expect(row).not.toHaveProperty(k);
  });
});

describe('enable / disable', () => {
  it('disabling through update ends the user’s sessions at once (50012) and refuses login', async () => {
    const [u, token] = await createSignedInUser(t, admin);
    expect((await info(token)).body.code).toBe(200);
    expect((await update({ id: u.id, enabled: 'disable' })).status).toBe(200);
    const [live] = await t.database.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(live.revokedAt).not.toBeNull();
    const after = await info(token);
    expect(after.body.code).toBe(50012);
    expect(after.body.msg).toMatch(/disabled/);
    const login = await t.call({
      method: 'POST',
      url: '/api/user/login',
      body: { username: u.userName, password: u.password },
    });
    expect(login.status).toBe(403);
    expect((await update({ id: u.id, enabled: 'enable' })).status).toBe(200);
    expect(await t.login(u.userName, u.password)).toBeTruthy();
  });

  it('an agent disabling one of its users works the same', async () => {
    const [u, token] = await createSignedInUser(t, a.token);
    expect((await update({ id: u.id, enabled: 'disable' }, a.token)).status).toBe(200);
    expect((await info(token)).body.code).toBe(50012);
  });

  it('nobody disables or demotes themselves', async () => {
    const me = (await info(admin)).body.data.id;
    expect((await update({ id: me, enabled: 'disable' })).status).toBe(409);
    expect((await update({ id: me, role: 'user' })).status).toBe(409);
    expect((await update({ id: a.userId, enabled: 'disable' }, a.token)).status).toBe(409);
  });

  it('a duplicate account name on add or update is 409 naming the field for the form', async () => {
    const u = await createUser(t, admin);
    const res = await update({ id: u.id, userName: 'admin' });
    expect(res.status).toBe(409);
    expect(res.body.data).toEqual({ field: 'userName' });
    const again = await add(await userBody(t, admin, { userName: u.userName }));
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(`The account ${u.userName} already exists`);
    expect(again.body.data).toEqual({ field: 'userName' });
  });
});

describe('user delete', () => {
  it('nobody deletes themselves', async () => {
    const me = (await info(admin)).body.data.id;
    const res = await del([me]);
    expect(res.status).toBe(409);
    expect(res.body.msg).toMatch(/your own account/);
  });

  it('the last enabled admin stays: only admin left refuses to delete itself, a second admin can go', async () => {
    const second = await createUser(t, admin, { role: 'admin' });
    const third = await createUser(t, admin, { role: 'admin' });
    const secondToken = await t.login(second.userName, second.password);
    expect((await del([third.id], secondToken)).status).toBe(200);
    expect((await del([second.id, (await info(admin)).body.data.id], secondToken)).status).toBe(409);
  });

  it('is all or none: an id out of scope in the batch deletes nothing', async () => {
    const mine = await createUser(t, a.token);
    const res = await del([mine.id, userOfB.id], a.token);
    expect(res.status).toBe(404);
    expect(await t.database.db.select().from(users).where(eq(users.id, mine.id))).toHaveLength(1);
    expect((await del([mine.id], a.token)).status).toBe(200);
    expect(await t.database.db.select().from(users).where(eq(users.id, mine.id))).toHaveLength(0);
  });

  it('takes the user’s sessions and image records along, and audits it', async () => {
    const u = await createUser(t, admin);
    await t.login(u.userName, u.password);
    expect((await del([u.id])).status).toBe(200);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(0);
    expect(await t.database.db.select().from(files).where(eq(files.ownerId, u.id))).toHaveLength(0);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(u.id)));
    expect(audit.map((r) => r.action)).toContain('user.delete');
  });
});

describe('every user mutation is audited with field names and masked values', () => {
  it('update records the changed field names; idNo only masked', async () => {
    const u = await createUser(t, admin);
    const idNo = '44030619851230123X';
    await update({ id: u.id, realName: 'Audit Me', idNo });
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(u.id)));
    const row = rows.find((r) => r.action === 'user.update')!;
    const detail = row.detail as { fields: string[]; values: Record<string, string> };
    expect(detail.fields.sort()).toEqual(['idNo', 'realName']);
    expect(detail.values.idNo).toBe('440***********123X');
    expect(JSON.stringify(rows)).not.toContain(idNo);
    expect(row.actorName).toBe('admin');
    expect(row.ip).toBeTruthy();
  });
});

describe('GET /api/user/overview', () => {
  it('names what each activity row is about (never "user #7", never a file id)', async () => {
    const res = await t.call({ method: 'GET', url: '/api/user/overview?limit=50', token: admin });
    type Row = { targetType: string | null; targetId: string | null; targetName: string | null };
    const activity = res.body.data.activity as Row[];
    const aboutUsers = activity.filter((r) => r.targetType === 'user' && r.targetId);
    expect(aboutUsers.length).toBeGreaterThan(0);
    for (const row of aboutUsers) {
      const [user] = await t.database.db
        .select()
        .from(users)
        .where(eq(users.id, Number(row.targetId)));
      if (user) expect(row.targetName).toBe(user.realName || user.userName);
    }
    for (const row of activity.filter((r) => r.targetType === 'file')) expect(row.targetId).toBeNull();
  });

  it('counts from real data in the caller’s scope', async () => {
    const all = await t.call({ method: 'GET', url: '/api/user/overview', token: admin });
    expect(all.status).toBe(200);
    const [{ n }] = await t.database.db.$count(users).then((c) => [{ n: c }]);
    expect(all.body.data.counts.users).toBe(n);
    expect(all.body.data.counts.agents).toBeGreaterThanOrEqual(2);
    expect(all.body.data.visits.thisMonth).toBeGreaterThan(0);
    expect(all.body.data.activity.length).toBeGreaterThan(0);

    const agentView = await t.call({ method: 'GET', url: '/api/user/overview', token: b.token });
    expect(agentView.body.data.counts.agents).toBe(1);
    const [{ m }] = await t.database.db
      .select({ m: users.id })
      .from(users)
      .where(eq(users.agentId, b.id))
      .then((rows) => [{ m: rows.length }]);
    expect(agentView.body.data.counts.users).toBe(m);
    // Agent B's activity never shows agent A's doings.
    for (const row of agentView.body.data.activity) expect(row.actorName).not.toBe(a.userName);
  });

  it('compares visits (logins) with last month', async () => {
    const c = await createAgent(t, admin);
    await t.login(c.userName, 'Passw0rd!');
    const lastMonth = new Date();
    lastMonth.setUTCDate(1);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    await t.database.db.insert(auditLog).values(
      [1, 2, 3, 4].map(() => ({
        actorId: c.userId,
        action: 'user.login',
        targetType: 'user',
        targetId: String(c.userId),
        createdAt: new Date(lastMonth.getTime() + 86_400_000),
      })),
    );
    const res = await t.call({ method: 'GET', url: '/api/user/overview', token: c.token });
    expect(res.body.data.visits).toEqual({ thisMonth: 2, lastMonth: 4, change: -50 });
  });

  it('answers every role, scoped: a manager counts only itself and the people of its projects', async () => {
    const u = await createUser(t, admin, { role: 'manager' });
    const res = await t.call({
      method: 'GET',
      url: '/api/user/overview',
      token: await t.login(u.userName, u.password),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.counts).toMatchObject({ users: 1, agents: 0, projects: 0 });
    for (const row of res.body.data.activity) expect(row.actorName).toBe(u.userName);
  });
});
