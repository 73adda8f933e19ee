import { createHash, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { fileTestAppOnDisk, expectFieldError, formBody, injectOf, storedFiles } from '../../../test/harness.ts';
import { createAgent, inChinese, multipart } from '../../../test/fixtures.ts';
import { auditLog, upgradePackages, upgradeRollouts } from '../../db/schema/index.ts';
import { upgradeApi } from '@siteops/contracts/upgrade/api';
import type { InputOf } from '@siteops/contracts/shared/endpoint';

const LIMIT = 256 * 1024;
/** Its DATA_DIR (`t.dataDir`) is a folder of its own: the tests look at the stored files. */
const { t, admin } = await fileTestAppOnDisk('siteops-upgrade-', { UPGRADE_MAX_BYTES: String(LIMIT) });

const stored = () => storedFiles(t.dataDir);
const rowCount = async () => (await t.database.db.select({ id: upgradePackages.id }).from(upgradePackages)).length;
const digest = (algo: string, data: Buffer) => createHash(algo).update(data).digest('hex');
/** Each check type the upload takes, with its node:crypto algorithm. */
const CHECK_TYPES = [
  ['MD5', 'md5'],
  ['SHA1', 'sha1'],
  ['SHA256', 'sha256'],
];

/** Runs a refused upload (`refused` checks how it was refused) and checks that it kept neither bytes nor a row. */
async function keepsNothing(refused: () => Promise<void>) {
  const [files, rows] = [stored().length, await rowCount()];
  await refused();
  expect(stored().length).toBe(files);
  expect(await rowCount()).toBe(rows);
}

function uploadFirmware(content: Buffer, query: Record<string, string>, token = admin, name = 'fw.bin') {
  const form = multipart(content, name, 'application/octet-stream');
  return t.api.raw(upgradeApi.upload, formBody(form), { deviceTypes: 'face', fileVersion: '1.2.3', ...query }, token);
}

describe(`${upgradeApi.upload.method} ${upgradeApi.upload.path}`, () => {
  it.each(CHECK_TYPES)(
    'keeps a file whose %s matches, with all three digests and the fields asked',
    async (checkType, algo) => {
      const content = randomBytes(70_000);
      const res = await uploadFirmware(content, {
        checkType,
        checkSum: digest(algo, content).toUpperCase(),
        deviceTypes: 'face,dust',
        minVersion: '1.0.0',
        releaseNotes: '修复门禁识别',
      });
      expect(res.status, res.body.msg).toBe(200);
      expect(res.body.data).toMatchObject({
        fileName: 'fw.bin',
        fileVersion: '1.2.3',
        fileSize: content.length,
        checkType,
        checkSum: digest(algo, content),
        md5: digest('md5', content),
        sha1: digest('sha1', content),
        sha256: digest('sha256', content),
        status: 'new',
        deviceTypes: ['face', 'dust'],
        minVersion: '1.0.0',
        releaseNotes: '修复门禁识别',
        openRollouts: 0,
      });
      const id = res.body.data.id as number;

      expect(res.body.data.fileUrl).toBe(`${upgradeApi.download.path}?id=${id}`);
      const back = await t.app.inject({
        method: 'GET',
        url: res.body.data.fileUrl,
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(back.statusCode).toBe(200);
      expect(back.rawPayload.equals(content)).toBe(true);
      expect(back.headers['content-disposition']).toContain("filename*=UTF-8''fw.bin");
    },
  );

  it('without a checkSum keeps the file and reports the digest of the check type (SHA-256 by default)', async () => {
    const content = randomBytes(1000);
    const res = await uploadFirmware(content, {}, admin, 'C:\\builds\\face-2.0.img');
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({
      checkType: 'SHA256',
      checkSum: digest('sha256', content),
      fileName: 'face-2.0.img',
    });
  });

  it.each([
    ['a right-to-left override', 'firmware\u202egnp.exe'],
    ['a zero-width space', 'face\u200b-2.0.img'],
    ['a tab', 'face\t2.0.img'],
  ])('refuses a file name with %s as a field error, in both languages, keeping nothing', async (_what, name) => {
    await keepsNothing(async () => {
      const res = await uploadFirmware(randomBytes(2000), {}, admin, name);
      expectFieldError(res, 'file');
      expect(res.body.data.fields.file).toMatch(/fileName must (not contain bidirectional|be one line)/);
      const form = multipart(randomBytes(2000), name, 'application/octet-stream');
      const zh = await t.api.raw(
        upgradeApi.upload,
        formBody(form),
        { deviceTypes: 'face', fileVersion: '1.2.3' },
        inChinese(admin),
      );
      expect(zh.status).toBe(400);
      expect(zh.body.data.fields.file).toMatch(/双向控制|一行/);
    });
  });

  it.each(CHECK_TYPES)(
    'refuses a file whose %s does not match, and keeps neither bytes nor row',
    async (checkType, algo) => {
      await keepsNothing(async () => {
        const content = randomBytes(50_000);
        const wrong = digest(algo, Buffer.concat([content, Buffer.from('x')]));
        const res = await uploadFirmware(content, { checkType, checkSum: wrong });
        expect(res.status).toBe(400);
        expect(res.body.data.fields.checkSum).toContain(digest(algo, content));
        expect(res.body.msg).toMatch(/not kept/);
      });
    },
  );

  it('says a mismatch in Chinese to a Chinese console', async () => {
    const res = await t.api.raw(
      upgradeApi.upload,
      formBody(multipart(Buffer.from('abc'), 'fw.bin', 'application/octet-stream')),
      { fileVersion: '1', deviceTypes: 'face', checkType: 'MD5', checkSum: '0'.repeat(32) },
      inChinese(admin),
    );
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('上传未保留');
  });

  it('refuses a checkSum of the wrong length for its type before reading the file', async () => {
    const res = await uploadFirmware(Buffer.from('abc'), {
      checkType: 'SHA256',
      checkSum: digest('md5', Buffer.from('abc')),
    });
    expectFieldError(res, 'checkSum');
  });

  it('refuses a file over UPGRADE_MAX_BYTES with 413, and keeps nothing', async () => {
    await keepsNothing(async () => {
      const res = await uploadFirmware(randomBytes(LIMIT + 1), {});
      expect(res.status).toBe(413);
      expect(res.body.msg).toMatch(/larger than/);
    });
  });

  it('refuses an empty file, a missing version and unknown device types', async () => {
    expect((await uploadFirmware(Buffer.alloc(0), {})).status).toBe(400);
    const noVersion = await uploadFirmware(Buffer.from('x'), { fileVersion: '' });
    expect(noVersion.body.data.fields).toHaveProperty('fileVersion');
    const badType = await uploadFirmware(Buffer.from('x'), { deviceTypes: 'face,toaster' });
    expectFieldError(badType, 'deviceTypes.1');
  });

  it('is for admins only', async () => {
    const agent = await createAgent(t, admin);
    const token = await t.login(agent.userName, 'Passw0rd!');
    const files = stored().length;
    expect((await uploadFirmware(Buffer.from('x'), {}, token)).status).toBe(403);
    expect((await t.api(upgradeApi.listAll, {}, token)).status).toBe(403);
    expect(stored().length).toBe(files);
  });
});

describe('list, download ranges, update and delete', () => {
  let id: number;
  let content: Buffer;
  beforeAll(async () => {
    content = randomBytes(10_000);
    const res = await uploadFirmware(
      content,
      { fileVersion: '9.9.9-list', deviceTypes: 'towerCrane' },
      admin,
      'crane.pkg',
    );
    id = res.body.data.id;
  });

  it('searches by name and version, filters by device type, sorts', async () => {
    const list = (filter: InputOf<typeof upgradeApi.listAll>) => t.api(upgradeApi.listAll, filter, admin);
    const byName = await list({ fileName: 'CRANE' });
    expect(byName.body.data.list.map((p: { id: number }) => p.id)).toEqual([id]);
    expect((await list({ fileVersion: '9.9.9' })).body.data.total).toBe(1);
    expect((await list({ deviceType: 'towerCrane' })).body.data.list.map((p: { id: number }) => p.id)).toEqual([id]);
    const bySize = (await list({ sortField: 'fileSize', sortOrder: 'desc', pageSize: 200 })).body.data.list as {
      fileSize: number;
    }[];
    expect(bySize.map((p) => p.fileSize)).toEqual([...bySize.map((p) => p.fileSize)].sort((a, b) => b - a));
    expect((await t.api.unchecked(upgradeApi.listAll, { sortField: 'sha256' }, admin)).status).toBe(400);
  });

  it('answers a byte range so an interrupted download resumes, and 416 past the end', async () => {
    const get = (range: string) =>
      t.app.inject(injectOf(upgradeApi.download, { id }, { token: admin, headers: { range } }));
    const part = await get('bytes=4000-');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4000-9999/10000`);
    expect(part.rawPayload.equals(content.subarray(4000))).toBe(true);
    const tail = await get('bytes=-10');
    expect(tail.rawPayload.equals(content.subarray(-10))).toBe(true);
    expect((await get('bytes=10000-')).statusCode).toBe(416);
  });

  it('changes device types, minimum version and notes', async () => {
    const res = await t.api(
      upgradeApi.update,
      { id, deviceTypes: ['towerCrane', 'elevator'], minVersion: null, releaseNotes: 'notes' },
      admin,
    );
    expect(res.body.code, res.body.msg).toBe(200);
    const detail = await t.api(upgradeApi.detail, { id }, admin);
    expect(detail.body.data).toMatchObject({
      deviceTypes: ['towerCrane', 'elevator'],
      minVersion: null,
      releaseNotes: 'notes',
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'upgrade.update'), eq(auditLog.targetId, String(id))));
    expect(audit.detail).toMatchObject({
      fileName: 'crane.pkg',
      changes: [
        { field: 'deviceTypes', before: ['towerCrane'], after: ['towerCrane', 'elevator'] },
        { field: 'releaseNotes', before: null, after: 'notes' },
      ],
    });
  });

  it('refuses (409, naming the rollout) to delete a package an open rollout uses; deletes it with its file after', async () => {
    const db = t.database.db;
    const [rollout] = await db.insert(upgradeRollouts).values({ packageId: id, status: 'paused' }).returning();
    const files = stored().length;
    const del = () => t.api(upgradeApi.delete, { ids: [id] }, admin);
    const refused = await del();
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain(`#${rollout.id}`);
    expect(refused.body.msg).toContain('crane.pkg');
    expect(stored().length).toBe(files);
    const detail = await t.api(upgradeApi.detail, { id }, admin);
    expect(detail.body.data.openRollouts).toBe(1);

    await db.update(upgradeRollouts).set({ status: 'cancelled' }).where(eq(upgradeRollouts.id, rollout.id));
    const done = await del();
    expect(done.body).toMatchObject({ code: 200, data: { deleted: 1 } });
    expect(stored().length).toBe(files - 1);
    expect((await t.api(upgradeApi.detail, { id }, admin)).status).toBe(404);
    expect((await del()).status).toBe(404);
  });
});
