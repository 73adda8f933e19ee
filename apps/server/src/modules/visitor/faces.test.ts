import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DeviceType } from '@siteops/contracts/device-protocol';
import { devices, projects } from '../../db/schema/index.ts';
import type { LinkTestApp } from '../device-link/testkit.ts';
import { eventually, gateCalls, linkOnline, startGateWorld } from './gateTestkit.ts';
import { postPhoto } from './testkit.ts';
import { visitorApi } from '@siteops/contracts/visitor/api';
import type { InputOf } from '@siteops/contracts/shared/endpoint';

/**
 * The face library of a terminal (who is on it, in what sync state; re-sync and remove one) and the pass
 * records terminals report, against simulated face terminals over the device link, in every role's scope.
 */
let t: LinkTestApp;
let admin: string;
let w: Awaited<ReturnType<typeof startGateWorld>>['w'];
/** The agent user of project A's agent (the devices' agent), and a stranger: another agent. */
let agentA: string;
let otherAgent: string;

beforeAll(async () => {
  ({ t, admin, w, agentA, otherAgent } = await startGateWorld());
});
afterAll(() => t?.close());

const { req, ok } = gateCalls(() => ({ t, admin }));

/** A face terminal of project A (its agent's), on the visitor device list, linked through a simulator. */
async function terminal(type: DeviceType = 'face') {
  const d = await t.addDevice({ type });
  const [p] = await t.database.db.select().from(projects).where(eq(projects.id, w.projectA));
  await t.database.db.update(devices).set({ projectId: w.projectA, agentId: p.agentId }).where(eq(devices.id, d.id));
  const sim = await linkOnline(t, d);
  return { ...d, sim, faces: sim.faces! };
}
const publish = (deviceIds: number[]) =>
  ok(visitorApi.publishConfig, {
    projectId: w.projectA,
    requiredFields: [],
    defaultVisitHours: 4,
    autoApprove: false,
    deviceIds,
  });

async function passedVisitor(realName = 'Li Lei') {
  const photo = (await postPhoto(t, admin)).body.data;
  const id = await w.add({ projectId: w.projectA, avatar: photo.id, realName });
  await ok(visitorApi.auditVisitor, { id, status: 'valid' });
  return { id, personId: `V${id}` };
}

/** A face terminal the visitor config is published to, once it holds a newly passed visitor named `realName`. */
async function terminalHolding(realName?: string) {
  const face = await terminal();
  await publish([face.id]);
  const v = await passedVisitor(realName);
  await eventually(() => face.faces.get(v.personId), 'the terminal to hold the visitor');
  return { face, v };
}

type Face = { personId: string; name: string | null; state: string; onDevice: boolean; visitorId: number };
const library = async (deviceId: number, token = admin): Promise<Face[]> =>
  (await ok(visitorApi.faces, { deviceId, pageSize: 200 }, token)).list;
const stateOf = async (deviceId: number, personId: string) =>
  (await library(deviceId)).find((f) => f.personId === personId)?.state;

