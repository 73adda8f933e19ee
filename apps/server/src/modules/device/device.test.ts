import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fileTestApp } from '../../../test/harness.ts';
import { createAgent, randomMac, uniq } from '../../../test/fixtures.ts';
import { auditLog, devices } from '../../db/schema/index.ts';

const { t, admin } = await fileTestApp();
let agentA: Awaited<ReturnType<typeof createAgent>>;
let agentB: Awaited<ReturnType<typeof createAgent>>;
let projectA: number;
let projectB: number;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, body?: object) =>
  t.call({ method, url, token, body });

const dashedMac = () => randomMac({ separator: '-' });

async function addDevice(body: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/device/add', admin, { type: 'face', sn: uniq('SN'), mac: dashedMac(), ...body });
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.id as number;
}
async function addProject(agentId: number) {
  const res = await call('POST', '/api/project/add', admin, { name: 'Site', code: uniq('P-'), agentId });
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.id as number;
}
const rowOf = async (id: number) => (await t.database.db.select().from(devices).where(eq(devices.id, id)))[0];

beforeAll(async () => {
  agentA = await createAgent(t, admin);
  agentB = await createAgent(t, admin);
  projectA = await addProject(agentA.id);
  projectB = await addProject(agentB.id);
});

describe('device CRUD', () => {
  it('adds with a normalised MAC, reads, updates and deletes, auditing each', async () => {
    const sn = uniq('SN');
    const id = await addDevice({ sn, mac: 'aa-bb-cc-00-11-22', devName: 'Gate 1', type: 'plate', direction: 'in' });
    const got = await call('GET', `/api/device/detail?id=${id}`, admin);
    expect(got.body.data).toMatchObject({ sn, mac: 'AA:BB:CC:00:11:22', devName: 'Gate 1', type: 'plate' });
    expect(got.body.data).toMatchObject({ direction: 'in', authStatus: 'unknown', onlineStatus: 'unknown' });
    expect((await call('PUT', '/api/device/update', admin, { id, devName: 'Gate 2', ip: '10.0.0.2' })).status).toBe(
      200,
    );
    expect((await call('GET', `/api/device/detail?id=${id}`, admin)).body.data).toMatchObject({
      devName: 'Gate 2',
      ip: '10.0.0.2',
    });
    const del = await call('DELETE', '/api/device/delete', admin, { ids: [id] });
    expect(del.body.data).toEqual({ changed: 1 });
    expect((await call('GET', `/api/device/detail?id=${id}`, admin)).status).toBe(404);
    const actions = (
      await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, String(id)))
    ).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['device.add', 'device.update', 'device.delete']));
  });

  it('refuses bad MACs, unknown types and duplicate sn or mac (409 naming the field)', async () => {
    expect((await call('POST', '/api/device/add', admin, { type: 'face', sn: uniq('S'), mac: 'nope' })).status).toBe(
      400,
    );
    expect(
      (await call('POST', '/api/device/add', admin, { type: 'toaster', sn: uniq('S'), mac: dashedMac() })).status,
    ).toBe(400);
    const sn = uniq('SN');
    const mac = dashedMac();
    await addDevice({ sn, mac });
    const dupSn = await call('POST', '/api/device/add', admin, { type: 'face', sn, mac: dashedMac() });
    expect(dupSn.status).toBe(409);
    expect(dupSn.body.data).toEqual({ field: 'sn' });
    const dupMac = await call('POST', '/api/device/add', admin, { type: 'face', sn: uniq('SN'), mac });
    expect(dupMac.status).toBe(409);
    expect(dupMac.body.data).toEqual({ field: 'mac' });
  });

  it('keeps the terminal password encrypted and out of every answer', async () => {
    const id = await addDevice({ terminalPassword: 'S3cret-pass' });
    const detail = await call('GET', `/api/device/detail?id=${id}`, admin);
    expect(detail.body.data).not.toHaveProperty('terminalPassword');
    expect(detail.body.data.hasTerminalPassword).toBe(true);
    const list = await call('GET', `/api/device/listAll?pageSize=200`, admin);
    expect(JSON.stringify(list.body)).not.toContain('S3cret-pass');
    expect(list.body.data.list[0]).not.toHaveProperty('terminalPassword');
    const stored = (await rowOf(id)).terminalPassword!;
    expect(stored).not.toContain('S3cret-pass');
    expect(stored.startsWith('v1.')).toBe(true);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)));
    expect(JSON.stringify(audit)).not.toContain('S3cret-pass');
  });
});

