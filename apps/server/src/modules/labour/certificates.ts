import { and, desc, eq, inArray } from 'drizzle-orm';
import type { labourApi } from '@siteops/contracts/labour/api';
import {
  TRADE_REQUIRED_CERTIFICATES,
  certificateStateOf,
  type CertificateItem,
  type CertificateType,
} from '@siteops/contracts/labour/certificates';
import type { LabourTrade } from '@siteops/contracts/labour/schemas';
import { labourCertificates, type LabourCertificateRow } from '../../db/schema/index.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';
import { uniqueOr409, updateReturningBefore } from '../../db/crud.ts';
import { allFoundOr404 } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';
import { auditChanges, changeSet } from '../audit/record.ts';
import type { WorkerGates } from './gate.ts';
import { recheckCertificateBars, workersIn } from './certificateGate.ts';
import { assertUsablePhoto, photoUrlOf } from './postPhoto.ts';
import { todayAt } from './rules.ts';
import { loadInScope, loadWorkerInScope, settingsOf } from './service.ts';

/**
 * Workers' certificates (issue 35): what a worker holds, each valid, expiring or expired on its
 * project's today; adding, changing or deleting one works out again whether the worker is kept off the
 * face terminals (certificateGate.ts), in the same transaction.
 */

const DUPLICATE = { field: 'number', message: t('labour.duplicateCertificate') };

const requiredFor = (trade: string, type: string) =>
  (TRADE_REQUIRED_CERTIFICATES[trade as LabourTrade] ?? []).includes(type as CertificateType);

function toItem(
  row: LabourCertificateRow,
  trade: string,
  today: string,
  fileUrls: Parameters<typeof photoUrlOf>[0],
): CertificateItem {
  const state = certificateStateOf(row.validUntil, today);
  return {
    id: row.id,
    workerId: row.workerId,
    projectId: row.projectId,
    type: row.type as CertificateType,
    number: row.number,
    issuedBy: row.issuedBy,
    validUntil: row.validUntil,
    // A certificate that is there is never "missing".
    state: state === 'missing' ? 'expired' : state,
    required: requiredFor(trade, row.type),
    photo: row.photo,
    photoUrl: photoUrlOf(fileUrls, row.photo),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A worker's certificates (404 outside the caller's projects), latest valid-until first, and its required one's state. */
export const listCertificates: Handler<typeof labourApi.certificates> = async (c, { id }) => {
  const worker = await loadWorkerInScope(c.db, c.caller, id);
  const today = todayAt((await settingsOf(c.db, worker.projectId)).utcOffsetMinutes);
  const rows = await c.db
    .select()
    .from(labourCertificates)
    .where(eq(labourCertificates.workerId, worker.id))
    .orderBy(desc(labourCertificates.validUntil), desc(labourCertificates.id));
  const list = rows.map((r) => toItem(r, worker.trade, today, c.fileUrls));
  const accepted = list.filter((x) => x.required).map((x) => x.validUntil);
  const certificateState =
    worker.trade in TRADE_REQUIRED_CERTIFICATES
      ? certificateStateOf(accepted.length ? accepted.reduce((a, b) => (a > b ? a : b)) : null, today)
      : null;
  return { workerId: worker.id, certificateState, list };
};

/** Add a certificate to a worker of the caller's projects; the same type and number twice is a 409. */
export const addCertificate =
  (gates: WorkerGates): Handler<typeof labourApi.addCertificate> =>
  async (c, body) => {
    const { db } = c;
    const worker = await loadWorkerInScope(db, c.caller, body.workerId);
    if (body.photo) await assertUsablePhoto(db, c.user.id, body.photo, null);
    return uniqueOr409(
      () =>
        db.transaction(async (tx) => {
          const [{ id }] = await tx
            .insert(labourCertificates)
            .values({
              projectId: worker.projectId,
              workerId: worker.id,
              type: body.type,
              number: body.number,
              issuedBy: body.issuedBy ?? null,
              validUntil: body.validUntil,
              photo: body.photo ?? null,
              createdId: c.user.id,
              updatedId: c.user.id,
            })
            .returning({ id: labourCertificates.id });
          await recheckCertificateBars(tx, gates, workersIn([worker.id]));
          await c.audit(
            {
              action: 'labour.addCertificate',
              targetType: 'certificate',
              targetId: id,
              detail: changeSet(body, { realName: worker.realName }),
            },
            tx,
          );
          return { id };
        }),
      DUPLICATE,
    );
  };

/** Change a certificate of a worker of the caller's projects (404 outside them): only the fields sent. */
export const updateCertificate =
  (gates: WorkerGates): Handler<typeof labourApi.updateCertificate> =>
  async (c, { id, ...patch }) => {
    const { db } = c;
    const current = await loadInScope(db, c.caller, labourCertificates, id, 'Certificate');
    if (patch.photo) await assertUsablePhoto(db, c.user.id, patch.photo, current.photo);
    const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    await uniqueOr409(
      () =>
        db.transaction(async (tx) => {
          const before = await updateReturningBefore(tx, labourCertificates, id, {
            ...set,
            updatedId: c.user.id,
            updatedAt: new Date(),
          });
          await recheckCertificateBars(tx, gates, workersIn([current.workerId]));
          await c.audit(
            {
              action: 'labour.updateCertificate',
              targetType: 'certificate',
              targetId: id,
              detail: changeSet(patch, { number: current.number, changes: auditChanges(before, set) }),
            },
            tx,
          );
        }),
      DUPLICATE,
    );
    return null;
  };

/** Delete certificates of workers of the caller's projects, all or none; their workers' bars are worked out again. */
export const deleteCertificates =
  (gates: WorkerGates): Handler<typeof labourApi.deleteCertificate> =>
  async (c, { ids }) => {
    const unique = [...new Set(ids)];
    await c.db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: labourCertificates.id,
          workerId: labourCertificates.workerId,
          type: labourCertificates.type,
          number: labourCertificates.number,
        })
        .from(labourCertificates)
        .where(and(inArray(labourCertificates.id, unique), scope.labour(c.caller, labourCertificates.projectId)))
        .for('update');
      allFoundOr404('Certificate', unique, rows);
      await tx.delete(labourCertificates).where(inArray(labourCertificates.id, unique));
      await recheckCertificateBars(tx, gates, workersIn(rows.map((r) => r.workerId)));
      for (const { id, ...detail } of rows) {
        await c.audit({ action: 'labour.deleteCertificate', targetType: 'certificate', targetId: id, detail }, tx);
      }
    });
    return { deleted: unique.length };
  };
