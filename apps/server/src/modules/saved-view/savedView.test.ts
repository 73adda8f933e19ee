import { describe, expect, it } from 'vitest';
import { fileTestApp } from '../../../test/harness.ts';
import { inChinese, uniq } from '../../../test/fixtures.ts';
import { signedInPerson, twoTenants } from '../project/tenantsTestkit.ts';
import { savedViewApi } from '@siteops/contracts/saved-view/api';

/**
 * Saved views: each user's own per list, unique by name; shared with a project (its scope's users see
 * it) or an agent (its users see it), never seen across tenants; only the owner changes one, the owner
 * or an admin deletes it; sharing with a project or agent out of the caller's scope is a 404.
 */
const { t, admin } = await fileTestApp();
const { agentA, agentB, userA, userB, manager, member, p1, p2 } = await twoTenants(t, admin, 'SV-');
const userA2 = await signedInPerson(t, admin, { agentId: agentA.id });
const loner = await signedInPerson(t, admin, {});

const TABLE = 'devices:deviceFace';
const STATE = {
  query: 'status=online&sortField=sn&sortOrder=asc&pageSize=50',
  columns: ['sn', 'status'],
  density: 'small',
};

const add = async (token: string, overrides: Record<string, unknown> = {}) => {
  const body = { tableId: TABLE, name: uniq('View '), state: STATE, sharing: 'private', ...overrides };
  const res = await t.api.unchecked(savedViewApi.add, body, token);
  return { ...res, name: body.name as string, id: res.body.data?.id as number };
};
const listed = async (token: string, tableId = TABLE) => {
  const res = await t.api(savedViewApi.list, { tableId }, token);
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data as {
    id: number;
    name: string;
    mine: boolean;
    ownerName: string | null;
    agentName: string | null;
  }[];
};
const ids = async (token: string) => (await listed(token)).map((v) => v.id);
const update = (token: string, body: Record<string, unknown>) =>
  t.api.unchecked(savedViewApi.update, { sharing: 'private', ...body }, token);
const remove = (token: string, viewIds: number[]) => t.api.unchecked(savedViewApi.delete, { ids: viewIds }, token);

describe('own views', () => {
  it('are saved, listed first by name with their state, renamed, overwritten and deleted by their owner', async () => {
    const b = await add(userA.token, { name: 'b open sites' });
    const a = await add(userA.token, { name: 'a my sites', state: { query: 'keyword=north' } });
    expect(b.body.code, b.body.msg).toBe(200);
    const shared = await add(userA2.token, { sharing: 'agent', agentId: agentA.id });
    const views = await listed(userA.token);
    expect(views.map((v) => v.id)).toEqual([a.id, b.id, shared.id]);
    expect(views[0]).toMatchObject({
      name: 'a my sites',
      mine: true,
      sharing: 'private',
      state: { query: 'keyword=north' },
    });
    expect(views[1]).toMatchObject({ state: STATE, tableId: TABLE });
    expect(views[2]).toMatchObject({ mine: false, agentName: expect.any(String), ownerName: expect.any(String) });
    // Another list's views are not this list's.
    expect(await listed(userA.token, 'devices:deviceDust')).toEqual([]);

    expect((await update(userA.token, { id: a.id, name: 'a renamed' })).body.code).toBe(200);
    const next = { query: 'keyword=south', density: 'large' };
    expect((await update(userA.token, { id: a.id, name: 'a renamed', state: next })).body.code).toBe(200);
    const after = (await listed(userA.token)).find((v) => v.id === a.id);
    expect(after).toMatchObject({ name: 'a renamed', state: next });

    expect((await remove(userA.token, [a.id, b.id])).body.data).toEqual({ deleted: 2 });
    expect(await ids(userA.token)).toEqual([shared.id]);
  });

  it('names are unique per owner and list: a 409 naming the field, in the reader’s language', async () => {
    const first = await add(userA.token, { name: 'Offline' });
    expect(first.body.code).toBe(200);
    const twice = await add(userA.token, { name: 'Offline' });
    expect(twice.status).toBe(409);
    expect(twice.body.data).toEqual({ field: 'name' });
    expect(twice.body.msg).toBe('You already have a view of this list with this name');
    const zh = await t.api.unchecked(
      savedViewApi.add,
      { tableId: TABLE, name: 'Offline', state: STATE, sharing: 'private' },
      inChinese(userA.token),
    );
    expect(zh.status).toBe(409);
    expect(zh.body.msg).toBe('此列表已有同名的视图');
    // The same name on another list, or another user's, is fine; a rename onto a taken name is not.
    expect((await add(userA.token, { name: 'Offline', tableId: 'projects' })).body.code).toBe(200);
    expect((await add(userA2.token, { name: 'Offline' })).body.code).toBe(200);
    const other = await add(userA.token, { name: 'Online' });
    const rename = await update(userA.token, { id: other.id, name: 'Offline' });
    expect(rename.status).toBe(409);
    expect(rename.body.data).toEqual({ field: 'name' });
  });

  it('bad input is a 400 naming the field, nothing stored', async () => {
    const before = (await listed(loner.token)).length;
    for (const [overrides, field] of [
      [{ name: '  ' }, 'name'],
      [{ name: 'x'.repeat(41) }, 'name'],
      [{ tableId: '../etc' }, 'tableId'],
      [{ tableId: 'x'.repeat(65) }, 'tableId'],
      [
        { state: { query: 'a=1', columns: Array.from({ length: 100 }, (_, i) => `column-${i}-${'x'.repeat(40)}`) } },
        'state',
      ],
      [{ state: { query: 'x'.repeat(2001) } }, 'state.query'],
      [{ state: { query: '', density: 'huge' } }, 'state.density'],
      [{ sharing: 'everyone' }, 'sharing'],
      [{ sharing: 'project' }, 'projectId'],
      [{ sharing: 'agent' }, 'agentId'],
    ] as const) {
      const res = await add(loner.token, overrides);
      expect(res.status, JSON.stringify(overrides).slice(0, 80)).toBe(400);
      expect(res.body.data.fields, JSON.stringify(res.body.data)).toHaveProperty([field]);
    }
    expect((await listed(loner.token)).length).toBe(before);
    expect((await t.api.unchecked(savedViewApi.list, { tableId: 'a b' }, loner.token)).status).toBe(400);
  });
});

