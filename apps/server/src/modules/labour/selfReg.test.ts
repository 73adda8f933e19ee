import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labourApi } from '@siteops/contracts/labour/api';
import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { faceJpeg, publicCaller, smallThrottleApp, type Lang } from '../visitor/testkit.ts';
import { labourWorld, mainlandId } from './testkit.ts';

/** A worker's phone self-registration (issue 35): link, public form, throttle, approval through the register's rules. */
let t: TestApp;
let admin: string;
let w: Awaited<ReturnType<typeof labourWorld>>;
let token: string;
let teamId: number;

const pub = publicCaller('10.7');

const photo = async (app = t, linkToken = token) => {
  const res = await pub(
    app,
    labourApi.selfRegPhoto,
    { token: linkToken },
    { file: { content: faceJpeg(), type: 'image/jpeg' } },
  );
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.id as string;
};
const submit = (body: object, opts: { ip?: string; lang?: Lang; app?: TestApp } = {}) =>
  pub(opts.app ?? t, labourApi.selfRegSubmit, body as InputOf<typeof labourApi.selfRegSubmit>, opts);
const status = (secret: string) => pub(t, labourApi.selfRegStatus, { secret });
const application = async (body: object = {}) => ({
  token,
  realName: 'Zhang San',
  idType: 'mainland' as const,
  idNo: mainlandId(),
  phone: '13900139000',
  trade: 'rebarWorker' as const,
  teamId,
  emergencyContact: 'Zhang Er',
  emergencyPhone: '13900139001',
  photo: await photo(),
  ...body,
});
/** Apply, and find the application's id in the manager's pending list. */
async function apply(body: object = {}) {
  const res = await submit(await application(body));
  expect(res.body.code, res.body.msg).toBe(200);
  const list = (await t.api(labourApi.applications, { projectId: w.a1, status: 'pending' }, w.managerToken)).body.data
    .list as { id: number; realName: string; idNo: string }[];
  return { secret: res.body.data.secret as string, item: list[0]! };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  w = await labourWorld(t, admin);
  teamId = (await w.ok(labourApi.addTeam, { projectId: w.a1, name: 'Rebar team' })).id;
  token = (await w.ok(labourApi.regLink, { projectId: w.a1 }, w.managerToken)).token;
});
afterAll(() => t.close());

describe('registration link', () => {
  it('is the project manager’s to show; stable until renewed; another agent gets 404', async () => {
    expect((await w.ok(labourApi.regLink, { projectId: w.a1 }, w.agentA)).token).toBe(token);
    expect((await t.api(labourApi.regLink, { projectId: w.a1 }, w.agentB)).status).toBe(404);
    expect((await t.api(labourApi.regLink, { projectId: w.a2 }, w.managerToken)).status).toBe(404);
    const old = (await w.ok(labourApi.regLink, { projectId: w.a2 })).token;
    const renewed = (await w.ok(labourApi.rotateRegLink, { projectId: w.a2 })).token;
    expect(renewed).not.toBe(old);
    expect((await pub(t, labourApi.selfRegForm, { token: old })).status).toBe(404);
    expect((await pub(t, labourApi.selfRegForm, { token: renewed })).body.data.projectName).toBe('A2 site');
  });

  it('opens the project’s form: its name and teams, nothing else', async () => {
    const res = await pub(t, labourApi.selfRegForm, { token });
    expect(res.body.data).toEqual({ projectName: 'A1 site', teams: [{ id: teamId, name: 'Rebar team' }] });
    const bad = await pub(t, labourApi.selfRegForm, { token: 'nope' }, { lang: 'zh-CN' });
    expect(bad.status).toBe(404);
    expect(bad.body.msg).toMatch(/登记链接/);
  });
});

describe('submitting', () => {
  it('answers field errors in the worker’s language', async () => {
    // A valid number with another check digit (the valid one's own may be 0, so not always 0 or 1).
    const valid = mainlandId();
    const wrongDigit = valid.slice(0, 17) + (valid.endsWith('0') ? '1' : '0');
    const body = await application();
    for (const [lang, pattern] of [
      ['en-US', /check digit/],
      ['zh-CN', /校验/],
    ] as const) {
      const res = await submit({ ...body, idNo: wrongDigit }, { lang });
      expect(res.status).toBe(400);
      expect(res.body.data.fields.idNo).toMatch(pattern);
    }
    const missing = await submit({ token, realName: '' }, { lang: 'zh-CN' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.data.fields)).toEqual(expect.arrayContaining(['realName', 'idType', 'phone']));
    const strangeTeam = await submit({ ...body, teamId: 999_999 });
    expect(strangeTeam.body.data.fields).toHaveProperty('teamId');
    const unknownPhoto = await submit({ ...body, photo: '00000000-0000-4000-8000-000000000000' });
    expect(unknownPhoto.body.data.fields).toHaveProperty('photo');
  });

  it('is pending, listed masked for the manager, once per ID number while pending', async () => {
    const body = await application();
    const res = await submit(body);
    expect(res.body.data.status).toBe('pending');
    expect((await status(res.body.data.secret)).body.data).toEqual({
      projectName: 'A1 site',
      realName: 'Zhang San',
      status: 'pending',
      rejectReason: null,
    });
    const list = (await w.ok(labourApi.applications, { projectId: w.a1 }, w.managerToken)).list;
    const item = list.find((a) => a.phone === '13900139000' && a.status === 'pending')!;
    expect(item).toMatchObject({ teamName: 'Rebar team', trade: 'rebarWorker', gender: 'male' });
    expect(item.idNo).not.toBe(body.idNo);
    expect(item.photoUrl).toBeTruthy();
    const again = await submit({ ...body, photo: await photo() });
    expect(again.status).toBe(409);
    expect((await w.ok(labourApi.applications, { projectId: w.a1 }, w.agentB)).total).toBe(0);
  });
});

