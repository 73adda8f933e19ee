import { createPublicKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, expectFieldError } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { readPass } from './pass.ts';
import { faceJpeg, publicCaller, smallThrottleApp, visitorWorld, type Lang } from './testkit.ts';
import { visitorApi } from '@siteops/contracts/visitor/api';
import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { notificationApi } from '@siteops/contracts/notification/api';
import { userApi } from '@siteops/contracts/user/api';
import { deviceApi } from '@siteops/contracts/device/api';
import { projectApi } from '@siteops/contracts/project/api';

let t: TestApp;
let admin: string;
let w: Awaited<ReturnType<typeof visitorWorld>>;
let tokenA: string;

const pub = publicCaller('10.9');

const form = (token: string, ip?: string) => pub(t, visitorApi.selfRegForm, { token }, { ip });
const submit = (body: object, ip?: string, app = t, lang?: Lang) =>
  pub(app, visitorApi.selfRegSubmit, body as InputOf<typeof visitorApi.selfRegSubmit>, { ip, lang });
const status = (secret: string) => pub(t, visitorApi.selfRegStatus, { secret });
const uploadFace = (token: string, content: Buffer = faceJpeg(), type = 'image/jpeg', ip?: string) =>
  pub(t, visitorApi.selfRegPhoto, { token }, { file: { content, type }, ip });

async function linkOf(app: TestApp, adminToken: string, projectId: number) {
  const res = await app.api(visitorApi.regLink, { projectId }, adminToken);
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.token as string;
}

const configure = (projectId: number, config: object = {}) =>
  w.call(visitorApi.publishConfig, {
    projectId,
    requiredFields: [],
    defaultVisitHours: 6,
    autoApprove: false,
    notice: 'Wear a helmet on site',
    deviceIds: [],
    ...config,
  });

const todos = async (token: string) =>
  (await t.api(notificationApi.listAll, { tab: 'todo', pageSize: 50 }, token)).body.data.list as {
    title: string;
    body: string;
    link: string;
  }[];

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_BYTES: String(200 * 1024) });
  admin = await t.login();
  w = await visitorWorld(t, admin);
  await configure(w.projectA);
  // The host shows by its nickname; another member without any display name is never offered.
  await t.api(userApi.update, { id: w.host.id, nickName: 'Host Chen' }, admin);
  tokenA = await linkOf(t, admin, w.projectA);
});
afterAll(() => t.close());

describe('registration link', () => {
  it('is stable until rotated; the old token then answers 404', async () => {
    expect(await linkOf(t, admin, w.projectA)).toBe(tokenA);
    expect(tokenA.length).toBeGreaterThanOrEqual(32);
    const project = (await w.call(projectApi.add, { name: 'Rotating site', code: `ROT-${Date.now()}` })).id;
    const old = await linkOf(t, admin, project);
    const rotated = await t.api(visitorApi.rotateRegLink, { projectId: project }, admin);
    expect(rotated.body.data.token).not.toBe(old);
    expect((await form(old)).status).toBe(404);
    expect((await form(rotated.body.data.token)).body.data.projectName).toBe('Rotating site');
  });

  it('is the admin’s: a manager cannot read or rotate it', async () => {
    const get = await t.api(visitorApi.regLink, { projectId: w.projectA }, w.managerToken);
    expect(get.status).toBe(403);
  });

  it('a bad token is 404 in the visitor’s language', async () => {
    const res = await pub(t, visitorApi.selfRegForm, { token: 'nope' }, { lang: 'zh-CN' });
    expect(res.status).toBe(404);
    expect(res.body.msg).toMatch(/登记链接/);
  });
});

describe('the public form', () => {
  it('shows the project, its required fields, notice and hosts by display name, nothing else', async () => {
    const res = await form(tokenA);
    expect(res.body.data).toMatchObject({
      projectName: 'A site',
      requiredFields: [],
      defaultVisitHours: 6,
      notice: 'Wear a helmet on site',
    });
    expect(res.body.data.hosts).toContainEqual({ id: w.host.id, name: 'Host Chen' });
    const text = JSON.stringify(res.body.data);
    // No login names, no phones, no visitors (Wang Wu is registered in A and B).
    for (const leak of [w.host.userName, w.manager.userName, 'Wang Wu', '13700137000', 'B site']) {
      expect(text).not.toContain(leak);
    }
  });
});

