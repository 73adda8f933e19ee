import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { fileTestApp, expectFieldError, queryOf } from '../../../test/harness.ts';
import { createAgent, createUser, uniq } from '../../../test/fixtures.ts';
import { auditLog, constants } from '../../db/schema/index.ts';
import { CONSTANT_CACHE_MS, getConstant, heartbeatSeconds } from './service.ts';
import { constantApi } from '@siteops/contracts/constant/api';
import { userApi } from '@siteops/contracts/user/api';

const { t, admin } = await fileTestApp();

const add = (body: object, token = admin) => t.api.unchecked(constantApi.add, body, token);
const update = (body: object) => t.api.unchecked(constantApi.update, body, admin);
const list = (query: string) => t.api.unchecked(constantApi.listAll, queryOf(query), admin);
const del = (ids: number[]) => t.api(constantApi.delete, { ids }, admin);

describe('constant CRUD', () => {
  it('adds, reads, searches by key and by value, updates and deletes', async () => {
    const key = uniq('site.banner.');
    const res = await add({ key, value: 'Welcome to Tower 7', remark: 'login banner' });
    expect(res.status).toBe(200);
    const id = res.body.data.id;
    expect((await t.api(constantApi.detail, { id }, admin)).body.data).toMatchObject({
      key,
      value: 'Welcome to Tower 7',
      remark: 'login banner',
      description: null,
    });
    expect((await list(`key=${key.slice(0, 14)}`)).body.data.list.map((c: { id: number }) => c.id)).toContain(id);
    expect((await list('value=tower%207')).body.data.list.map((c: { id: number }) => c.id)).toEqual([id]);
    expect((await list('value=nothing-like-this')).body.data.total).toBe(0);
    expect((await update({ id, value: 'Bye' })).status).toBe(200);
    expect((await list('value=Bye')).body.data.list.map((c: { id: number }) => c.id)).toEqual([id]);
    expect((await del([id])).status).toBe(200);
    expect((await t.api(constantApi.detail, { id }, admin)).status).toBe(404);
  });

  it('audits an update with the value before and after, read by the update itself', async () => {
    const key = uniq('audited.');
    const id = (await add({ key, value: 'old', remark: 'r' })).body.data.id;
    expect((await update({ id, value: 'new', remark: 'r' })).body).toMatchObject({ code: 200, data: null });
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'constant.update'), eq(auditLog.targetId, String(id))));
    expect(row.detail).toMatchObject({ key, changes: [{ field: 'value', before: 'old', after: 'new' }] });
  });

  it('a duplicate key is 409, on add and on update', async () => {
    const key = uniq('dup.');
    await add({ key, value: '1' });
    const dup = await add({ key, value: '2' });
    expect(dup.status).toBe(409);
    expect(dup.body.data).toEqual({ field: 'key' });
    const other = await add({ key: uniq('dup.'), value: '3' });
    expect((await update({ id: other.body.data.id, key })).status).toBe(409);
  });

  it('value: 4096 bytes pass, 4097 are 400 naming value (bytes, not characters)', async () => {
    expect((await add({ key: uniq('big.'), value: 'x'.repeat(4096) })).status).toBe(200);
    const over = await add({ key: uniq('big.'), value: 'x'.repeat(4097) });
    expectFieldError(over, 'value');
    // 1366 three-byte characters are 4098 bytes.
    expect((await add({ key: uniq('big.'), value: '中'.repeat(1366) })).status).toBe(400);
  });

  it.each([
    ['key', { key: '' }],
    ['key', { key: 'has space' }],
    ['value', { value: undefined }],
    ['remark', { remark: 'r'.repeat(257) }],
  ])('answers 400 naming %s', async (field, overrides) => {
    const res = await add({ key: uniq('k.'), value: 'v', ...overrides });
    expectFieldError(res, [field]);
  });

  it('is admin only', async () => {
    const agent = await createAgent(t, admin);
    expect((await add({ key: uniq('a.'), value: 'v' }, agent.token)).status).toBe(403);
    expect((await t.api(constantApi.listAll, {}, agent.token)).status).toBe(403);
  });

  it('delete is all or none', async () => {
    const id = (await add({ key: uniq('keep.'), value: 'v' })).body.data.id;
    expect((await del([id, 987654])).status).toBe(404);
    expect(await t.database.db.select().from(constants).where(eq(constants.id, id))).toHaveLength(1);
  });
});

describe('constants the server reads', () => {
  // Behaviour changed (issue 10 §3): reset passwords are one-time ones, no constant gives them any more.
  it('user.defaultPassword is no longer read: a reset still gives a fresh one-time password', async () => {
    const u = await createUser(t, admin);
    expect((await add({ key: 'user.defaultPassword', value: 'Const@4567' })).status).toBe(200);
    const reset = await t.api(userApi.resetPasswd, { id: u.id }, admin);
    expect(reset.body.data.oneTimePassword).not.toBe('Const@4567');
    const login = await t.api(userApi.login, { username: u.userName, password: 'Const@4567' });
    expect(login.status).toBe(401);
  });

  it('a write invalidates the cache at once', async () => {
    const created = await add({ key: 'device.heartbeatSeconds', value: '15' });
    expect(await heartbeatSeconds(t.database.db)).toBe(15);
    expect((await update({ id: created.body.data.id, value: '20' })).status).toBe(200);
    expect(await heartbeatSeconds(t.database.db)).toBe(20);
    await del([created.body.data.id]);
    expect(await heartbeatSeconds(t.database.db)).toBe(30);
  });

  it('device.heartbeatSeconds defaults to 30, follows the constant, refuses nonsense', async () => {
    expect(await heartbeatSeconds(t.database.db)).toBe(30);
    expect((await add({ key: 'device.heartbeatSeconds', value: '2' })).status).toBe(400);
    expect((await add({ key: 'device.heartbeatSeconds', value: 'soon' })).status).toBe(400);
    const res = await add({ key: 'device.heartbeatSeconds', value: '15' });
    expect(res.status).toBe(200);
    expect(await heartbeatSeconds(t.database.db)).toBe(15);
    const listed = await list('key=heartbeat');
    expect(listed.body.data.list[0].description).toMatch(/heartbeat/i);
  });

  it('getConstant caches briefly: a write behind its back shows only after the cache time', async () => {
    const key = uniq('cache.');
    expect(await getConstant(t.database.db, key, 'fallback')).toBe('fallback');
    await t.database.db.insert(constants).values({ key, value: 'sneaky' });
    expect(await getConstant(t.database.db, key, 'fallback')).toBe('fallback');
    expect(CONSTANT_CACHE_MS).toBeLessThanOrEqual(60_000);
  });
});
