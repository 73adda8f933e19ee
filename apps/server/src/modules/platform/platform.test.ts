import { describe, expect, it } from 'vitest';
import { fileTestApp } from '../../../test/harness.ts';
import { createAgent, uniq } from '../../../test/fixtures.ts';
import { platformApi } from '@siteops/contracts/platform/api';

const { t, admin } = await fileTestApp();

describe('authorisation platforms', () => {
  it('CRUD with a unique name and an expired flag', async () => {
    const name = uniq('Platform ');
    const add = await t.api(
      platformApi.add,
      {
        platformName: name,
        expirationDate: '2099-12-31',
        attachInfo: 'info',
      },
      admin,
    );
    expect(add.body.code, add.body.msg).toBe(200);
    const id = add.body.data.id as number;
    const got = await t.api(platformApi.detail, { id }, admin);
    expect(got.body.data).toMatchObject({ platformName: name, expirationDate: '2099-12-31', expired: false });
    const dup = await t.api(platformApi.add, { platformName: name, expirationDate: '2099-01-01' }, admin);
    expect(dup.status).toBe(409);
    expect(dup.body.data).toEqual({ field: 'platformName' });
    expect((await t.api(platformApi.update, { id, expirationDate: '2020-01-01' }, admin)).status).toBe(200);
    expect((await t.api(platformApi.detail, { id }, admin)).body.data.expired).toBe(true);
    const list = await t.api(platformApi.listAll, { platformName: name }, admin);
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.list[0]).toMatchObject({ id, expired: true });
    expect((await t.api.unchecked(platformApi.listAll, { sortField: 'nope' }, admin)).status).toBe(400);
    expect((await t.api(platformApi.add, { platformName: 'x', expirationDate: '2020-02-30' }, admin)).status).toBe(400);
    expect((await t.api(platformApi.delete, { ids: [id] }, admin)).body.data).toEqual({ deleted: 1 });
    expect((await t.api(platformApi.detail, { id }, admin)).status).toBe(404);
  });

  it('is for administrators only', async () => {
    const agent = await createAgent(t, admin);
    expect((await t.api(platformApi.listAll, {}, agent.token)).status).toBe(403);
    expect(
      (await t.api(platformApi.add, { platformName: uniq('P'), expirationDate: '2099-01-01' }, agent.token)).status,
    ).toBe(403);
  });
});
