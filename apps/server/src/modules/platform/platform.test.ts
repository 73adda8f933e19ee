import { describe, expect, it } from 'vitest';
import { fileTestApp } from '../../../test/harness.ts';
import { createAgent, uniq } from '../../../test/fixtures.ts';

const { t, admin } = await fileTestApp();

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, body?: object) =>
  t.call({ method, url, token, body });

describe('authorisation platforms', () => {
  it('CRUD with a unique name and an expired flag', async () => {
    const name = uniq('Platform ');
    const add = await call('POST', '/api/platform/add', admin, {
      platformName: name,
      expirationDate: '2099-12-31',
      attachInfo: 'info',
    });
    expect(add.body.code, add.body.msg).toBe(200);
    const id = add.body.data.id as number;
    const got = await call('GET', `/api/platform/detail?id=${id}`, admin);
    expect(got.body.data).toMatchObject({ platformName: name, expirationDate: '2099-12-31', expired: false });
    const dup = await call('POST', '/api/platform/add', admin, { platformName: name, expirationDate: '2099-01-01' });
    expect(dup.status).toBe(409);
    expect(dup.body.data).toEqual({ field: 'platformName' });
    expect((await call('PUT', '/api/platform/update', admin, { id, expirationDate: '2020-01-01' })).status).toBe(200);
    expect((await call('GET', `/api/platform/detail?id=${id}`, admin)).body.data.expired).toBe(true);
    const list = await call('GET', `/api/platform/listAll?platformName=${encodeURIComponent(name)}`, admin);
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.list[0]).toMatchObject({ id, expired: true });
    expect((await call('GET', '/api/platform/listAll?sortField=nope', admin)).status).toBe(400);
    expect(
      (await call('POST', '/api/platform/add', admin, { platformName: 'x', expirationDate: '2020-02-30' })).status,
    ).toBe(400);
    expect((await call('DELETE', '/api/platform/delete', admin, { ids: [id] })).body.data).toEqual({ deleted: 1 });
    expect((await call('GET', `/api/platform/detail?id=${id}`, admin)).status).toBe(404);
  });

  it('is for administrators only', async () => {
    const agent = await createAgent(t, admin);
    expect((await call('GET', '/api/platform/listAll', agent.token)).status).toBe(403);
    expect(
      (await call('POST', '/api/platform/add', agent.token, { platformName: uniq('P'), expirationDate: '2099-01-01' }))
        .status,
    ).toBe(403);
  });
});
