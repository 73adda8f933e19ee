import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { gatePersons } from '../../db/schema/index.ts';
import { createUser, upload, WEBP } from '../../../test/fixtures.ts';
import { type LinkTestApp } from '../device-link/testkit.ts';
import { eventually, gateCalls, listedFaceTerminal, startGateWorld } from './gateTestkit.ts';
import { PERSONNEL_VALID_FROM, PERSONNEL_VALID_TO } from './gatePersonnel.ts';
import { faceJpeg } from './testkit.ts';
import { deviceApi } from '@siteops/contracts/device/api';
import { projectApi } from '@siteops/contracts/project/api';
import { userApi } from '@siteops/contracts/user/api';
import { visitorApi } from '@siteops/contracts/visitor/api';

/**
 * A project's personnel on its face terminals (issue 11), against simulated terminals over the device
 * link: a member with a photo is enrolled as `U<user id>` on the project's authorised terminals and
 * passes; leaving the project, being disabled, renamed or deleted reaches the terminal; the face library
 * lists, re-syncs and removes them in scope.
 */
let t: LinkTestApp;
let admin: string;
let w: Awaited<ReturnType<typeof startGateWorld>>['w'];
let agentIdA: number;
/** The agent user of project A's agent (the devices' agent), and another agent. */
let agentA: string;
let otherAgent: string;

beforeAll(async () => {
  ({ t, admin, w, agentIdA, agentA, otherAgent } = await startGateWorld());
});
afterAll(() => t?.close());

const { req, ok } = gateCalls(() => ({ t, admin }));

/** A face terminal of project A (its agent's), on the visitor device list, linked through a simulator. */
const terminal = () => listedFaceTerminal(t, admin, { agentId: agentIdA, projectId: w.projectA });

/** A user of project A's agent with a face photo of its own as avatar; answers its id, person id and photo's hash. */
async function userWithPhoto(realName = 'Zhao Gong') {
  const jpeg = faceJpeg(120 + Math.floor(Math.random() * 400), 200);
  const user = await createUser(t, admin, { role: 'user', agentId: agentIdA, realName });
  const res = await upload(t, admin, 'avatar', jpeg, 'face.jpg', 'image/jpeg');
  expect(res.body.code, res.body.msg).toBe(200);
  await ok(userApi.update, { id: user.id, avatar: res.body.data.id });
  return { ...user, personId: `U${user.id}`, sha256: createHash('sha256').update(jpeg).digest('hex') };
}
const addMembers = (...userIds: number[]) => ok(projectApi.addMembers, { projectId: w.projectA, userIds });
const removeMembers = (...userIds: number[]) => ok(projectApi.removeMembers, { projectId: w.projectA, userIds });

type Face = { personId: string; role: string; name: string | null; state: string; userId: number | null };
const library = async (deviceId: number, token = admin): Promise<Face[]> =>
  (await ok(visitorApi.faces, { deviceId, pageSize: 200 }, token)).list;
const faceOf = async (deviceId: number, personId: string) =>
  (await library(deviceId)).find((f) => f.personId === personId);