describe('device list', () => {
  it('filters by every field and sorts by whitelisted fields only', async () => {
    const tag = uniq('F');
    const a = await addDevice({
      devName: `${tag} alpha`,
      type: 'dust',
      ip: '192.168.50.1',
      factoryName: `${tag} Works`,
      version: `${tag}v1`,
      agentId: agentA.id,
      projectId: projectA,
    });
    const b = await addDevice({ devName: `${tag} beta`, type: 'elevator', ip: '192.168.60.1', version: `${tag}v2` });
    const ids = async (qs: string) =>
      ((await call('GET', `/api/device/listAll?pageSize=200&${qs}`, admin)).body.data.list as { id: number }[]).map(
        (d) => d.id,
      );
    expect(await ids(`devName=${tag}`)).toEqual(expect.arrayContaining([a, b]));
    expect(await ids(`devName=${tag}&type=dust`)).toEqual([a]);
    expect(await ids(`devName=${tag}&ip=192.168.60`)).toEqual([b]);
    expect(await ids(`factoryName=${tag}`)).toEqual([a]);
    expect(await ids(`version=${tag}v2`)).toEqual([b]);
    expect(await ids(`devName=${tag}&agentId=${agentA.id}`)).toEqual([a]);
    expect(await ids(`devName=${tag}&projectId=${projectA}`)).toEqual([a]);
    const row = await rowOf(a);
    expect(await ids(`sn=${row.sn}`)).toEqual([a]);
    expect(await ids(`mac=${row.mac!.toLowerCase()}`)).toEqual([a]);
    expect(await ids(`devName=${tag}&authStatus=unknown&onlineStatus=unknown`)).toHaveLength(2);
    expect(await ids(`devName=${tag}&authStatus=authorize`)).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids(`devName=${tag}&addedFrom=${today}&addedTo=${today}`)).toHaveLength(2);
    expect(await ids(`devName=${tag}&addedTo=2000-01-01`)).toEqual([]);
    expect(await ids(`devName=${tag}&sortField=devName&sortOrder=asc`)).toEqual([a, b]);
    expect(await ids(`devName=${tag}&sortField=devName&sortOrder=desc`)).toEqual([b, a]);
    const bad = await call('GET', '/api/device/listAll?sortField=terminalPassword', admin);
    expect(bad.status).toBe(400);
    expect((await call('GET', '/api/device/listAll?pageSize=201', admin)).status).toBe(400);
    const page = await call(
      'GET',
      `/api/device/listAll?devName=${tag}&pageSize=1&page=2&sortField=id&sortOrder=asc`,
      admin,
    );
    expect(page.body.data).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page.body.data.list.map((d: { id: number }) => d.id)).toEqual([b]);
  });
});

