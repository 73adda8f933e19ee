import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fileTestApp, queryOf } from '../../../test/harness.ts';
import { createAgent, randomMac, uniq } from '../../../test/fixtures.ts';
import { auditLog, devices } from '../../db/schema/index.ts';
import { deviceApi } from '@siteops/contracts/device/api';
import { projectApi } from '@siteops/contracts/project/api';
import { agentApi } from '@siteops/contracts/agent/api';
import { auditApi } from '@siteops/contracts/audit/api';

const { t, admin } = await fileTestApp();
let agentA: Awaited<ReturnType<typeof createAgent>>;
let agentB: Awaited<ReturnType<typeof createAgent>>;
let projectA: number;
let projectB: number;

const dashedMac = () => randomMac({ separator: '-' });

async function addDevice(body: Record<string, unknown> = {}) {
  const res = await t.api(deviceApi.add, { type: 'face', sn: uniq('SN'), mac: dashedMac(), ...body }, admin);
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.id as number;
}
async function addProject(agentId: number) {
  const res = await t.api(projectApi.add, { name: 'Site', code: uniq('P-'), agentId }, admin);
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.id as number;
}
const rowOf = async (id: number) => (await t.database.db.select().from(devices).where(eq(devices.id, id)))[0];
/** The audit rows naming device `id`. */
const auditOf = (id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, String(id)));

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
    const got = await t.api(deviceApi.detail, { id }, admin);
    expect(got.body.data).toMatchObject({ sn, mac: 'AA:BB:CC:00:11:22', devName: 'Gate 1', type: 'plate' });
    expect(got.body.data).toMatchObject({ direction: 'in', authStatus: 'unknown', onlineStatus: 'unknown' });
    expect((await t.api(deviceApi.update, { id, devName: 'Gate 2', ip: '10.0.0.2' }, admin)).status).toBe(200);
    expect((await t.api(deviceApi.detail, { id }, admin)).body.data).toMatchObject({
      devName: 'Gate 2',
      ip: '10.0.0.2',
    });
    const del = await t.api(deviceApi.delete, { ids: [id] }, admin);
    expect(del.body.data).toEqual({ changed: 1 });
    expect((await t.api(deviceApi.detail, { id }, admin)).status).toBe(404);
    const actions = (await auditOf(id)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['device.add', 'device.update', 'device.delete']));
  });

  it('refuses bad MACs, unknown types and duplicate sn or mac (409 naming the field)', async () => {
    expect((await t.api(deviceApi.add, { type: 'face', sn: uniq('S'), mac: 'nope' }, admin)).status).toBe(400);
    expect(
      (await t.api.unchecked(deviceApi.add, { type: 'toaster', sn: uniq('S'), mac: dashedMac() }, admin)).status,
    ).toBe(400);
    const sn = uniq('SN');
    const mac = dashedMac();
    await addDevice({ sn, mac });
    const dupSn = await t.api(deviceApi.add, { type: 'face', sn, mac: dashedMac() }, admin);
    expect(dupSn.status).toBe(409);
    expect(dupSn.body.data).toEqual({ field: 'sn' });
    const dupMac = await t.api(deviceApi.add, { type: 'face', sn: uniq('SN'), mac }, admin);
    expect(dupMac.status).toBe(409);
    expect(dupMac.body.data).toEqual({ field: 'mac' });
  });

  it('keeps the terminal password encrypted and out of every answer', async () => {
    const id = await addDevice({ terminalPassword: 'S3cret-pass' });
    const detail = await t.api(deviceApi.detail, { id }, admin);
    expect(detail.body.data).not.toHaveProperty('terminalPassword');
    expect(detail.body.data.hasTerminalPassword).toBe(true);
    const list = await t.api(deviceApi.listAll, { pageSize: 200 }, admin);
    expect(JSON.stringify(list.body)).not.toContain('S3cret-pass');
    expect(list.body.data.list[0]).not.toHaveProperty('terminalPassword');
    const stored = (await rowOf(id)).terminalPassword!;
    expect(stored).not.toContain('S3cret-pass');
    expect(stored.startsWith('v1.')).toBe(true);
    const audit = await auditOf(id);
    expect(JSON.stringify(audit)).not.toContain('S3cret-pass');
  });

  it('audits an update with what really changed: the name before and after, a password named only', async () => {
    const id = await addDevice({ devName: 'Gate 1', ip: '10.0.0.1', terminalPassword: 'Old-pass1' });
    const res = await t.api(
      deviceApi.update,
      { id, devName: 'Gate 2', ip: '10.0.0.1', terminalPassword: 'New-pass2' },
      admin,
    );
    expect(res.body).toMatchObject({ code: 200, data: null });
    const row = (await auditOf(id)).find((r) => r.action === 'device.update')!;
    expect((row.detail as { changes: unknown }).changes).toEqual([
      { field: 'devName', before: 'Gate 1', after: 'Gate 2' },
      { field: 'terminalPassword', redacted: true },
    ]);
    expect(JSON.stringify(row.detail)).not.toMatch(/Old-pass1|New-pass2|v1\./);
    // The audit log answers it typed, filtered to this device.
    const log = await t.api(
      auditApi.listAll,
      { targetType: 'device', targetId: String(id), action: 'device.update' },
      admin,
    );
    expect(log.body.data.list.map((r: { detail: { changes?: unknown } | null }) => r.detail?.changes)).toEqual([
      (row.detail as { changes: unknown }).changes,
    ]);
  });
});