describe('personnel on the face terminals', () => {
  it('a member with a photo is enrolled as a worker with an open window, listed, and passes', async () => {
    const face = await terminal();
    const worker = await userWithPhoto('Zhao Gong');
    await addMembers(worker.id);
    const held = await eventually(() => face.faces.get(worker.personId), 'the terminal to hold the member');
    expect(held).toEqual({
      personId: worker.personId,
      name: 'Zhao Gong',
      role: 'worker',
      validFrom: PERSONNEL_VALID_FROM,
      validTo: PERSONNEL_VALID_TO,
      photoSha256: worker.sha256,
    });
    await eventually(async () => (await faceOf(face.id, worker.personId))?.state === 'synced', 'synced');
    for (const token of [admin, agentA, w.managerToken]) {
      expect((await library(face.id, token)).find((f) => f.personId === worker.personId)).toMatchObject({
        role: 'worker',
        userId: worker.id,
        name: 'Zhao Gong',
        state: 'synced',
      });
    }
    const found = await ok(visitorApi.faces, { deviceId: face.id, keyword: 'Zhao' });
    expect(found.list.map((f: Face) => f.personId)).toContain(worker.personId);

    // The gate lets the worker through, and the pass names the user.
    expect(face.sim.reportPass(worker.personId, 'in').passed).toBe(true);
    const pass = await eventually(async () => {
      const r = await ok(visitorApi.passes, { deviceId: face.id });
      return r.list.find((p: { personId: string }) => p.personId === worker.personId);
    }, 'the pass to be stored');
    expect(pass).toMatchObject({ personName: 'Zhao Gong', userId: worker.id, visitorId: null });
  });

  it('leaving the project, being disabled, renamed or deleted reaches the terminal', async () => {
    const face = await terminal();
    const leaving = await userWithPhoto();
    const disabled = await userWithPhoto();
    const renamed = await userWithPhoto();
    const deleted = await userWithPhoto();
    await addMembers(leaving.id, disabled.id, renamed.id, deleted.id);
    for (const u of [leaving, disabled, renamed, deleted]) await eventually(() => face.faces.get(u.personId), 'held');

    await removeMembers(leaving.id);
    await ok(userApi.update, { id: disabled.id, enabled: 'disable' });
    await ok(userApi.update, { id: renamed.id, realName: 'Qian Gong' });
    await ok(userApi.delete, { ids: [deleted.id] });
    await eventually(
      () =>
        [leaving, disabled, deleted].every((u) => !face.faces.get(u.personId)) &&
        face.faces.get(renamed.personId)?.name === 'Qian Gong',
      'the removals and the new name',
    );
    expect(face.sim.reportPass(leaving.personId).passed, 'a member who left is a stranger').toBe(false);
    // Gone from the library once the terminal lost them; nothing left to send.
    await eventually(async () => {
      const rows = await t.database.db.select().from(gatePersons).where(eq(gatePersons.deviceId, face.id));
      const ids = rows.map((r) => r.personId);
      return !ids.includes(leaving.personId) && !ids.includes(deleted.personId) && rows.every((r) => !r.pending);
    }, 'the outbox to drain');

    // Back in the project, enabled again: enrolled again.
    await addMembers(leaving.id);
    await ok(userApi.update, { id: disabled.id, enabled: 'enable' });
    await eventually(
      () => face.faces.get(leaving.personId) && face.faces.get(disabled.personId),
      'the member back and the user enabled again',
    );
  });

  it('a member who changes its own avatar is sent the new photo; an unchanged profile edit sends nothing', async () => {
    const face = await terminal();
    const worker = await userWithPhoto();
    await addMembers(worker.id);
    await eventually(() => face.faces.get(worker.personId), 'held');
    const token = await t.login(worker.userName, worker.password);
    await eventually(async () => (await faceOf(face.id, worker.personId))?.state === 'synced', 'synced');
    const received = face.faces.received;
    await ok(userApi.updateSelf, { introduction: 'Rebar crew' }, token);
    await ok(userApi.updateSelf, { realName: 'Zhao Gong' }, token);
    await new Promise((r) => setTimeout(r, 400));
    expect(face.faces.received, 'the same name again sends nothing').toBe(received);

    const jpeg = faceJpeg(300, 240);
    const res = await upload(t, token, 'avatar', jpeg, 'me.jpg', 'image/jpeg');
    await ok(userApi.updateSelf, { avatar: res.body.data.id }, token);
    const sha256 = createHash('sha256').update(jpeg).digest('hex');
    await eventually(() => face.faces.get(worker.personId)?.photoSha256 === sha256, 'the new photo');
  });

  it('a member without a usable photo (none, or WebP) is not enrolled and not listed', async () => {
    const face = await terminal();
    const webp = await createUser(t, admin, { role: 'user', agentId: agentIdA });
    const res = await upload(t, admin, 'avatar', WEBP, 'face.webp', 'image/webp');
    await ok(userApi.update, { id: webp.id, avatar: res.body.data.id });
    await addMembers(webp.id);
    const marker = await userWithPhoto();
    await addMembers(marker.id);
    await eventually(() => face.faces.get(marker.personId), 'the member with a photo');
    // w.host is a member of project A without an avatar.
    for (const id of [w.host.id, webp.id]) {
      expect(face.faces.get(`U${id}`)).toBeUndefined();
      expect(await faceOf(face.id, `U${id}`)).toBeUndefined();
    }
    // A photo later: enrolled then.
    const later = await upload(t, admin, 'avatar', faceJpeg(), 'face.jpg', 'image/jpeg');
    await ok(userApi.update, { id: w.host.id, avatar: later.body.data.id });
    await eventually(() => face.faces.get(`U${w.host.id}`), 'the host once it has a photo');
  });

  it('the face library re-syncs and removes a worker; another agent gets 404', async () => {
    const face = await terminal();
    const worker = await userWithPhoto();
    await addMembers(worker.id);
    await eventually(() => face.faces.get(worker.personId), 'held');
    const body = { deviceId: face.id, personId: worker.personId };

    expect((await req(visitorApi.removeFace, body, otherAgent)).status).toBe(404);
    expect((await req(visitorApi.resyncFace, body, otherAgent)).status).toBe(404);
    expect(face.faces.get(worker.personId), 'a refused removal leaves the worker on the device').toBeDefined();

    await ok(visitorApi.removeFace, body, agentA);
    await eventually(() => !face.faces.get(worker.personId), 'the terminal to lose the worker');
    await eventually(async () => (await faceOf(face.id, worker.personId))?.state === 'removed', 'state removed');
    // Another member joining marks the project's devices: the removal by hand stands.
    const other = await userWithPhoto();
    await addMembers(other.id);
    await eventually(() => face.faces.get(other.personId), 'the other member');
    expect(face.faces.get(worker.personId)).toBeUndefined();

    await ok(visitorApi.resyncFace, body, w.managerToken);
    await eventually(() => face.faces.get(worker.personId), 're-synced');
    await eventually(async () => (await faceOf(face.id, worker.personId))?.state === 'synced', 'synced again');
  });

  it('a terminal moved to another project loses the personnel of the first', async () => {
    const face = await terminal();
    const worker = await userWithPhoto();
    await addMembers(worker.id);
    await eventually(() => face.faces.get(worker.personId), 'held');
    const other = await ok(projectApi.add, { name: 'A2 site', code: `VA2-${face.id}`, agentId: agentIdA });
    await ok(deviceApi.divideProject, { ids: [face.id], projectId: other.id });
    await eventually(() => !face.faces.get(worker.personId), 'the moved terminal to lose the member');
  });
});