describe('device scope', () => {
  it('an agent sees and acts on its devices only; others answer 404', async () => {
    const mine = await addDevice({ agentId: agentA.id });
    const theirs = await addDevice({ agentId: agentB.id });
    const list = await call('GET', '/api/device/listAll?pageSize=200', agentA.token);
    const listed = list.body.data.list.map((d: { id: number }) => d.id);
    expect(listed).toContain(mine);
    expect(listed).not.toContain(theirs);
    expect(list.body.data.list.every((d: { agentId: number }) => d.agentId === agentA.id)).toBe(true);
    expect((await call('GET', `/api/device/detail?id=${theirs}`, agentA.token)).status).toBe(404);
    expect((await call('PUT', '/api/device/update', agentA.token, { id: theirs, devName: 'x' })).status).toBe(404);
    expect(
      (await call('POST', '/api/device/authorize', agentA.token, { ids: [theirs], authStatus: 'authorize' })).status,
    ).toBe(404);
    expect(
      (await call('POST', '/api/device/divideProject', agentA.token, { ids: [theirs], projectId: projectA })).status,
    ).toBe(404);
    expect((await rowOf(theirs)).authStatus).toBe('unknown');
  });

  it('an agent edits only devName, installSite, remark and direction of its devices', async () => {
    const id = await addDevice({ agentId: agentA.id });
    const okRes = await call('PUT', '/api/device/update', agentA.token, {
      id,
      devName: 'Lobby',
      installSite: 'Gate',
      remark: 'r',
      direction: 'out',
    });
    expect(okRes.status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ devName: 'Lobby', installSite: 'Gate', remark: 'r', direction: 'out' });
    expect((await call('PUT', '/api/device/update', agentA.token, { id, sn: uniq('X') })).status).toBe(403);
    expect((await call('PUT', '/api/device/update', agentA.token, { id, agentId: agentB.id })).status).toBe(403);
  });

  it('agents cannot add, delete or divide to agents', async () => {
    const id = await addDevice({ agentId: agentA.id });
    expect(
      (await call('POST', '/api/device/add', agentA.token, { type: 'face', sn: uniq('S'), mac: dashedMac() })).status,
    ).toBe(403);
    expect((await call('DELETE', '/api/device/delete', agentA.token, { ids: [id] })).status).toBe(403);
    expect(
      (await call('POST', '/api/device/divideAgent', agentA.token, { ids: [id], agentId: agentA.id })).status,
    ).toBe(403);
  });
});

