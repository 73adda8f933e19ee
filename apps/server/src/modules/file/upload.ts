import { randomUUID } from 'node:crypto';
import type { fileApi } from '@siteops/contracts/file/api';
import { files } from '../../db/schema/index.ts';
import { fieldError } from '../../core/errors.ts';
import { filePart, fileTooLarge, storeUpload } from '../../http/upload.ts';
import type { Handler } from '../../http/endpoint.ts';
import { ImageSniffer, NotAnImageError } from './sniff.ts';
import { t } from '../../core/messages/index.ts';

/**
 * One multipart part `file`, streamed (never buffered) through a signature check and SHA-256 into
 * the Storage. The caller owns the file until a user record takes it.
 */
export const uploadImage: Handler<typeof fileApi.upload> = async (c, { kind }) => {
  const { db, config, storage, fileUrls, request } = c;
  const actor = c.user;
  const part = await filePart(request, config.uploadMaxBytes, t('file.notMultipart'));
  const id = randomUUID();
  const sniffer = new ImageSniffer();
  await storeUpload(storage, id, part, sniffer, {
    tooLarge: () => fileTooLarge(config.uploadMaxBytes),
    refusal: (err) => (err instanceof NotAnImageError ? fieldError('file', t('file.notImage')) : undefined),
  });
  const row = { id, kind, mime: sniffer.mime!, size: sniffer.size, sha256: sniffer.sha256 };
  try {
    await db.transaction(async (tx) => {
      await tx.insert(files).values({ ...row, ownerId: actor.id, uploaderId: actor.id });
      await c.audit(
        { action: 'file.upload', targetType: 'file', targetId: id, detail: { kind, mime: row.mime, size: row.size } },
        tx,
      );
    });
  } catch (err) {
    await storage.delete(id);
    throw err;
  }
  return { ...row, url: fileUrls.url(id) };
};
