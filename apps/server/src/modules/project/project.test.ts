import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fileTestApp, expectFieldError } from '../../../test/harness.ts';
import { createAgent, createUser, uniq } from '../../../test/fixtures.ts';
import { projectMembers, projects } from '../../db/schema/index.ts';
import { projectApi } from '@siteops/contracts/project/api';
import { userApi } from '@siteops/contracts/user/api';

const { t, admin } = await fileTestApp();
let agentA: Awaited<ReturnType<typeof createAgent>>;
let agentB: Awaited<ReturnType<typeof createAgent>>;
type Person = { id: number; userName: string; password: string; token: string };
let managerA: Person;
let managerB: Person;
let projectA: number;
let projectB: number;

async function person(token: string, role: string): Promise<Person> {
  const u = await createUser(t, token, { role });
  return { ...u, token: await t.login(u.userName, u.password) };
}
async function addProject(body: Record<string, unknown> = {}) {
  const res = await t.api(projectApi.add, { name: 'Site', code: uniq('P-'), ...body }, admin);
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.id as number;
}
/** Project A's members changed as `token`: the calls most of the members tests make. */
const addMembersOfA = (userIds: number[], token: string) =>
  t.api(projectApi.addMembers, { projectId: projectA, userIds }, token);
const removeMembersOfA = (userIds: number[], token: string) =>
  t.api(projectApi.removeMembers, { projectId: projectA, userIds }, token);

beforeAll(async () => {
  agentA = await createAgent(t, admin);
  agentB = await createAgent(t, admin);
  managerA = await person(agentA.token, 'manager');
  managerB = await person(agentB.token, 'manager');
  projectA = await addProject({ name: 'Tower A', agentId: agentA.id });
  projectB = await addProject({ name: 'Tower B', agentId: agentB.id });
  expect((await t.api(projectApi.addManager, { projectId: projectA, userId: managerA.id }, admin)).status).toBe(200);
  expect((await t.api(projectApi.addManager, { projectId: projectB, userId: managerB.id }, admin)).status).toBe(200);
});

describe('project CRUD', () => {
  it('creates, reads, lists and updates with name, unique code, remark and owning agent', async () => {
    const code = uniq('C-');
    const id = await addProject({ name: 'Bridge', code, remark: 'east bank', agentId: agentA.id });
    const got = await t.api(projectApi.detail, { id }, admin);
    expect(got.body.data).toMatchObject({
      name: 'Bridge',
      code,
      remark: 'east bank',
      agentId: agentA.id,
      memberCount: 0,
    });
    expect(got.body.data.agentName).toBeTruthy();
    expect((await t.api(projectApi.update, { id, remark: 'west bank' }, admin)).status).toBe(200);
    expect((await t.api(projectApi.detail, { id }, admin)).body.data.remark).toBe('west bank');
    const listed = await t.api(projectApi.listAll, { code }, admin);
    expect(listed.body.data.list.map((p: { id: number }) => p.id)).toEqual([id]);
  });

  it('a duplicate code is 409 on add and on update', async () => {
    const code = uniq('D-');
    const id = await addProject({ code });
    const dup = await t.api(projectApi.add, { name: 'x', code }, admin);
    expect(dup.status).toBe(409);
    expect(dup.body.data).toEqual({ field: 'code' });
    const other = await addProject();
    expect((await t.api(projectApi.update, { id: other, code }, admin)).status).toBe(409);
    expect(id).toBeGreaterThan(0);
  });

  it.each([
    ['name', { name: '' }],
    ['name', { name: undefined }],
    ['code', { code: 'has space' }],
    ['code', { code: undefined }],
    ['remark', { remark: 'r'.repeat(513) }],
  ])('answers 400 naming %s', async (field, overrides) => {
    const res = await t.api.unchecked(projectApi.add, { name: 'n', code: uniq('V-'), ...overrides }, admin);
    expectFieldError(res, [field]);
  });

  it('an unknown agent is 400 naming agentId; unknown sort is 400', async () => {
    const res = await t.api(projectApi.add, { name: 'n', code: uniq('V-'), agentId: 424242 }, admin);
    expect(res.body.data.fields).toHaveProperty('agentId');
    expect((await t.api.unchecked(projectApi.listAll, { sortField: 'remark' }, admin)).status).toBe(400);
  });
});