describe('device batches', () => {
  it('authorises and forbids all selected devices and says how many changed', async () => {
    const ids = [await addDevice({ agentId: agentA.id }), await addDevice({ agentId: agentA.id })];
    const res = await call('POST', '/api/device/authorize', agentA.token, { ids, authStatus: 'authorize' });
    expect(res.body.data).toEqual({ changed: 2 });
    expect((await rowOf(ids[0])).authStatus).toBe('authorize');
    const forbid = await call('POST', '/api/device/authorize', admin, { ids, authStatus: 'forbidden' });
    expect(forbid.body.data).toEqual({ changed: 2 });
    expect((await rowOf(ids[1])).authStatus).toBe('forbidden');
    expect((await call('POST', '/api/device/authorize', admin, { ids, authStatus: 'unknown' })).status).toBe(400);
  });

  it('a batch with one out-of-scope id changes nothing', async () => {
    const mine = await addDevice({ agentId: agentA.id });
    const theirs = await addDevice({ agentId: agentB.id });
    const res = await call('POST', '/api/device/authorize', agentA.token, {
      ids: [mine, theirs],
      authStatus: 'authorize',
    });
    expect(res.status).toBe(404);
    expect((await rowOf(mine)).authStatus).toBe('unknown');
    const div = await call('POST', '/api/device/divideProject', agentA.token, {
      ids: [mine, theirs],
      projectId: projectA,
    });
    expect(div.status).toBe(404);
    expect((await rowOf(mine)).projectId).toBeNull();
    const gone = await call('DELETE', '/api/device/delete', admin, { ids: [mine, 999_999] });
    expect(gone.status).toBe(404);
    expect(await rowOf(mine)).toBeDefined();
  });

  it('divides to an agent (admin) and the agent then sees them', async () => {
    const ids = [await addDevice({ agentId: agentA.id, projectId: projectA }), await addDevice()];
    const res = await call('POST', '/api/device/divideAgent', admin, { ids, agentId: agentB.id });
    expect(res.body.data).toEqual({ changed: 2 });
    expect(await rowOf(ids[0])).toMatchObject({ agentId: agentB.id, projectId: null });
    const seen = await call('GET', `/api/device/listAll?pageSize=200`, agentB.token);
    expect(seen.body.data.list.map((d: { id: number }) => d.id)).toEqual(expect.arrayContaining(ids));
    expect((await call('POST', '/api/device/divideAgent', admin, { ids, agentId: 999_999 })).status).toBe(404);
  });

  it('an agent divides its devices into its own projects only (another agent’s project: 403)', async () => {
    const ids = [await addDevice({ agentId: agentA.id }), await addDevice({ agentId: agentA.id })];
    const res = await call('POST', '/api/device/divideProject', agentA.token, { ids, projectId: projectA });
    expect(res.body.data).toEqual({ changed: 2 });
    expect((await rowOf(ids[0])).projectId).toBe(projectA);
    const foreign = await call('POST', '/api/device/divideProject', agentA.token, { ids, projectId: projectB });
    expect(foreign.status).toBe(403);
    expect((await rowOf(ids[1])).projectId).toBe(projectA);
    const out = await call('POST', '/api/device/divideProject', agentA.token, { ids, projectId: null });
    expect(out.body.data).toEqual({ changed: 2 });
    // Not even an admin puts agent A's devices into agent B's project (it was allowed before: issue 15).
    const crossed = await call('POST', '/api/device/divideProject', admin, { ids, projectId: projectB });
    expect(crossed.status).toBe(400);
    const sns = await Promise.all(ids.map(async (id) => (await rowOf(id)).sn));
    for (const sn of sns) expect(crossed.body.data.fields.projectId).toContain(sn);
    expect((await rowOf(ids[0])).projectId).toBeNull();
  });

  it('a device only ever sits in a project of its own agent: add, update and a mixed batch', async () => {
    const mixed = [await addDevice({ agentId: agentA.id }), await addDevice({ agentId: agentB.id })];
    const batch = await call('POST', '/api/device/divideProject', admin, { ids: mixed, projectId: projectA });
    expect(batch.status).toBe(400);
    expect(batch.body.data.fields.projectId).toContain((await rowOf(mixed[1])).sn);
    expect(batch.body.data.fields.projectId).not.toContain((await rowOf(mixed[0])).sn);
    // All or none: agent A's device did not move either.
    expect((await rowOf(mixed[0])).projectId).toBeNull();

    const added = await call('POST', '/api/device/add', admin, {
      type: 'face',
      sn: uniq('SN'),
      mac: dashedMac(),
      agentId: agentB.id,
      projectId: projectA,
    });
    expect(added.status).toBe(400);
    expect(added.body.data.fields.projectId).toBeTruthy();

    const placed = await addDevice({ agentId: agentA.id, projectId: projectA });
    expect((await call('PUT', '/api/device/update', admin, { id: placed, projectId: projectB })).status).toBe(400);
    // Given to another agent without a project of that agent: it leaves its old project.
    expect((await call('PUT', '/api/device/update', admin, { id: placed, agentId: agentB.id })).status).toBe(200);
    expect(await rowOf(placed)).toMatchObject({ agentId: agentB.id, projectId: null });
    const moved = await call('PUT', '/api/device/update', admin, { id: placed, projectId: projectB });
    expect(moved.status).toBe(200);
    expect((await rowOf(placed)).projectId).toBe(projectB);
  });
});

describe('dependents', () => {
  it('refuses to delete an agent or a project that still has devices (409)', async () => {
    const agent = await createAgent(t, admin);
    const project = await addProject(agent.id);
    const id = await addDevice({ agentId: agent.id, projectId: project });
    const delProject = await call('DELETE', '/api/project/delete', admin, { ids: [project] });
    expect(delProject.status).toBe(409);
    expect(delProject.body.msg).toContain('1 device');
    const delAgent = await call('DELETE', '/api/agent/delete', admin, { ids: [agent.id] });
    expect(delAgent.status).toBe(409);
    expect(delAgent.body.msg).toContain('devices');
    await call('DELETE', '/api/device/delete', admin, { ids: [id] });
    expect((await call('DELETE', '/api/project/delete', admin, { ids: [project] })).status).toBe(200);
    expect((await call('DELETE', '/api/agent/delete', admin, { ids: [agent.id] })).status).toBe(200);
  });
});
