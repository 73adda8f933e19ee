import { createHash } from 'node:crypto';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import {
  fileTestAppOnDisk,
  expectFieldError,
  formBody,
  injectOf,
  storedFiles,
  undeclaredUrl,
  urlOf,
} from '../../../test/harness.ts';
import { createAgent, createUser, JPEG, multipart, PNG, upload, uploadId, WEBP } from '../../../test/fixtures.ts';
import { files } from '../../db/schema/index.ts';
import { LocalStorage } from '../../storage/local.ts';
import { sweepUnattachedFiles, UNATTACHED_GRACE_MS } from './sweep.ts';
import { fileApi } from '@siteops/contracts/file/api';
import { userApi } from '@siteops/contracts/user/api';

const LIMIT = 4096;
/** Its DATA_DIR (`t.dataDir`) is a folder of its own: the tests look at the stored files. */
const { t, admin } = await fileTestAppOnDisk('siteops-files-', { UPLOAD_MAX_BYTES: String(LIMIT) });
let a: Awaited<ReturnType<typeof createAgent>>;
let b: Awaited<ReturnType<typeof createAgent>>;

beforeAll(async () => {
  a = await createAgent(t, admin);
  b = await createAgent(t, admin);
});

const stored = () => storedFiles(t.dataDir);
/** A URL the server answered (a signed one), fetched as it is. */
const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
/** `fileApi.serve` of file `id` with a bearer token. */
const serve = (id: string, token: string) => t.app.inject(injectOf(fileApi.serve, { id }, token));

describe(`${fileApi.upload.method} ${fileApi.upload.path}`, () => {
  it.each([
    ['PNG', PNG, 'image/png'],
    ['JPEG', JPEG, 'image/jpeg'],
    ['WebP', WEBP, 'image/webp'],
  ])('accepts a %s, typed by its content, with size and SHA-256', async (_name, content, mime) => {
    const res = await upload(t, admin, 'avatar', content, 'picture.bin', 'application/octet-stream');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      kind: 'avatar',
      mime,
      size: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
    });
    const served = urlOf(fileApi.serve, { id: res.body.data.id });
    expect(res.body.data.url).toMatch(new RegExp(`^${served}\\?exp=\\d+&sig=`));
    const back = await serve(res.body.data.id, admin);
    expect(back.headers['content-type']).toBe(mime);
    expect(back.rawPayload.equals(content)).toBe(true);
  });

  it('refuses text that claims to be a PNG, and keeps nothing', async () => {
    const before = stored().length;
    const res = await upload(
      t,
      admin,
      'avatar',
      Buffer.from('<?php echo "hi"; ?> definitely an image'),
      'x.png',
      'image/png',
    );
    expectFieldError(res, 'file');
    expect(res.body.msg).toMatch(/JPEG, PNG or WebP/);
    expect(stored().length).toBe(before);
  });

  it.each([
    ['a 3-byte "JPEG"', Buffer.from('ffd8ff', 'hex')],
    [
      'a JPEG start with no frame header',
      Buffer.concat([
        Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
        Buffer.alloc(32),
        Buffer.from('ffd9', 'hex'),
      ]),
    ],
    ['a PNG signature alone', PNG.subarray(0, 8)],
    ['a PNG of 0 x 0 pixels', Buffer.concat([PNG.subarray(0, 16), Buffer.alloc(8), PNG.subarray(24)])],
    ['a WebP RIFF header alone', WEBP.subarray(0, 16)],
  ])('refuses %s: images are checked by decoding their header, and nothing is kept', async (_what, content) => {
    const before = stored().length;
    const res = await upload(t, admin, 'avatar', content, 'x.jpg', 'image/jpeg');
    expectFieldError(res, 'file');
    expect(stored().length).toBe(before);
  });

  it('refuses an empty file and a GIF', async () => {
    expect((await upload(t, admin, 'avatar', Buffer.alloc(0))).status).toBe(400);
    expect((await upload(t, admin, 'avatar', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).status).toBe(400);
  });

  it('refuses a file over UPLOAD_MAX_BYTES with a 413 envelope, keeping nothing', async () => {
    const before = stored().length;
    const rowsBefore = (await t.database.db.select().from(files)).length;
    const big = Buffer.concat([PNG, Buffer.alloc(LIMIT)]);
    const res = await upload(t, admin, 'avatar', big);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe(41300);
    expect(stored().length).toBe(before);
    expect((await t.database.db.select().from(files)).length).toBe(rowsBefore);
    // Exactly at the limit passes.
    expect((await upload(t, admin, 'avatar', Buffer.concat([PNG, Buffer.alloc(LIMIT - PNG.length)]))).status).toBe(200);
  });

  it('needs a known kind, a multipart body with a file, and a session', async () => {
    const body = multipart(PNG);
    const bad = await t.api.raw(fileApi.upload, formBody(body), { kind: 'passport' }, admin);
    expectFieldError(bad, 'kind');
    const json = await t.api.unchecked(fileApi.upload, { kind: 'avatar', file: 'x' }, admin);
    expect(json.status).toBe(400);
    const anon = await t.api.raw(fileApi.upload, formBody(body), { kind: 'avatar' });
    expect(anon.status).toBe(401);
  });
});

