import { pipeline, type Transform } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { Storage } from '../storage/storage.ts';
import { badRequest, payloadTooLarge, type ApiError } from '../core/errors.ts';
import { t, type Text } from '../core/messages/index.ts';

/** The 413 of a file (an image, a photo) past `limit` bytes, saying the limit in KB. */
export const fileTooLarge = (limit: number) => payloadTooLarge(t('file.tooLarge', { kb: Math.floor(limit / 1024) }));

/** Whether a multipart read failed because the part passed its size limit. */
export const overLimit = (err: unknown) => (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * The request's file part, to be read under `limit` bytes: a request that is not multipart is the 400
 * saying `notMultipart`, one without a file part the 400 naming the missing file.
 */
export async function filePart(request: FastifyRequest, limit: number, notMultipart: Text): Promise<MultipartFile> {
  if (!request.isMultipart()) throw badRequest(notMultipart, { file: t('file.required') });
  const part = await request.file({ limits: { fileSize: limit } });
  if (!part) throw badRequest(t('file.missing'), { file: t('file.missing.field') });
  return part;
}

/**
 * Stream an upload into the Storage under `key` through `check` (digests, a content sniffer), never
 * buffered. Past the part's limit it answers `tooLarge()` and leaves nothing stored; a failure that
 * `refusal` explains (the sniffer's verdict) answers that; any other is thrown as it came.
 */
export async function storeUpload(
  storage: Storage,
  key: string,
  part: MultipartFile,
  check: Transform,
  answers: { tooLarge: () => ApiError; refusal?: (err: unknown) => ApiError | undefined },
): Promise<void> {
  // pipeline() carries an error of the upload stream (too large, aborted) into `check`, so the storage
  // write fails and leaves nothing behind.
  const body = pipeline(part.file, check, () => {});
  try {
    await storage.put(key, body);
  } catch (err) {
    part.file.resume();
    const refused = answers.refusal?.(err);
    if (refused) throw refused;
    if (overLimit(err) || part.file.truncated) throw answers.tooLarge();
    throw err;
  }
  if (part.file.truncated) {
    await storage.delete(key);
    throw answers.tooLarge();
  }
}