describe('HJ 212 identity', () => {
  it('sets a unique MN (409 naming hj212Mn on a duplicate) and keeps the PW encrypted, out of every answer', async () => {
    const mn = uniq('MN').replace(/[^0-9A-Za-z]/g, '');
    const id = await addDevice({ type: 'dust', hj212Mn: mn, hj212Pw: '654321' });
    const detail = await t.api(deviceApi.detail, { id }, admin);
    expect(detail.body.data).toMatchObject({ hj212Mn: mn, hasHj212Pw: true });
    expect(JSON.stringify(detail.body)).not.toContain('654321');
    const stored = (await rowOf(id)).hj212Pw!;
    expect(stored.startsWith('v1.')).toBe(true);
    const dup = await t.api(deviceApi.add, { type: 'dust', sn: uniq('SN'), mac: dashedMac(), hj212Mn: mn }, admin);
    expect(dup.status).toBe(409);
    expect(dup.body.data).toEqual({ field: 'hj212Mn' });
    const other = await addDevice({ type: 'dust' });
    const dupUpdate = await t.api(deviceApi.update, { id: other, hj212Mn: mn }, admin);
    expect(dupUpdate.status).toBe(409);
    expect(dupUpdate.body.data).toEqual({ field: 'hj212Mn' });
    expect((await t.api(deviceApi.update, { id, hj212Mn: '' }, admin)).status).toBe(200);
    expect((await rowOf(id)).hj212Mn).toBeNull();
    expect((await t.api(deviceApi.update, { id: other, hj212Mn: 'bad mn!' }, admin)).status).toBe(400);
    const audit = await auditOf(id);
    expect(JSON.stringify(audit)).not.toContain('654321');
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
      (
        (await t.api.unchecked(deviceApi.listAll, queryOf(`pageSize=200&${qs}`), admin)).body.data.list as {
          id: number;
        }[]
      ).map((d) => d.id);
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
    const bad = await t.api.unchecked(deviceApi.listAll, { sortField: 'terminalPassword' }, admin);
    expect(bad.status).toBe(400);
    expect((await t.api(deviceApi.listAll, { pageSize: 201 }, admin)).status).toBe(400);
    const page = await t.api(
      deviceApi.listAll,
      { devName: tag, pageSize: 1, page: 2, sortField: 'id', sortOrder: 'asc' },
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
    const list = await t.api(deviceApi.listAll, { pageSize: 200 }, agentA.token);
    const listed = list.body.data.list.map((d: { id: number }) => d.id);
    expect(listed).toContain(mine);
    expect(listed).not.toContain(theirs);
    expect(list.body.data.list.every((d: { agentId: number }) => d.agentId === agentA.id)).toBe(true);
    expect((await t.api(deviceApi.detail, { id: theirs }, agentA.token)).status).toBe(404);
    expect((await t.api(deviceApi.update, { id: theirs, devName: 'x' }, agentA.token)).status).toBe(404);
    expect((await t.api(deviceApi.authorize, { ids: [theirs], authStatus: 'authorize' }, agentA.token)).status).toBe(
      404,
    );
    expect((await t.api(deviceApi.divideProject, { ids: [theirs], projectId: projectA }, agentA.token)).status).toBe(
      404,
    );
    expect((await rowOf(theirs)).authStatus).toBe('unknown');
  });

  it('an agent edits only devName, installSite, remark and direction of its devices', async () => {
    const id = await addDevice({ agentId: agentA.id });
    const okRes = await t.api(
      deviceApi.update,
      {
        id,
        devName: 'Lobby',
        installSite: 'Gate',
        remark: 'r',
        direction: 'out',
      },
      agentA.token,
    );
    expect(okRes.status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ devName: 'Lobby', installSite: 'Gate', remark: 'r', direction: 'out' });
    expect((await t.api(deviceApi.update, { id, sn: uniq('X') }, agentA.token)).status).toBe(403);
    expect((await t.api(deviceApi.update, { id, agentId: agentB.id }, agentA.token)).status).toBe(403);
  });

  it('agents cannot add, delete or divide to agents', async () => {
    const id = await addDevice({ agentId: agentA.id });
    expect((await t.api(deviceApi.add, { type: 'face', sn: uniq('S'), mac: dashedMac() }, agentA.token)).status).toBe(
      403,
    );
    expect((await t.api(deviceApi.delete, { ids: [id] }, agentA.token)).status).toBe(403);
    expect((await t.api(deviceApi.divideAgent, { ids: [id], agentId: agentA.id }, agentA.token)).status).toBe(403);
  });
});

