import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { and, eq, lt, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { visitorApi } from '@siteops/contracts/visitor/api';
import { VISITOR_PHOTO_MAX_PX, VISITOR_PHOTO_MIN_PX } from '@siteops/contracts/visitor/schemas';
import type { Db } from '../../db/client.ts';
import { visitorPhotos } from '../../db/schema/index.ts';
import type { Storage } from '../../storage/storage.ts';
import { StorageNotFoundError } from '../../storage/storage.ts';
import type { Handler, HandlerContext } from '../../http/endpoint.ts';
import { fieldError, notFoundOf, mustExist } from '../../core/errors.ts';
import { filePart, fileTooLarge, overLimit } from '../../http/upload.ts';
import { imageHeader } from '../../http/imageHeader.ts';
import { checkUploadQuota } from '../../http/uploadQuota.ts';
import { t } from '../../core/messages/index.ts';

export const PHOTO_BASE = '/api/visitor/photo/';

/** Width and height of a JPEG or PNG (what face terminals take), by its decoded header; null otherwise. */
export function imageSize(buf: Buffer): { mime: 'image/jpeg' | 'image/png'; width: number; height: number } | null {
  const header = imageHeader(buf);
  return header && header.mime !== 'image/webp' ? { ...header, mime: header.mime } : null;
}

/**
 * A face photo for a visitor: one multipart part `file`, at most UPLOAD_MAX_BYTES, checked by its
 * content (JPEG or PNG, what face terminals take, and face-sized: 100-4096 px a side). Read whole, since
 * the size check needs the header and a photo is small; stored until a visitor takes it (or swept).
 * `uploaderId` null: a self-registering visitor's (only a self-registration may then take it).
 */
export async function storePhoto(c: HandlerContext, uploaderId: number | null) {
  const { db, config, storage, request } = c;
  if (uploaderId !== null) await checkUploadQuota(db, uploaderId, config.uploadDailyMaxBytes);
  const part = await filePart(request, config.uploadMaxBytes, t('file.notMultipart'));
  let buf: Buffer;
  try {
    buf = await part.toBuffer();
  } catch (err) {
    if (overLimit(err)) throw fileTooLarge(config.uploadMaxBytes);
    throw err;
  }
  const size = imageSize(buf);
  if (!size) throw fieldError('file', t('visitor.photoType'));
  const { width, height } = size;
  if ([width, height].some((px) => px < VISITOR_PHOTO_MIN_PX || px > VISITOR_PHOTO_MAX_PX)) {
    throw fieldError(
      'file',
      t('visitor.photoSize', { min: VISITOR_PHOTO_MIN_PX, max: VISITOR_PHOTO_MAX_PX, width, height }),
    );
  }
  if (uploaderId !== null) await checkUploadQuota(db, uploaderId, config.uploadDailyMaxBytes, buf.length);
  const id = randomUUID();
  const row = {
    id,
    mime: size.mime,
    size: buf.length,
    width,
    height,
    sha256: createHash('sha256').update(buf).digest('hex'),
  };
  await storage.put(id, Readable.from([buf]));
  try {
    await db.transaction(async (tx) => {
      await tx.insert(visitorPhotos).values({ ...row, uploaderId });
      await c.audit(
        { action: 'visitor.photo', targetType: 'visitorPhoto', targetId: id, detail: { size: buf.length } },
        tx,
      );
    });
  } catch (err) {
    await storage.delete(id);
    throw err;
  }
  return row;
}

export const postAvatar: Handler<typeof visitorApi.postAvatar> = async (c) => {
  const row = await storePhoto(c, c.user.id);
  return { ...row, url: c.fileUrls.url(row.id, Date.now(), PHOTO_BASE) };
};

/**
 * Photo bytes by photo id, recently served first. Publishing sends every terminal of a site the same
 * photos in about the same order (10,000 visitors to 100 terminals: a million downloads of 10,000
 * files), so the bytes are read from storage once, not once per terminal: `fetch` also joins the
 * senders that ask for a photo while it is being read. A photo's bytes never change under its id; a
 * deleted photo is refused by its row before the cache is asked.
 */
const photoBytes = new LRUCache<string, Buffer, Storage>({
  maxSize: 64 * 1024 * 1024,
  maxEntrySize: 4 * 1024 * 1024,
  sizeCalculation: (buf) => buf.length || 1,
  fetchMethod: async (id, _stale, { context: storage }) => {
    try {
      return await buffer(await storage.get(id));
    } catch (err) {
      if (err instanceof StorageNotFoundError) throw notFoundOf('Photo');
      throw err;
    }
  },
});

/** Photos in base64 for `persons.add` (`photo.data`): encoded once, sent to every terminal. */
const photoBase64 = new LRUCache<string, string, Storage>({
  maxSize: 64 * 1024 * 1024,
  sizeCalculation: (text) => text.length || 1,
  fetchMethod: async (id, _stale, { context: storage }) => (await readPhoto(storage, id)).toString('base64'),
});

/** A photo's bytes in base64, to send inside a device command. */
export async function inlinePhoto(storage: Storage, id: string): Promise<string> {
  return photoBase64.get(id) ?? (await photoBase64.fetch(id, { context: storage }))!;
}

async function readPhoto(storage: Storage, id: string): Promise<Buffer> {
  return (await photoBytes.fetch(id, { context: storage }))!;
}

/** A photo through the signed URL a visitor answer carries; anything else is the same 404. */
export const servePhoto: Handler<typeof visitorApi.photo> = async (c, { id, exp, sig }) => {
  const { db, storage, fileUrls, reply } = c;
  if (exp === undefined || !sig || !fileUrls.verify(id, exp, sig)) throw notFoundOf('Photo');
  const [row] = await db.select().from(visitorPhotos).where(eq(visitorPhotos.id, id));
  const photo = mustExist(row, 'Photo');
  const bytes = await readPhoto(storage, photo.id);
  return reply
    .type(photo.mime)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', 'inline')
    .send(bytes);
};

/** Photos nobody took within a day (a form cancelled after its upload), and those of deleted visitors, workers and certificates. */
export async function sweepPhotos(db: Db, storage: Storage, graceMs = 24 * 3_600_000): Promise<string[]> {
  const cutoff = new Date(Date.now() - graceMs);
  const gone = await db
    .delete(visitorPhotos)
    .where(
      and(
        lt(visitorPhotos.createdAt, cutoff),
        sql`not exists (select 1 from visitors v where v.avatar = ${visitorPhotos.id})`,
        // A worker's face (the labour register) is kept as long as the worker points at it.
        sql`not exists (select 1 from labour_workers w where w.photo = ${visitorPhotos.id})`,
        // So is the photo of a worker's certificate card.
        sql`not exists (select 1 from labour_certificates c where c.photo = ${visitorPhotos.id})`,
      ),
    )
    .returning({ id: visitorPhotos.id });
  for (const { id } of gone) {
    photoBytes.delete(id);
    photoBase64.delete(id);
    await storage.delete(id);
  }
  return gone.map((g) => g.id);
}