describe('the face library', () => {
  it('shows who is on the terminal, synced, to the admin, the device’s agent and the project’s manager only', async () => {
    const { face, v } = await terminalHolding('Han Meimei');
    await eventually(async () => (await stateOf(face.id, v.personId)) === 'synced', 'synced');
    for (const token of [admin, agentA, w.managerToken]) {
      const list = await library(face.id, token);
      expect(list.find((f) => f.personId === v.personId)).toMatchObject({
        name: 'Han Meimei',
        visitorId: v.id,
        onDevice: true,
        state: 'synced',
      });
    }
    const res = await req(visitorApi.faces, { deviceId: face.id }, otherAgent);
    expect(res.status).toBe(404);
    const body = { deviceId: face.id, personId: v.personId };
    expect((await req(visitorApi.removeFace, body, otherAgent)).status).toBe(404);
    expect((await req(visitorApi.resyncFace, body, otherAgent)).status).toBe(404);
    expect(face.faces.get(v.personId), 'a refused removal leaves the person on the device').toBeDefined();
    // Not a face terminal: no face library.
    const dust = await t.addDevice({ type: 'dust' });
    expect((await req(visitorApi.faces, { deviceId: dust.id })).status).toBe(404);
    expect((await req(visitorApi.resyncFace, { deviceId: face.id, personId: 'V999999' })).status).toBe(404);
  });

  it('a person removed by hand stays off through a re-publish; re-sync or a change of the visitor brings it back', async () => {
    const { face, v } = await terminalHolding();
    const body = { deviceId: face.id, personId: v.personId };

    await ok(visitorApi.removeFace, body, agentA);
    await eventually(() => !face.faces.get(v.personId), 'the terminal to lose the person');
    await eventually(async () => (await stateOf(face.id, v.personId)) === 'removed', 'state removed');
    const received = face.faces.received;
    await publish([face.id]);
    await new Promise((r) => setTimeout(r, 500));
    expect(face.faces.get(v.personId), 'a re-publish does not send it back').toBeUndefined();
    expect(face.faces.received).toBe(received);
    expect(await stateOf(face.id, v.personId)).toBe('removed');

    await ok(visitorApi.resyncFace, body, w.managerToken);
    await eventually(() => face.faces.get(v.personId), 're-synced');
    await eventually(async () => (await stateOf(face.id, v.personId)) === 'synced', 'synced again');
    // Re-sync sends even an unchanged person (a terminal that lost it gets it back).
    face.faces.remove([v.personId]);
    await ok(visitorApi.resyncFace, body);
    await eventually(() => face.faces.get(v.personId), 're-sent unchanged');

    await ok(visitorApi.removeFace, body);
    await eventually(() => !face.faces.get(v.personId), 'removed again');
    await ok(visitorApi.update, { id: v.id, realName: 'Li Lei Jr' });
    await ok(visitorApi.auditVisitor, { id: v.id, status: 'valid' });
    await eventually(() => face.faces.get(v.personId)?.name === 'Li Lei Jr', 'the changed visitor to be sent');
  });
});

type Pass = { personId: string; personName: string; visitorId: number | null; deviceId: number; direction: string };

describe('pass records', () => {
  it('a pass the terminal reports appears in the list and on the visitor, in scope; strangers are no pass', async () => {
    const { face, v } = await terminalHolding('Zhao Liu');
    const before = new Date().toISOString();
    expect(face.sim.reportPass(v.personId, 'in').passed).toBe(true);
    expect(face.sim.reportPass('V999999').passed).toBe(false);

    const list = async (
      filter: InputOf<typeof visitorApi.passes>,
      token = admin,
    ): Promise<{ list: Pass[]; total: number }> => ok(visitorApi.passes, filter, token);
    const mine = await eventually(async () => {
      const r = await list({ visitorId: v.id });
      // Rows and total are two reads: a pass stored between them shows in the total first.
      return r.total === 1 && r.list.length === 1 ? r : undefined;
    }, 'the pass to be stored');
    expect(mine.list[0]).toMatchObject({
      personId: v.personId,
      personName: 'Zhao Liu',
      visitorId: v.id,
      deviceId: face.id,
      direction: 'in',
    });
    expect((await list({ deviceId: face.id })).list.map((p) => p.personId)).toEqual([v.personId]);
    expect((await list({ visitorId: v.id, from: before }, w.managerToken)).total).toBe(1);
    expect((await list({ visitorId: v.id, to: '2000-01-01T00:00:00Z' })).total).toBe(0);
    // Visitor records are the site's (decision 0022): no agent reads them, not even the terminal's own.
    for (const agent of [agentA, otherAgent]) {
      expect((await req(visitorApi.passes, { visitorId: v.id }, agent)).status).toBe(403);
    }
    expect((await req(visitorApi.passes, { from: 'yesterday' })).status).toBe(400);

    const last = await ok(visitorApi.lastPasses, { id: v.id });
    expect(last).toHaveLength(1);
    expect(last[0]).toMatchObject({ personId: v.personId, deviceId: face.id });
    expect(await ok(visitorApi.lastPasses, { id: v.id }, w.managerToken)).toHaveLength(1);
    expect((await req(visitorApi.lastPasses, { id: w.visitorB }, w.managerToken)).status).toBe(404);
  });
});