describe('managers see and edit only the projects they manage', () => {
  it('listAll answers only its project', async () => {
    const res = await t.api(projectApi.listAll, { pageSize: 200 }, managerA.token);
    expect(res.body.data.list.map((p: { id: number }) => p.id)).toEqual([projectA]);
    expect(res.body.data.list[0].managers.map((m: { id: number }) => m.id)).toEqual([managerA.id]);
  });

  it('another manager’s project is 404 for detail, update, members, candidates, addMembers, removeMembers and proListAll', async () => {
    const m = managerA.token;
    expect((await t.api(projectApi.detail, { id: projectB }, m)).status).toBe(404);
    expect((await t.api(projectApi.update, { id: projectB, name: 'Mine now' }, m)).status).toBe(404);
    expect((await t.api(projectApi.members, { projectId: projectB }, m)).status).toBe(404);
    expect((await t.api(projectApi.candidates, { projectId: projectB }, m)).status).toBe(404);
    expect((await t.api(projectApi.addMembers, { projectId: projectB, userIds: [managerA.id] }, m)).status).toBe(404);
    expect((await t.api(projectApi.removeMembers, { projectId: projectB, userIds: [managerB.id] }, m)).status).toBe(
      404,
    );
    expect((await t.api(userApi.proListAll, { projectId: projectB }, m)).status).toBe(404);
    const [row] = await t.database.db.select().from(projects).where(eq(projects.id, projectB));
    expect(row.name).toBe('Tower B');
    expect(
      await t.database.db.select().from(projectMembers).where(eq(projectMembers.projectId, projectB)),
    ).toHaveLength(1);
  });

  it('a manager may rename its own project but not move it, create, delete or appoint managers', async () => {
    const m = managerA.token;
    expect((await t.api(projectApi.update, { id: projectA, remark: 'managed' }, m)).status).toBe(200);
    expect((await t.api(projectApi.update, { id: projectA, agentId: agentB.id }, m)).status).toBe(403);
    expect((await t.api(projectApi.add, { name: 'x', code: uniq('M-') }, m)).status).toBe(403);
    expect((await t.api(projectApi.delete, { ids: [projectA] }, m)).status).toBe(403);
    expect((await t.api(projectApi.addManager, { projectId: projectA, userId: managerA.id }, m)).status).toBe(403);
  });

  it("an agent lists only its agent's projects (to divide devices into them); users cannot list", async () => {
    const listed = await t.api(projectApi.listAll, { pageSize: 200 }, agentA.token);
    expect(listed.status).toBe(200);
    const ids = listed.body.data.list.map((p: { id: number }) => p.id);
    expect(ids).toContain(projectA);
    expect(ids).not.toContain(projectB);
    expect(listed.body.data.list.every((p: { agentId: number }) => p.agentId === agentA.id)).toBe(true);
    const u = await person(admin, 'user');
    expect((await t.api(projectApi.listAll, {}, u.token)).status).toBe(403);
  });
});

