import { eq } from 'drizzle-orm';
import type { labourApi } from '@siteops/contracts/labour/api';
import type { Db } from '../../db/client.ts';
import { labourCertificates, labourWorkers } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { fieldError } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';
import { FACE_PHOTO_BASE, isFreeFacePhoto, storeFacePhoto } from '../visitor/personnel.ts';

/** A worker's face photo: checked and stored as a visitor's (JPEG or PNG, 100-4096 px a side), until a worker takes it. */
export const postPhoto: Handler<typeof labourApi.postPhoto> = async (c) => {
  const row = await storeFacePhoto(c, c.user.id);
  return { ...row, url: c.fileUrls.url(row.id, Date.now(), FACE_PHOTO_BASE) };
};

/**
 * A photo the caller uploaded (null: a self-registering phone) that no visitor, other worker or certificate has (or the one this worker or
 * certificate already has); anything else is a 400 naming photo, so nobody attaches a photo they have not
 * seen. A certificate's card photo is uploaded and checked as a face photo is (JPEG or PNG, 100-4096 px).
 */
export async function assertUsablePhoto(db: Db, callerId: number | null, photoId: string, current: string | null) {
  if (photoId === current) return;
  const otherUses = [
    db.select({ id: labourWorkers.id }).from(labourWorkers).where(eq(labourWorkers.photo, photoId)),
    db.select({ id: labourCertificates.id }).from(labourCertificates).where(eq(labourCertificates.photo, photoId)),
  ];
  if (!(await isFreeFacePhoto(db, callerId, photoId, otherUses))) throw fieldError('photo', t('labour.unknownPhoto'));
}

/** A worker's photo as a signed URL for <img src>. */
export const photoUrlOf = (fileUrls: { url(id: string, now: number, base: string): string }, photo: string | null) =>
  photo ? fileUrls.url(photo, Date.now(), FACE_PHOTO_BASE) : null;