describe('sharing', () => {
  it("an agent's view reaches its own users only: another agent never sees it, nor can share with it", async () => {
    const toA = await add(userA.token, { sharing: 'agent', agentId: agentA.id });
    expect(toA.body.code, toA.body.msg).toBe(200);
    for (const p of [userA2, manager, member, { id: agentA.userId, token: agentA.token }])
      expect(await ids(p.token)).toContain(toA.id);
    for (const p of [userB, { id: agentB.userId, token: agentB.token }, loner])
      expect(await ids(p.token)).not.toContain(toA.id);
    // Agent B's people neither see, change nor delete it: 404, as for a view that does not exist.
    expect((await update(agentB.token, { id: toA.id, name: 'mine now' })).status).toBe(404);
    expect((await remove(userB.token, [toA.id])).status).toBe(404);

    // Sharing with another agent, or an agent as a user without one, is the 404 of a missing agent.
    expect((await add(userA.token, { sharing: 'agent', agentId: agentB.id })).status).toBe(404);
    expect((await add(agentA.token, { sharing: 'agent', agentId: agentB.id })).status).toBe(404);
    expect((await add(loner.token, { sharing: 'agent', agentId: agentA.id })).status).toBe(404);
    expect((await add(userA.token, { sharing: 'agent', agentId: 2_000_000 })).status).toBe(404);
    const moved = await update(userA.token, { id: toA.id, name: 'moved', sharing: 'agent', agentId: agentB.id });
    expect(moved.status).toBe(404);
  });

  it("a project's view reaches the users whose scope holds the project", async () => {
    const toP1 = await add(manager.token, { sharing: 'project', projectId: p1 });
    expect(toP1.body.code, toP1.body.msg).toBe(200);
    // The member of p1, the agent owning it, the admin; not agent B, nor a user outside p1.
    for (const token of [member.token, agentA.token, admin]) expect(await ids(token)).toContain(toP1.id);
    for (const token of [agentB.token, userB.token, loner.token, userA.token])
      expect(await ids(token)).not.toContain(toP1.id);
    // A manager shares only with a project it manages; a member only with its own projects.
    expect((await add(manager.token, { sharing: 'project', projectId: p2 })).status).toBe(404);
    expect((await add(member.token, { sharing: 'project', projectId: p2 })).status).toBe(404);
    expect((await add(agentB.token, { sharing: 'project', projectId: p1 })).status).toBe(404);
    expect((await add(member.token, { sharing: 'project', projectId: p1 })).body.code).toBe(200);
  });

  it('only the owner changes a shared view (403 for those it is shared with); the owner or an admin deletes it', async () => {
    const view = await add(userA.token, { sharing: 'agent', agentId: agentA.id });
    const notOwner = await update(userA2.token, { id: view.id, name: 'taken over' });
    expect(notOwner.status).toBe(403);
    expect(notOwner.body.msg).toBe('Only the person who saved this view can change or delete it');
    expect((await remove(userA2.token, [view.id])).status).toBe(403);
    expect((await remove(agentA.token, [view.id])).status).toBe(403);
    // All or none: one id not deletable keeps the caller's own.
    const own = await add(userA2.token);
    expect((await remove(userA2.token, [own.id, view.id])).status).toBe(403);
    expect(await ids(userA2.token)).toContain(own.id);
    expect((await remove(admin, [view.id])).body.data).toEqual({ deleted: 1 });
    expect(await ids(userA2.token)).not.toContain(view.id);
    expect((await remove(userA2.token, [view.id])).status).toBe(404);
  });

  it("an admin sees its own and every shared view, never another user's private one", async () => {
    const privateOne = await add(userB.token);
    const sharedB = await add(userB.token, { sharing: 'agent', agentId: agentB.id });
    const own = await add(admin);
    const seen = await ids(admin);
    expect(seen).toContain(sharedB.id);
    expect(seen).toContain(own.id);
    expect(seen).not.toContain(privateOne.id);
    expect(await ids(userA.token)).not.toContain(sharedB.id);
    expect(await ids(userA.token)).not.toContain(privateOne.id);
  });
});
