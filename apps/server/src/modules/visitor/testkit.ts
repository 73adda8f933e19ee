import jpeg from 'jpeg-js';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createAgent, createUser, multipart, uniq } from '../../../test/fixtures.ts';
import type { Endpoint, InputOf } from '@siteops/contracts/shared/endpoint';
import { visitorApi } from '@siteops/contracts/visitor/api';
import { projectApi } from '@siteops/contracts/project/api';

/** A real JPEG of `width` × `height` (grey), as a phone camera would send a face. */
export const faceJpeg = (width = 160, height = 200) =>
  jpeg.encode({ data: Buffer.alloc(width * height * 4, 128), width, height }, 70).data;

export function postPhoto(t: TestApp, token: string, content: Buffer = faceJpeg(), type = 'image/jpeg') {
  const form = multipart(content, 'face.jpg', type);
  return t.api.raw(
    visitorApi.postAvatar,
    { contentType: form.headers['content-type'], payload: form.payload },
    {},
    token,
  );
}

export async function photoId(t: TestApp, token: string): Promise<string> {
  const res = await postPhoto(t, token);
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.id as string;
}

export type Lang = 'en-US' | 'zh-CN';

/**
 * A public caller of the self-registration endpoints (visitors' and workers'): it calls from `ip`, by
 * default a fresh address of `net` each call, so scenarios do not share the client's counter, in `lang`.
 */
export function publicCaller(net: string) {
  let nextClient = 1;
  const client = () => `${net}.${Math.floor(nextClient / 250)}.${(nextClient++ % 250) + 1}`;
  return async function pub<E extends Endpoint>(
    app: TestApp,
    endpoint: E,
    input: InputOf<E>,
    opts: { ip?: string; lang?: Lang; file?: { content: Buffer; type: string } } = {},
  ) {
    const as = { remoteAddress: opts.ip ?? client(), headers: { 'accept-language': opts.lang ?? 'en-US' } };
    if (!opts.file) return app.api(endpoint, input, as);
    const form = multipart(opts.file.content, 'face.jpg', opts.file.type);
    const body = { contentType: form.headers['content-type'], payload: form.payload };
    return app.api.raw(endpoint, body, input as Record<string, unknown>, as);
  };
}

const hour = 3_600_000;
/** A visit from an hour ago to `hours` from now. */
export const visitWindow = (hours = 4) => ({
  visitStart: new Date(Date.now() - hour).toISOString(),
  visitEnd: new Date(Date.now() + hours * hour).toISOString(),
});

/**
 * Two projects of two agents; a manager of project A (token), a host who is a member of A, and one
 * visitor in each project, registered by the admin.
 */
export async function visitorWorld(t: TestApp, admin: string) {
  const call = async (endpoint: Endpoint, body: object, token = admin) => {
    const res = await t.api.unchecked(endpoint, body, token);
    expect(res.body.code, `${endpoint.path}: ${res.body.msg}`).toBe(200);
    return res.body.data;
  };
  const a = await createAgent(t, admin);
  const b = await createAgent(t, admin);
  const projectA = (await call(projectApi.add, { name: 'A site', code: uniq('VA-'), agentId: a.id })).id;
  const projectB = (await call(projectApi.add, { name: 'B site', code: uniq('VB-'), agentId: b.id })).id;
  const manager = await createUser(t, admin, { role: 'manager', agentId: a.id });
  await call(projectApi.addManager, { projectId: projectA, userId: manager.id });
  const host = await createUser(t, admin, { role: 'user', agentId: a.id });
  await call(projectApi.addMembers, { projectId: projectA, userIds: [host.id] });
  const managerToken = await t.login(manager.userName, manager.password);
  const add = async (body: object, token = admin) =>
    (await call(visitorApi.add, { realName: 'Wang Wu', phone: '13700137000', ...visitWindow(), ...body }, token))
      .id as number;
  const visitorA = await add({ projectId: projectA });
  const visitorB = await add({ projectId: projectB });
  return { projectA, projectB, manager, managerToken, host, add, visitorA, visitorB, call };
}

/**
 * An app whose self-registration throttle trips soon (3 writes a client, 5 a project), made before the
 * tests of the describe it is called in and closed after them.
 */
export function smallThrottleApp(): { app: TestApp } {
  const holder = {} as { app: TestApp };
  beforeAll(async () => {
    holder.app = await createTestApp({ SELF_REG_CLIENT_MAX: '3', SELF_REG_PROJECT_MAX: '5' });
  });
  afterAll(() => holder.app?.close());
  return holder;
}
