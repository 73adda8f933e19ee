import { describe, expect, it } from 'vitest';
import { fileTestAppOnDisk, injectOf, storedFiles } from '../../../test/harness.ts';
import { createSignedInUser, inChinese, PNG, upload } from '../../../test/fixtures.ts';
import { faceJpeg, postPhoto } from '../visitor/testkit.ts';
import { files, visitorPhotos } from '../../db/schema/index.ts';
import { fileApi } from '@siteops/contracts/file/api';

const QUOTA = 1000;
const { t, admin } = await fileTestAppOnDisk('siteops-quota-', { UPLOAD_DAILY_MAX_BYTES: String(QUOTA) });

/** A real PNG of `size` bytes (trailing bytes after IEND are kept as sent). */
const pngOf = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);
const kept = async () => ({
  bytes: storedFiles(t.dataDir).length,
  rows: (await t.database.db.select().from(files)).length + (await t.database.db.select().from(visitorPhotos)).length,
});

describe('UPLOAD_DAILY_MAX_BYTES: a per-user upload quota over 24 hours', () => {
  it('refuses the upload that would pass it with a 429 envelope in the caller’s language, keeping nothing', async () => {
    const [, user] = await createSignedInUser(t, admin, { role: 'user' });
    expect((await upload(t, user, 'avatar', pngOf(400))).status).toBe(200);
    expect((await upload(t, user, 'avatar', pngOf(400))).status).toBe(200);
    const before = await kept();
    const refused = await upload(t, user, 'avatar', pngOf(400));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 42900 });
    expect(refused.body.msg).toContain('last 24 hours');
    // Until the oldest upload of the window leaves it, a day after it was made.
    expect(Date.parse(refused.body.data.retryAt) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    expect(await kept()).toEqual(before);
    // What still fits is taken; the next is refused in Chinese for a Chinese caller.
    expect((await upload(t, user, 'avatar', pngOf(130))).status).toBe(200);
    expect((await upload(t, user, 'avatar', pngOf(70))).status).toBe(200); // exactly the quota
    // At the quota, an upload is refused before its body is read.
    const zh = await t.call({
      ...injectOf(fileApi.upload, { kind: 'avatar' }, inChinese(user)),
      payload: undefined,
    });
    expect(zh.status).toBe(429);
    expect(zh.body.msg).toMatch(/24 小时内上传的图片已达上限/);
  });

  it('counts per user, and counts visitor face photos too', async () => {
    // The admin uploaded the other user's four images (4 x 67 bytes); a face photo of a few KB passes the rest,
    // while the user who used up its own quota has no bearing on the admin's.
    const photo = faceJpeg();
    expect(photo.length).toBeGreaterThan(QUOTA);
    const before = await kept();
    const res = await postPhoto(t, admin, photo);
    expect(res.status).toBe(429);
    expect(res.body.code).toBe(42900);
    expect(await kept()).toEqual(before);
    expect((await upload(t, admin, 'avatar', pngOf(100))).status).toBe(200);
  });
});