describe('device batches', () => {
  it('authorises and forbids all selected devices and says how many changed', async () => {
    const ids = [await addDevice({ agentId: agentA.id }), await addDevice({ agentId: agentA.id })];
    const res = await t.api(deviceApi.authorize, { ids, authStatus: 'authorize' }, agentA.token);
    expect(res.body.data).toEqual({ changed: 2 });
    expect((await rowOf(ids[0])).authStatus).toBe('authorize');
    const forbid = await t.api(deviceApi.authorize, { ids, authStatus: 'forbidden' }, admin);
    expect(forbid.body.data).toEqual({ changed: 2 });
    expect((await rowOf(ids[1])).authStatus).toBe('forbidden');
    expect((await t.api.unchecked(deviceApi.authorize, { ids, authStatus: 'unknown' }, admin)).status).toBe(400);
  });

  it('a batch with one out-of-scope id changes nothing', async () => {
    const mine = await addDevice({ agentId: agentA.id });
    const theirs = await addDevice({ agentId: agentB.id });
    const res = await t.api(
      deviceApi.authorize,
      {
        ids: [mine, theirs],
        authStatus: 'authorize',
      },
      agentA.token,
    );
    expect(res.status).toBe(404);
    expect((await rowOf(mine)).authStatus).toBe('unknown');
    const div = await t.api(
      deviceApi.divideProject,
      {
        ids: [mine, theirs],
        projectId: projectA,
      },
      agentA.token,
    );
    expect(div.status).toBe(404);
    expect((await rowOf(mine)).projectId).toBeNull();
    const gone = await t.api(deviceApi.delete, { ids: [mine, 999_999] }, admin);
    expect(gone.status).toBe(404);
    expect(await rowOf(mine)).toBeDefined();
  });

  it('divides to an agent (admin) and the agent then sees them', async () => {
    const ids = [await addDevice({ agentId: agentA.id, projectId: projectA }), await addDevice()];
    const res = await t.api(deviceApi.divideAgent, { ids, agentId: agentB.id }, admin);
    expect(res.body.data).toEqual({ changed: 2 });
    expect(await rowOf(ids[0])).toMatchObject({ agentId: agentB.id, projectId: null });
    const seen = await t.api(deviceApi.listAll, { pageSize: 200 }, agentB.token);
    expect(seen.body.data.list.map((d: { id: number }) => d.id)).toEqual(expect.arrayContaining(ids));
    expect((await t.api(deviceApi.divideAgent, { ids, agentId: 999_999 }, admin)).status).toBe(404);
  });

  it('an agent divides its devices into its own projects only (another agent’s project: 403)', async () => {
    const ids = [await addDevice({ agentId: agentA.id }), await addDevice({ agentId: agentA.id })];
    const res = await t.api(deviceApi.divideProject, { ids, projectId: projectA }, agentA.token);
    expect(res.body.data).toEqual({ changed: 2 });
    expect((await rowOf(ids[0])).projectId).toBe(projectA);
    const foreign = await t.api(deviceApi.divideProject, { ids, projectId: projectB }, agentA.token);
    expect(foreign.status).toBe(403);
    expect((await rowOf(ids[1])).projectId).toBe(projectA);
    const out = await t.api(deviceApi.divideProject, { ids, projectId: null }, agentA.token);
    expect(out.body.data).toEqual({ changed: 2 });
    // Not even an admin puts agent A's devices into agent B's project (it was allowed before: issue 15).
    const crossed = await t.api(deviceApi.divideProject, { ids, projectId: projectB }, admin);
    expect(crossed.status).toBe(400);
    const sns = await Promise.all(ids.map(async (id) => (await rowOf(id)).sn));
    for (const sn of sns) expect(crossed.body.data.fields.projectId).toContain(sn);
    expect((await rowOf(ids[0])).projectId).toBeNull();
  });

  it('a device only ever sits in a project of its own agent: add, update and a mixed batch', async () => {
    const mixed = [await addDevice({ agentId: agentA.id }), await addDevice({ agentId: agentB.id })];
    const batch = await t.api(deviceApi.divideProject, { ids: mixed, projectId: projectA }, admin);
    expect(batch.status).toBe(400);
    expect(batch.body.data.fields.projectId).toContain((await rowOf(mixed[1])).sn);
    expect(batch.body.data.fields.projectId).not.toContain((await rowOf(mixed[0])).sn);
    // All or none: agent A's device did not move either.
    expect((await rowOf(mixed[0])).projectId).toBeNull();

    const added = await t.api(
      deviceApi.add,
      {
        type: 'face',
        sn: uniq('SN'),
        mac: dashedMac(),
        agentId: agentB.id,
        projectId: projectA,
      },
      admin,
    );
    expect(added.status).toBe(400);
    expect(added.body.data.fields.projectId).toBeTruthy();

    const placed = await addDevice({ agentId: agentA.id, projectId: projectA });
    expect((await t.api(deviceApi.update, { id: placed, projectId: projectB }, admin)).status).toBe(400);
    // Given to another agent without a project of that agent: it leaves its old project.
    expect((await t.api(deviceApi.update, { id: placed, agentId: agentB.id }, admin)).status).toBe(200);
    expect(await rowOf(placed)).toMatchObject({ agentId: agentB.id, projectId: null });
    const moved = await t.api(deviceApi.update, { id: placed, projectId: projectB }, admin);
    expect(moved.status).toBe(200);
    expect((await rowOf(placed)).projectId).toBe(projectB);
  });
});

describe('dependents', () => {
  it('refuses to delete an agent or a project that still has devices (409)', async () => {
    const agent = await createAgent(t, admin);
    const project = await addProject(agent.id);
    const id = await addDevice({ agentId: agent.id, projectId: project });
    const delProject = await t.api(projectApi.delete, { ids: [project] }, admin);
    expect(delProject.status).toBe(409);
    expect(delProject.body.msg).toContain('1 device');
    const delAgent = await t.api(agentApi.delete, { ids: [agent.id] }, admin);
    expect(delAgent.status).toBe(409);
    expect(delAgent.body.msg).toContain('devices');
    await t.api(deviceApi.delete, { ids: [id] }, admin);
    expect((await t.api(projectApi.delete, { ids: [project] }, admin)).status).toBe(200);
    expect((await t.api(agentApi.delete, { ids: [agent.id] }, admin)).status).toBe(200);
  });
});