describe(`${fileApi.serve.method} ${fileApi.serve.path} follows the scope rule of its user`, () => {
  let avatarOfA: string;
  let avatarUrl: string;
  beforeAll(async () => {
    avatarOfA = await uploadId(t, a.token, 'avatar');
    const user = await createUser(t, a.token, { avatar: avatarOfA });
    const res = await t.api(userApi.detail, { id: user.id }, a.token);
    avatarUrl = res.body.data.avatarUrl;
  });

  it('the owning agent and the admin may see it; another tenant gets 404', async () => {
    expect((await serve(avatarOfA, a.token)).statusCode).toBe(200);
    expect((await serve(avatarOfA, admin)).statusCode).toBe(200);
    const other = await serve(avatarOfA, b.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe(40400);
  });

  it('a signed URL from a user answer works without a token (for <img src>); a forged one does not', async () => {
    expect(avatarUrl).toContain(avatarOfA);
    const ok = await get(avatarUrl);
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.equals(PNG)).toBe(true);
    // PII: never kept in a browser's disk cache or a proxy.
    expect(ok.headers['cache-control']).toBe('private, no-store');
    const forged = avatarUrl.replace(/sig=[^&]+/, 'sig=AAAA');
    expect((await get(forged)).statusCode).toBe(401);
    const expired = avatarUrl.replace(/exp=\d+/, 'exp=1000');
    expect((await get(expired)).statusCode).toBe(401);
    // A signature for one file does not open another.
    const other = await uploadId(t, b.token, 'avatar');
    expect((await get(avatarUrl.replace(avatarOfA, other))).statusCode).toBe(401);
  });

  it('a signed URL to a personal image lives minutes, not hours', async () => {
    const exp = Number(/exp=(\d+)/.exec(avatarUrl)![1]) * 1000;
    expect(exp - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(exp - Date.now()).toBeLessThanOrEqual(6 * 60_000 + 5_000);
  });

  it('an unknown id is 404, a malformed one 400', async () => {
    expect((await serve('00000000-0000-4000-8000-000000000000', admin)).statusCode).toBe(404);
    // A path the declaration cannot make (it encodes the id): an un-encoded traversal, sent as it is.
    expect((await get(undeclaredUrl('file/../../etc/passwd'), admin)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await serve('not-a-uuid', admin)).statusCode).toBe(400);
  });

  it('replacing an image deletes the old one', async () => {
    const first = await uploadId(t, a.token, 'avatar');
    const user = await createUser(t, a.token, { avatar: first });
    const second = await uploadId(t, a.token, 'avatar');
    expect((await t.api(userApi.update, { id: user.id, avatar: second }, a.token)).status).toBe(200);
    expect(await t.database.db.select().from(files).where(eq(files.id, first))).toHaveLength(0);
    expect((await serve(first, admin)).statusCode).toBe(404);
    expect((await serve(second, admin)).statusCode).toBe(200);
  });
});

describe('unattached uploads', () => {
  it('are removed (row and bytes) after the grace period; attached and recent ones stay', async () => {
    const abandoned = await uploadId(t, a.token, 'avatar');
    const recent = await uploadId(t, a.token, 'avatar');
    const attached = await uploadId(t, a.token, 'avatar');
    await createUser(t, a.token, { avatar: attached });
    const old = new Date(Date.now() - UNATTACHED_GRACE_MS - 60_000);
    await t.database.db
      .update(files)
      .set({ createdAt: old })
      .where(inArray(files.id, [abandoned, attached]));
    const storage = new LocalStorage(path.join(t.dataDir, 'files'));
    expect(stored().some((e) => e.name === abandoned)).toBe(true);

    const removed = await sweepUnattachedFiles(t.database.db, storage);

    expect(removed).toEqual([abandoned]);
    expect((await serve(abandoned, admin)).statusCode).toBe(404);
    expect(stored().some((e) => e.name === abandoned)).toBe(false);
    expect((await serve(recent, a.token)).statusCode).toBe(200);
    expect((await serve(attached, admin)).statusCode).toBe(200);
  });
});