describe('deciding', () => {
  it('approval registers the worker on site from today, through the register’s rules', async () => {
    const { secret, item } = await apply({ realName: 'Wang Approved' });
    expect(item.realName).toBe('Wang Approved');
    const { id: workerId } = await w.ok(labourApi.approveApplication, { id: item.id }, w.managerToken);
    const worker = await w.ok(labourApi.detail, { id: workerId }, w.managerToken);
    expect(worker).toMatchObject({ realName: 'Wang Approved', status: 'on_site', teamId, projectId: w.a1 });
    expect(worker.entryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(worker.photo).toBeTruthy();
    expect((await status(secret)).body.data.status).toBe('approved');
    const decided = (await w.ok(labourApi.applications, { projectId: w.a1, status: 'approved' })).list;
    expect(decided.find((a) => a.id === item.id)?.workerId).toBe(workerId);
    expect((await t.api(labourApi.rejectApplication, { id: item.id, reason: 'late' }, w.managerToken)).status).toBe(
      409,
    );
  });

  it('rejection keeps the person out and shows the reason on the phone', async () => {
    const { secret, item } = await apply({ realName: 'Zhao Rejected' });
    await w.ok(labourApi.rejectApplication, { id: item.id, reason: 'Not on our subcontract' }, w.managerToken);
    expect((await status(secret)).body.data).toMatchObject({
      status: 'rejected',
      rejectReason: 'Not on our subcontract',
    });
    const workers = await w.ok(labourApi.listAll, { projectId: w.a1, realName: 'Zhao Rejected' });
    expect(workers.total).toBe(0);
    expect((await t.api(labourApi.approveApplication, { id: item.id }, w.managerToken)).status).toBe(409);
  });

  it('another tenant’s application is 404', async () => {
    const { item } = await apply();
    expect((await t.api(labourApi.approveApplication, { id: item.id }, w.agentB)).status).toBe(404);
    expect((await t.api(labourApi.rejectApplication, { id: item.id, reason: 'x' }, w.agentB)).status).toBe(404);
  });

  it('an ID number blacklisted on another project of the agent is refused with its reason, and stays pending', async () => {
    const idNo = mainlandId();
    await w.addWorker(w.a2, { idNo, status: 'blacklisted', blacklistReason: 'Fought on site' });
    const { item } = await apply({ idNo, realName: 'Listed Person' });
    for (const [lang, pattern] of [
      ['en-US', /blacklisted.*A2 site.*Fought on site/],
      ['zh-CN', /A2 site/],
    ] as const) {
      const as = { token: w.managerToken, headers: { 'accept-language': lang } };
      const res = await t.api(labourApi.approveApplication, { id: item.id }, as);
      expect(res.status).toBe(409);
      expect(res.body.msg).toMatch(pattern);
    }
    const pending = (await w.ok(labourApi.applications, { projectId: w.a1, status: 'pending' })).list;
    expect(pending.map((a) => a.id)).toContain(item.id);
  });
});

describe('rate limit', () => {
  const throttled = smallThrottleApp();

  it('backs off per client, then per project, with a localised 429', async () => {
    const small = throttled.app;
    const smallAdmin = await small.login();
    const world = await labourWorld(small, smallAdmin);
    const link = (await world.ok(labourApi.regLink, { projectId: world.a1 })).token;
    const body = { ...(await application()), token: link, teamId: 999_999, photo: await photo(small, link) };
    // The upload above counted once on its own address; each write counts, good or bad.
    for (let i = 0; i < 3; i++) expect((await submit(body, { app: small, ip: '10.6.0.1' })).status).toBe(400);
    const blocked = await submit(body, { app: small, ip: '10.6.0.1', lang: 'zh-CN' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.msg).toMatch(/登记过于频繁/);
    // The project's counter: the upload and 3 writes so far; the 5th attempt goes through, the next waits.
    expect((await submit(body, { app: small, ip: '10.6.0.2' })).status).toBe(400);
    const busy = await submit(body, { app: small, ip: '10.6.0.3' });
    expect(busy.status).toBe(429);
    expect(busy.body.msg).toMatch(/Too many registrations/);
  });
});
