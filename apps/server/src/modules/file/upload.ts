import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream';
import type { fileApi } from '@siteops/contracts/api/file';
import { Code } from '@siteops/contracts/envelope';
import { files } from '../../db/schema/index.ts';
import { ApiError, badRequest, fieldError } from '../../http/errors.ts';
import type { Handler } from '../../http/endpoint.ts';
import { ImageSniffer, NotAnImageError } from './sniff.ts';
import { t } from '../../http/messages/index.ts';

const tooLarge = (limit: number) =>
  new ApiError(413, Code.payloadTooLarge, t('file.tooLarge', { kb: Math.floor(limit / 1024) }));

/**
 * One multipart part `file`, streamed (never buffered) through a signature check and SHA-256 into
 * the Storage. The caller owns the file until a user record takes it.
 */
export const uploadImage: Handler<typeof fileApi.upload> = async (c, { kind }) => {
  const { db, config, storage, fileUrls, request } = c;
  const actor = c.user;
  if (!request.isMultipart()) throw badRequest(t('file.notMultipart'), { file: t('file.required') });
  const part = await request.file({ limits: { fileSize: config.uploadMaxBytes } });
  if (!part) throw badRequest(t('file.missing'), { file: t('file.missing.field') });
  const id = randomUUID();
  const sniffer = new ImageSniffer();
  // pipeline() carries an error of the upload stream (too large, aborted) into the sniffer,
  // so the storage write fails and leaves nothing behind.
  const body = pipeline(part.file, sniffer, () => {});
  try {
    await storage.put(id, body);
  } catch (err) {
    part.file.resume();
    if (err instanceof NotAnImageError) throw fieldError('file', t('file.notImage'));
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || part.file.truncated) {
      throw tooLarge(config.uploadMaxBytes);
    }
    throw err;
  }
  if (part.file.truncated) {
    await storage.delete(id);
    throw tooLarge(config.uploadMaxBytes);
  }
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
