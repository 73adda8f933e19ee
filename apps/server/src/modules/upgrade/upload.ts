import { randomUUID } from 'node:crypto';
import type { upgradeApi } from '@siteops/contracts/upgrade/api';
import { isStorableText } from '@siteops/contracts/shared/text';
import { upgradePackages } from '../../db/schema/index.ts';
import { fieldError, payloadTooLarge, type ApiError } from '../../core/errors.ts';
import { filePart, storeUpload } from '../../http/upload.ts';
import type { Handler } from '../../http/endpoint.ts';
import { t } from '../../core/messages/index.ts';
import { Digests } from './digests.ts';
import { toUpgradeItem } from './view.ts';

const tooLarge = (limit: number) =>
  payloadTooLarge(t('upgrade.tooLarge', { mb: Math.floor(limit / 1024 / 1024) || 1 }));

/** The name the browser sent, without any path, control characters or what the database cannot keep. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '')
    .split(/[/\\]/)
    .pop()!
    // eslint-disable-next-line no-control-regex -- control characters are exactly what goes
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255);
  return base && isStorableText(base) ? base : 'firmware.bin';
}

/**
 * One multipart part `file`, streamed through the three digests into the Storage (never buffered).
 * Too large, empty, or a given checkSum that does not match: the stored bytes are removed and no row
 * is written, so a refused upload leaves nothing behind.
 */
export const uploadPackage: Handler<typeof upgradeApi.upload> = async (c, q) => {
  const { db, config, storage, request } = c;
  const limit = config.upgradeMaxBytes;
  const part = await filePart(request, limit, t('upgrade.notMultipart'));
  const key = `fw-${randomUUID()}`;
  const digests = new Digests();
  await storeUpload(storage, key, part, digests, { tooLarge: () => tooLarge(limit) });
  const refuse = async (error: ApiError) => {
    await storage.delete(key);
    return error;
  };
  if (digests.size === 0) throw await refuse(fieldError('file', t('upgrade.empty')));
  const sums = digests.hex();
  if (q.checkSum && q.checkSum !== sums[q.checkType]) {
    throw await refuse(
      fieldError(
        'checkSum',
        t('upgrade.checksumMismatch', { type: q.checkType, actual: sums[q.checkType], given: q.checkSum }),
      ),
    );
  }
  const values = {
    fileName: cleanFileName(part.filename),
    fileVersion: q.fileVersion,
    fileSize: digests.size,
    checkType: q.checkType,
    md5: sums.MD5,
    sha1: sums.SHA1,
    sha256: sums.SHA256,
    storageKey: key,
    deviceTypes: q.deviceTypes,
    minVersion: q.minVersion ?? null,
    releaseNotes: q.releaseNotes ?? null,
    createdId: c.user.id,
    updatedId: c.user.id,
  };
  try {
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx.insert(upgradePackages).values(values).returning();
      const { fileName, fileVersion, fileSize, checkType, sha256, deviceTypes } = values;
      const detail = { fileName, fileVersion, fileSize, checkType, sha256, deviceTypes };
      await c.audit({ action: 'upgrade.upload', targetType: 'upgrade', targetId: inserted.id, detail }, tx);
      return inserted;
    });
    return toUpgradeItem({ ...row, openRollouts: 0 });
  } catch (err) {
    await storage.delete(key);
    throw err;
  }
};
