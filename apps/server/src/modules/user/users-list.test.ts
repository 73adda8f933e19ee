import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/harness.ts';
import { createUser, uniq } from '../../../test/fixtures.ts';
import { fileUsersApp } from '../../../test/userApi.ts';

const { t, admin, a, update, list, ids } = await fileUsersApp();

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
