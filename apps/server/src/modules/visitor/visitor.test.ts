import { describe, expect, it } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import { LIST_COUNT_CAP } from '@siteops/contracts/shared/pagination';
import { expectFieldError, fileTestApp, injectOfUnchecked } from '../../../test/harness.ts';
import { idNumber, inChinese, PNG } from '../../../test/fixtures.ts';
import { visitors } from '../../db/schema/index.ts';
import { faceJpeg, photoId, postPhoto, visitorWorld, visitWindow } from './testkit.ts';
import { visitorApi } from '@siteops/contracts/visitor/api';
import type { Endpoint, InputOf } from '@siteops/contracts/shared/endpoint';

const { t, admin } = await fileTestApp();
const w = await visitorWorld(t, admin);

type VisitorFilter = InputOf<typeof visitorApi.listAll>;
const list = (filter: VisitorFilter, token = admin) => t.api(visitorApi.listAll, filter, token);
const ids = (res: { body: { data: { list: { id: number }[] } } }) => res.body.data.list.map((v) => v.id);

describe('visitor registration', () => {
  it('adds a visitor with photo, host and ID number; lists it masked; finds it by name, phone and exact ID number', async () => {
    const idNo = idNumber();
    const avatar = await photoId(t, w.managerToken);
    const id = await w.add(
      {
        projectId: w.projectA,
        realName: 'Zhao Liu',
        phone: '13912345678',
        idNo,
        avatar,
        userId: w.host.id,
        reasons: 'Site survey',
      },
      w.managerToken,
    );
    const [row] = await t.database.db.select().from(visitors).where(eq(visitors.id, id));
    expect(row.idNo).toMatch(/^v1\./);
    expect(row.idNo).not.toContain(idNo);

    const found = await list({ idNo: idNo.toLowerCase() }, w.managerToken);
    expect(ids(found)).toEqual([id]);
    const item = found.body.data.list[0];
    expect(item).toMatchObject({
      realName: 'Zhao Liu',
      status: 'new',
      userId: w.host.id,
      userName: w.host.userName,
      projectName: 'A site',
      reasons: 'Site survey',
      qrCode: null,
    });
    expect(item.idNo).toBe(`${idNo.slice(0, 3)}${'*'.repeat(idNo.length - 7)}${idNo.slice(-4)}`);
    expect(ids(await list({ realName: 'zhao l' }))).toEqual([id]);
    expect(ids(await list({ phone: '2345678' }))).toEqual([id]);
    expect(ids(await list({ idNo: idNo.slice(0, -1) }))).toEqual([]);

    // The photo opens through the signed URL only.
    const photo = await t.app.inject({ method: 'GET', url: item.avatarUrl });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect((await t.app.inject(injectOfUnchecked(visitorApi.photo, { id: avatar }))).statusCode).toBe(404);
  });

  it('a photo without its signature (or with a bad one) is the standard 404 envelope, in the caller’s language', async () => {
    const avatar = await photoId(t, admin);
    for (const input of [{ id: avatar }, { id: avatar, exp: 9999999999, sig: 'nope' }]) {
      const res = await t.app.inject(
        injectOfUnchecked(visitorApi.photo, input, { headers: { 'accept-language': 'zh-CN' } }),
      );
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json() as { code: number; msg: string; data: unknown };
      expect(body).toMatchObject({ code: 40400, data: null });
      expect(body.msg).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it.each([
    ['realName', { realName: '' }],
    ['phone', { phone: 'call me' }],
    ['visitEnd', { visitStart: '2030-01-02T10:00:00Z', visitEnd: '2030-01-02T09:00:00Z' }],
    ['visitStart', { visitStart: 'tomorrow' }],
    ['idNo', { idNo: '110***********123X' }],
    ['idNo', { idNo: 'short' }],
    ['sex', { sex: 'other' }],
    ['avatar', { avatar: 'not-a-uuid' }],
  ])('answers 400 naming %s, writing nothing', async (field, overrides) => {
    const before = (await list({ pageSize: 1 })).body.data.total;
    const res = await t.api.unchecked(
      visitorApi.add,
      { projectId: w.projectA, realName: 'X', phone: '13700137000', ...visitWindow(), ...overrides },
      admin,
    );
    expectFieldError(res, [field]);
    expect((await list({ pageSize: 1 })).body.data.total).toBe(before);
  });

  it('refuses a host outside the project and a photo the caller did not upload (400)', async () => {
    const base = { projectId: w.projectB, realName: 'X', phone: '13700137000', ...visitWindow() };
    const host = await t.api(visitorApi.add, { ...base, userId: w.host.id }, admin);
    expectFieldError(host, 'userId');
    const othersPhoto = await photoId(t, w.managerToken);
    const photo = await t.api(visitorApi.add, { ...base, avatar: othersPhoto }, admin);
    expectFieldError(photo, 'avatar');
  });

  it('takes face-sized JPEG or PNG photos only', async () => {
    expect((await postPhoto(t, admin, faceJpeg(40, 40))).status).toBe(400);
    expect((await postPhoto(t, admin, PNG, 'image/png')).status).toBe(400);
    const text = await postPhoto(t, admin, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/jpeg');
    expectFieldError(text, 'file');
    const ok = await postPhoto(t, admin, faceJpeg(120, 160));
    expect(ok.body.data).toMatchObject({ mime: 'image/jpeg', width: 120, height: 160 });
  });

  it('answers field messages in Chinese for a Chinese session', async () => {
    const res = await t.api(
      visitorApi.add,
      {
        projectId: w.projectA,
        realName: 'X',
        phone: '13700137000',
        visitStart: '2030-01-02T10:00:00Z',
        visitEnd: '2030-01-01T10:00:00Z',
      },
      inChinese(admin),
    );
    expect(res.body.data.fields.visitEnd).toBe('来访结束时间 必须晚于 来访开始时间');
  });

  it('pages a name search in the asked order with its total, also past the last match, within scope', async () => {
    const tag = `Pager${Date.now() % 100000}`;
    const [c, a, b] = [
      await w.add({ projectId: w.projectA, realName: `${tag} C` }),
      await w.add({ projectId: w.projectA, realName: `${tag} A` }),
      await w.add({ projectId: w.projectA, realName: `${tag} B` }),
    ];
    const other = await w.add({ projectId: w.projectB, realName: `${tag} D` });
    const page = async (query: VisitorFilter, token = admin) => {
      const { list: found, total } = (await list({ realName: tag, pageSize: 2, ...query }, token)).body.data;
      return { ids: found.map((v: { id: number }) => v.id), total };
    };
    expect(await page({ page: 1, sortField: 'realName', sortOrder: 'asc' })).toEqual({ ids: [a, b], total: 4 });
    expect(await page({ page: 2, sortField: 'realName', sortOrder: 'asc' })).toEqual({ ids: [c, other], total: 4 });
    expect(await page({ page: 3, sortField: 'realName', sortOrder: 'asc' })).toEqual({ ids: [], total: 4 });
    expect(await page({ page: 1 })).toEqual({ ids: [other, b], total: 4 });
    expect(await page({ page: 1, sortField: 'realName', sortOrder: 'desc' }, w.managerToken)).toEqual({
      ids: [c, b],
      total: 3,
    });
    expect(await page({ page: 5 }, w.managerToken)).toEqual({ ids: [], total: 3 });
    expect(await page({ page: 1, phone: '000000' })).toEqual({ ids: [], total: 0 });
  });

  it('counts a list up to LIST_COUNT_CAP and says when there are more; a name search counts exactly', async () => {
    const db = t.database.db;
    const tag = `Bulk${Date.now() % 100000}`;
    await db.execute(sql`
      insert into visitors (project_id, real_name, phone, visit_start, visit_end)
      select ${w.projectB}, ${tag} || ' ' || g, '13800000000', now(), now() + interval '1 hour'
      from generate_series(1, ${LIST_COUNT_CAP + 1}) g`);
    try {
      const all = (await list({ projectId: w.projectB, pageSize: 1 })).body.data;
      expect(all).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true });
      expect(all.list).toHaveLength(1);
      // `tag 1000` is in `tag 1000` and `tag 10000`, `tag 10001`.
      const found = (await list({ realName: `${tag} 1000` })).body.data;
      expect(found).toMatchObject({ total: 3, totalCapped: false });
      expect((await list({ projectId: w.projectA, pageSize: 1 })).body.data.totalCapped).toBe(false);
    } finally {
      await db.delete(visitors).where(like(visitors.realName, `${tag} %`));
    }
  });
});

describe('scope: a manager has only its projects’ visitors', () => {
  it('lists its own project’s visitors and never another project’s', async () => {
    const mine = ids(await list({ pageSize: 200 }, w.managerToken));
    expect(mine).toContain(w.visitorA);
    expect(mine).not.toContain(w.visitorB);
    expect(ids(await list({ pageSize: 200 }))).toEqual(expect.arrayContaining([w.visitorA, w.visitorB]));
  });

  it('answers 404 for another project’s visitor on update, audit and delete, and for adding there', async () => {
    const m = w.managerToken;
    const calls: [Endpoint, object][] = [
      [visitorApi.update, { id: w.visitorB, phone: '13800000000' }],
      [visitorApi.auditVisitor, { id: w.visitorB, status: 'valid' }],
      [visitorApi.delete, { ids: [w.visitorA, w.visitorB] }],
      [visitorApi.add, { projectId: w.projectB, realName: 'X', phone: '13700137000', ...visitWindow() }],
      [visitorApi.update, { id: w.visitorA, projectId: w.projectB }],
    ];
    for (const [endpoint, input] of calls)
      expect((await t.api.unchecked(endpoint, input, m)).status, endpoint.path).toBe(404);
    // The batch with a foreign id deleted nothing, its own visitor included.
    expect(ids(await list({ pageSize: 200 }, m))).toContain(w.visitorA);
    const [b] = await t.database.db.select().from(visitors).where(eq(visitors.id, w.visitorB));
    expect(b).toMatchObject({ status: 'new', phone: '13700137000' });
  });

  it('keeps agents and users out, and configuration to admins', async () => {
    const res = await t.api(visitorApi.listConfig, {}, w.managerToken);
    expect(res.status).toBe(403);
  });
});

describe('delete', () => {
  it('deletes all or none, and the photo goes with the visitor', async () => {
    const avatar = await photoId(t, admin);
    const id = await w.add({ projectId: w.projectA, avatar });
    const url = (await list({ realName: 'Wang', pageSize: 200 })).body.data.list.find(
      (v: { id: number }) => v.id === id,
    ).avatarUrl;
    const none = await t.api(visitorApi.delete, { ids: [id, 987654] }, admin);
    expect(none.status).toBe(404);
    const del = await t.api(visitorApi.delete, { ids: [id] }, admin);
    expect(del.body.data).toEqual({ deleted: 1 });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