describe('managers and personnel', () => {
  it('addManager needs a user with role manager (400 naming userId) of the project’s agent (404 otherwise)', async () => {
    const worker = await createUser(t, agentA.token, { role: 'user' });
    const res = await t.api(projectApi.addManager, { projectId: projectA, userId: worker.id }, admin);
    expectFieldError(res, 'userId');
    const foreign = await t.api(projectApi.addManager, { projectId: projectA, userId: managerB.id }, admin);
    expect(foreign.status).toBe(404);
  });

  it('candidates for manager: only role manager of the project’s agent, members included, managers not', async () => {
    const id = await addProject({ agentId: agentA.id });
    const m1 = await createUser(t, agentA.token, { role: 'manager' });
    const m2 = await createUser(t, agentA.token, { role: 'manager' });
    const worker = await createUser(t, agentA.token, { role: 'user' });
    await t.api(projectApi.addManager, { projectId: id, userId: m1.id }, admin);
    await t.api(projectApi.addMembers, { projectId: id, userIds: [m2.id, worker.id] }, admin);
    const listed = async (purpose: string) =>
      (
        await t.api.unchecked(projectApi.candidates, { projectId: id, pageSize: 200, purpose }, admin)
      ).body.data.list.map((c: { id: number; role: string }) => c);
    const managers = await listed('manager');
    expect(managers.map((c: { id: number }) => c.id)).toContain(m2.id);
    expect(managers.map((c: { id: number }) => c.id)).not.toContain(m1.id);
    expect(managers.map((c: { id: number }) => c.id)).not.toContain(managerB.id);
    expect(managers.every((c: { role: string }) => c.role === 'manager')).toBe(true);
    const members = (await listed('member')).map((c: { id: number }) => c.id);
    expect(members).not.toContain(m2.id);
    expect(members).not.toContain(worker.id);
    const bad = await t.api.unchecked(projectApi.candidates, { projectId: id, purpose: 'boss' }, admin);
    expectFieldError(bad, 'purpose');
    // Appointing a member promotes it.
    await t.api(projectApi.addManager, { projectId: id, userId: m2.id }, admin);
    const detail = await t.api(projectApi.detail, { id }, admin);
    expect(detail.body.data.managers.map((m: { id: number }) => m.id).sort()).toEqual([m1.id, m2.id].sort());
  });

  it('a manager adds two members of its agent, lists them, and they show in proListAll', async () => {
    const w1 = await createUser(t, agentA.token);
    const w2 = await createUser(t, agentA.token);
    const candidates = await t.api(projectApi.candidates, { projectId: projectA, pageSize: 200 }, managerA.token);
    const candidateIds = candidates.body.data.list.map((c: { id: number }) => c.id);
    expect(candidateIds).toEqual(expect.arrayContaining([w1.id, w2.id]));
    expect(candidateIds).not.toContain(managerA.id);
    expect(candidateIds).not.toContain(managerB.id);

    const res = await addMembersOfA([w1.id, w2.id], managerA.token);
    expect(res.body.data).toEqual({ added: 2 });
    const again = await addMembersOfA([w1.id], managerA.token);
    expect(again.body.data).toEqual({ added: 0 });

    const members = await t.api(projectApi.members, { projectId: projectA }, managerA.token);
    expect(
      members.body.data.list.map((m: { userId: number; projectRole: string }) => [m.userId, m.projectRole]),
    ).toEqual(
      expect.arrayContaining([
        [managerA.id, 'manager'],
        [w1.id, 'member'],
        [w2.id, 'member'],
      ]),
    );
    const users = await t.api(userApi.proListAll, { projectId: projectA, projectRole: 'member' }, managerA.token);
    expect(users.body.data.list.map((u: { id: number }) => u.id).sort()).toEqual([w1.id, w2.id].sort());
    expect(users.body.data.list[0].idNo).toMatch(/^\w{3}\*+\w{4}$/);
  });

  it('after joining, a manager may read its members’ details (its scope), not other users', async () => {
    const w = await createUser(t, agentA.token);
    await addMembersOfA([w.id], managerA.token);
    expect((await t.api(userApi.detail, { id: w.id }, managerA.token)).status).toBe(200);
    const outsider = await createUser(t, agentA.token);
    expect((await t.api(userApi.detail, { id: outsider.id }, managerA.token)).status).toBe(404);
  });

  it('adding a user of another agent is 404 and adds nobody (all or none)', async () => {
    const mine = await createUser(t, agentA.token);
    const theirs = await createUser(t, agentB.token);
    const res = await addMembersOfA([mine.id, theirs.id], managerA.token);
    expect(res.status).toBe(404);
    const rows = await t.database.db.select().from(projectMembers).where(eq(projectMembers.userId, mine.id));
    expect(rows).toHaveLength(0);
  });

  it('removeMembers is all or none, and a manager cannot remove itself', async () => {
    const w = await createUser(t, agentA.token);
    await addMembersOfA([w.id], admin);
    const outsider = await createUser(t, agentA.token);
    const bad = await removeMembersOfA([w.id, outsider.id], managerA.token);
    expect(bad.status).toBe(404);
    expect(await t.database.db.select().from(projectMembers).where(eq(projectMembers.userId, w.id))).toHaveLength(1);
    expect((await removeMembersOfA([managerA.id], managerA.token)).status).toBe(409);
    const good = await removeMembersOfA([w.id], managerA.token);
    expect(good.body.data).toEqual({ removed: 1 });
  });

  it('only an admin removes a manager: a co-manager is refused with 403 and stays', async () => {
    const co = await createUser(t, agentA.token, { role: 'manager' });
    const w = await createUser(t, agentA.token);
    expect((await t.api(projectApi.addManager, { projectId: projectA, userId: co.id }, admin)).status).toBe(200);
    await addMembersOfA([w.id], admin);
    const refused = await removeMembersOfA([w.id, co.id], managerA.token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(40300);
    const still = await t.database.db.select().from(projectMembers).where(eq(projectMembers.projectId, projectA));
    expect(still.map((r) => r.userId)).toEqual(expect.arrayContaining([co.id, w.id]));
    const byAdmin = await removeMembersOfA([co.id], admin);
    expect(byAdmin.body.data).toEqual({ removed: 1 });
  });
});

describe('project delete', () => {
  it('is refused with 409 while members belong, saying which; then works', async () => {
    const id = await addProject({ agentId: agentA.id });
    const m = await createUser(t, agentA.token, { role: 'manager' });
    const w = await createUser(t, agentA.token);
    await t.api(projectApi.addManager, { projectId: id, userId: m.id }, admin);
    await t.api(projectApi.addMembers, { projectId: id, userIds: [w.id] }, admin);
    const refused = await t.api(projectApi.delete, { ids: [id] }, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toMatch(/still has 1 manager and 1 member/);
    expect(refused.body.data.dependents).toEqual(['1 manager', '1 member']);
    expect(refused.body.data.counts).toEqual({ managers: 1, members: 1, devices: 0 });
    await t.api(projectApi.removeMembers, { projectId: id, userIds: [m.id, w.id] }, admin);
    expect((await t.api(projectApi.delete, { ids: [id] }, admin)).status).toBe(200);
    expect((await t.api(projectApi.detail, { id }, admin)).status).toBe(404);
  });

  it('is all or none across ids', async () => {
    const empty = await addProject();
    const res = await t.api(projectApi.delete, { ids: [empty, projectA] }, admin);
    expect(res.status).toBe(409);
    expect((await t.api(projectApi.detail, { id: empty }, admin)).status).toBe(200);
  });
});