describe('submitting', () => {
  it('validates the configured fields, all at once, with field errors', async () => {
    await configure(w.projectA, { requiredFields: ['idNo', 'avatar', 'userId'] });
    try {
      const res = await submit({ token: tokenA, realName: 'Li Lei', phone: '13800138000' });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.data.fields).sort()).toEqual(['avatar', 'idNo', 'userId']);
      const bad = await submit({ token: tokenA, realName: '', phone: 'call me' });
      expectFieldError(bad, 'realName');
      expect(bad.body.data.fields).toHaveProperty('phone');
    } finally {
      await configure(w.projectA);
    }
  });

  it('refuses a name with a line break, tab, control or bidi character, in the visitor’s language, writing nothing', async () => {
    for (const realName of ['Li\r\nBcc: x@example.com', 'Li\tLei', 'Li\u0085Lei', 'Li\u202eieL', 'Li\u200bLei']) {
      const res = await submit({ token: tokenA, realName, phone: '13800138000' }, undefined, t, 'zh-CN');
      expectFieldError(res, 'realName');
      expect(res.body.data.fields.realName).toMatch(/一行|双向控制|零宽/);
    }
    const en = await submit({ token: tokenA, realName: 'Li\nLei', phone: '13800138000' });
    expect(en.body.data.fields.realName).toBe('realName must be one line without control characters');
    const list = await t.api(visitorApi.listAll, { realName: 'Li' }, admin);
    expect(list.body.data.list.filter((v: { realName: string }) => /[\n\t\u202e]/.test(v.realName))).toEqual([]);
  });

  it('refuses a host outside the project and a photo that is not a fresh public upload', async () => {
    const other = await createUser(t, admin, { role: 'user', nickName: 'Outsider' });
    const res = await submit({ token: tokenA, realName: 'Li Lei', phone: '13800138000', userId: other.id });
    expectFieldError(res, 'userId');
    const stranger = await submit({
      token: tokenA,
      realName: 'Li Lei',
      phone: '13800138000',
      avatar: crypto.randomUUID(),
    });
    expect(stranger.body.data.fields).toHaveProperty('avatar');
  });

  it('rejects uploads that are not images or are too large, with a clear message', async () => {
    const text = await uploadFace(tokenA, Buffer.from('not a picture at all'), 'image/jpeg');
    expect(text.status).toBe(400);
    expect(text.body.msg).toMatch(/JPEG or PNG/);
    const huge = await uploadFace(tokenA, Buffer.alloc(300 * 1024, 1));
    expect(huge.status).toBe(413);
    expect(huge.body.msg).toMatch(/larger than 200 KB/);
    expect((await uploadFace('nope')).status).toBe(404);
  });

  it('creates a pending visitor, gives host and managers a live to-do, and shows the pass once approved', async () => {
    const photo = await uploadFace(tokenA);
    expect(photo.status).toBe(200);
    const res = await submit({
      token: tokenA,
      realName: 'Han Meimei',
      phone: '13600136000',
      avatar: photo.body.data.id,
      userId: w.host.id,
      reasons: 'Delivery',
    });
    expect(res.body).toMatchObject({ code: 200, data: { status: 'new' } });
    const { secret } = res.body.data;

    const hostToken = await t.login(w.host.userName, w.host.password);
    for (const token of [hostToken, w.managerToken]) {
      const todo = (await todos(token)).find((n) => n.title.includes('Han Meimei'));
      expect(todo?.body).toContain('Host Chen');
      expect(todo?.link).toMatch(/^\/visitor\/visitor-audit\?tab=new/);
    }
    expect((await todos(admin)).some((n) => n.title.includes('Han Meimei'))).toBe(false);

    const pending = await status(secret);
    expect(pending.body.data).toMatchObject({
      realName: 'Han Meimei',
      projectName: 'A site',
      status: 'new',
      qrCode: null,
    });
    const hours = (Date.parse(pending.body.data.visitEnd) - Date.parse(pending.body.data.visitStart)) / 3_600_000;
    expect(hours).toBe(6);

    const list = await t.api(visitorApi.listAll, { realName: 'Han Meimei' }, w.managerToken);
    const visitor = list.body.data.list[0];
    expect(visitor).toMatchObject({ status: 'new', userId: w.host.id, avatar: photo.body.data.id });
    await w.call(visitorApi.auditVisitor, { id: visitor.id, status: 'valid' }, w.managerToken);

    const approved = (await status(secret)).body.data;
    expect(approved.status).toBe('valid');
    const key = createPublicKey((await t.api(deviceApi.licencePublicKey, {})).body.data.pem);
    expect(readPass(key, approved.qrCode)).toMatchObject({ id: visitor.id, p: w.projectA });
  });

  it('passes at once where the project auto-approves', async () => {
    await configure(w.projectB, { autoApprove: true });
    const res = await submit({
      token: await linkOf(t, admin, w.projectB),
      realName: 'Auto Pass',
      phone: '13500135000',
    });
    expect(res.body.data.status).toBe('valid');
    expect((await status(res.body.data.secret)).body.data.qrCode).toMatch(/^SOV1\./);
  });

  it('another secret reads nothing', async () => {
    const res = await status('x'.repeat(32));
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('Wang Wu');
  });
});

describe('rate limit', () => {
  const throttled = smallThrottleApp();

  it('backs off per client, then per project, with a localised 429', async () => {
    const small = throttled.app;
    const adminToken = await small.login();
    const project = (await small.api(projectApi.add, { name: 'Busy', code: 'BUSY-1' }, adminToken)).body.data.id;
    const token = await linkOf(small, adminToken, project);
    const body = { token, realName: 'Flood', phone: '13400134000' };
    for (let i = 0; i < 3; i++) expect((await submit(body, '10.8.0.1', small)).status).toBe(200);
    const blocked = await submit(body, '10.8.0.1', small, 'zh-CN');
    expect(blocked.status).toBe(429);
    expect(blocked.body.msg).toMatch(/登记过于频繁/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another client goes on until the project's own limit (5 in all), then it waits too.
    expect((await submit(body, '10.8.0.2', small)).status).toBe(200);
    expect((await submit(body, '10.8.0.3', small)).status).toBe(200);
    const busy = await submit(body, '10.8.0.4', small);
    expect(busy.status).toBe(429);
    expect(busy.body.msg).toMatch(/Too many registrations/);
  });
});
