import { beforeAll, describe, expect, it } from 'vitest';
import { fileTestApp } from '../../../test/harness.ts';
import { createAgent, createUser, uniq } from '../../../test/fixtures.ts';
import { userApi } from '@siteops/contracts/user/api';
import { constantApi } from '@siteops/contracts/constant/api';
import { projectApi } from '@siteops/contracts/project/api';
import { deviceApi } from '@siteops/contracts/device/api';
import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { auditApi } from '@siteops/contracts/audit/api';

const { t, admin } = await fileTestApp();
let agent: Awaited<ReturnType<typeof createAgent>>;

beforeAll(async () => {
  agent = await createAgent(t, admin);
});

const list = (filter: InputOf<typeof auditApi.listAll>, token = admin) => t.api(auditApi.listAll, filter, token);

describe('the audit log (auditApi.listAll)', () => {
  it('is admin only', async () => {
    expect((await list({}, agent.token)).status).toBe(403);
  });

  it('answers newest first, paged', async () => {
    const res = await list({ pageSize: 50 });
    const times = res.body.data.list.map((r: { createdAt: string }) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(res.body.data.total).toBeGreaterThanOrEqual(3);
    expect(res.body.data.pageSize).toBe(50);
  });

  it('filters by actor, action (exact or prefix), target and time range', async () => {
    const u = await createUser(t, agent.token);
    await t.api(userApi.update, { id: u.id, nickName: 'nick' }, agent.token);

    const byActor = await list({ actor: agent.userName, pageSize: 200 });
    expect(byActor.body.data.list.length).toBeGreaterThan(0);
    expect(byActor.body.data.list.every((r: { actorName: string }) => r.actorName === agent.userName)).toBe(true);

    const exact = await list({ action: 'user.update', pageSize: 200 });
    expect(exact.body.data.list.every((r: { action: string }) => r.action === 'user.update')).toBe(true);
    const prefix = await list({ action: 'user.', pageSize: 200 });
    const actions = new Set(prefix.body.data.list.map((r: { action: string }) => r.action));
    expect([...actions].every((a) => (a as string).startsWith('user.'))).toBe(true);
    expect(actions.size).toBeGreaterThan(1);

    const target = await list({ targetType: 'user', targetId: String(u.id) });
    expect(target.body.data.list.map((r: { action: string }) => r.action).sort()).toEqual(['user.add', 'user.update']);
    const upd = target.body.data.list.find((r: { action: string }) => r.action === 'user.update');
    expect(upd.detail).toMatchObject({ fields: ['nickName'], values: { nickName: 'nick' } });
    // What really changed, before and after, read from the row the update overwrote.
    expect(upd.detail.changes).toEqual([{ field: 'nickName', before: 'zs', after: 'nick' }]);
    expect(upd.ip).toBeTruthy();

    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await list({ from: future })).body.data.total).toBe(0);
    expect((await list({ to: '2000-01-01' })).body.data.total).toBe(0);
    expect((await t.api.unchecked(auditApi.listAll, { from: 'yesterday' }, admin)).status).toBe(400);
  });

  it('records each mutation of this issue', async () => {
    const key = uniq('audited.');
    await t.api(constantApi.add, { key, value: 'v' }, admin);
    const code = uniq('A-');
    await t.api(projectApi.add, { name: 'x', code }, admin);
    const res = await list({ pageSize: 200 });
    const actions = res.body.data.list.map((r: { action: string }) => r.action);
    for (const action of ['agent.add', 'user.add', 'file.upload', 'constant.add', 'project.add', 'user.login']) {
      expect(actions).toContain(action);
    }
  });

  it('keeps a large batch whole: its ids overflow the target column into the detail', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) {
      const mac = Array.from({ length: 6 }, () =>
        Math.floor(Math.random() * 256)
          .toString(16)
          .padStart(2, '0'),
      ).join(':');
      const res = await t.api(deviceApi.add, { type: 'dust', sn: uniq('AUD'), mac }, admin);
      ids.push(res.body.data.id);
    }
    const res = await t.api(deviceApi.authorize, { ids, authStatus: 'forbidden' }, admin);
    expect(res.status).toBe(200);
    expect(res.body.data.changed).toBe(30);
    const [row] = (await list({ action: 'device.authorize', pageSize: 1 })).body.data.list;
    expect(row.targetId.length).toBeLessThanOrEqual(64);
    expect(row.detail.targetIds).toBe(ids.join(','));
  });
});
