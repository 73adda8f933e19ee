import type { labourApi } from '@siteops/contracts/labour/api';
import type { addWorkerBody, WorkerIdType } from '@siteops/contracts/labour/schemas';
import { labourWorkers } from '../../db/schema/index.ts';
import type { z } from 'zod';
import type { Handler, HandlerContext } from '../../http/endpoint.ts';
import { uniqueOr409, updateReturningBefore } from '../../db/crud.ts';
import { t } from '../../core/messages/index.ts';
import { auditChanges, changeSet, decrypted } from '../audit/record.ts';
import { assertIdUsable, assertPartsInProject, assertStatusAndDates, identityOf, todayAt } from './rules.ts';
import { loadLabourProject, loadWorkerInScope, settingsOf } from './service.ts';
import type { WorkerGates } from './gate.ts';
import { assertUsablePhoto } from './postPhoto.ts';
import { recheckCertificateBars, workersIn } from './certificateGate.ts';

const DUPLICATE = { field: 'idNo', message: t('labour.duplicateId', { name: '' }) };

/**
 * Register a worker in a project the caller manages: the ID number encrypted with its keyed hash; a
 * mainland number checked and read for gender and birth date; refused when already in the project or
 * blacklisted on another project of the same agent. An on-site worker is enrolled on the project's
 * face terminals.
 */
export const addWorker =
  (gates: WorkerGates): Handler<typeof labourApi.add> =>
  (c, body) =>
    registerWorker(c, gates, body, c.user.id);

/**
 * The one write path of a new worker (the form, and an approved self-registration, selfRegDecide.ts):
 * `photoOwner` is who must have uploaded the photo (null: a phone's, already held by its application).
 */
export async function registerWorker(
  c: HandlerContext,
  gates: WorkerGates,
  body: z.output<typeof addWorkerBody>,
  photoOwner: number | null,
) {
  const { db, pii } = c;
  const project = await loadLabourProject(db, c.caller, body.projectId);
  const identity = identityOf(body.idType, body.idNo, body);
  const idNoHash = pii.searchHash(body.idNo);
  await assertIdUsable(db, project, idNoHash);
  await assertPartsInProject(db, project.id, body);
  if (body.photo) await assertUsablePhoto(db, photoOwner, body.photo, null);
  const status = body.status ?? 'on_site';
  const settings = await settingsOf(db, project.id);
  const exitDate = body.exitDate ?? (status === 'left' ? todayAt(settings.utcOffsetMinutes) : null);
  const row = {
    status,
    blacklistReason: body.blacklistReason ?? null,
    entryDate: body.entryDate,
    exitDate,
  };
  assertStatusAndDates(row);
  const added = await uniqueOr409(
    () =>
      db.transaction(async (tx) => {
        const [{ id }] = await tx
          .insert(labourWorkers)
          .values({
            ...row,
            projectId: project.id,
            realName: body.realName,
            idType: body.idType,
            idNo: pii.encrypt(body.idNo, 'labour_workers.id_no'),
            idNoHash,
            phone: body.phone,
            ...identity,
            teamId: body.teamId ?? null,
            trade: body.trade,
            subcontractorId: body.subcontractorId ?? null,
            emergencyContact: body.emergencyContact ?? null,
            emergencyPhone: body.emergencyPhone ?? null,
            bankCardNo: body.bankCardNo ? pii.encrypt(body.bankCardNo, 'labour_workers.bank_card_no') : null,
            photo: body.photo ?? null,
            createdId: c.user.id,
            updatedId: c.user.id,
          })
          .returning({ id: labourWorkers.id });
        await recheckCertificateBars(tx, gates, workersIn([id]));
        await gates.mark(tx, [id]);
        await c.audit({ action: 'labour.add', targetType: 'worker', targetId: id, detail: changeSet(body) }, tx);
        return { id };
      }),
    DUPLICATE,
  );
  return added;
}

/**
 * Change a worker in the caller's scope (404 outside it): only the fields sent. Leaving sets the exit
 * date (today when none is given); blacklisting needs a reason. A changed ID number is checked as on
 * registration. The terminals learn of it (a worker who left or is blacklisted is removed from them).
 */
export const updateWorker =
  (gates: WorkerGates): Handler<typeof labourApi.update> =>
  async (c, { id, ...patch }) => {
    const { db, pii } = c;
    const current = await loadWorkerInScope(db, c.caller, id);
    const project = await loadLabourProject(db, c.caller, current.projectId);
    const idType = (patch.idType ?? current.idType) as WorkerIdType;
    const set: Partial<typeof labourWorkers.$inferInsert> = Object.fromEntries(
      Object.entries(patch).filter(
        ([k, v]) => v !== undefined && k !== 'idNo' && k !== 'gender' && k !== 'birthDate' && k !== 'bankCardNo',
      ),
    );
    if (patch.bankCardNo !== undefined) {
      set.bankCardNo = patch.bankCardNo ? pii.encrypt(patch.bankCardNo, 'labour_workers.bank_card_no') : null;
    }
    const idNo =
      patch.idNo ?? (patch.idType !== undefined ? pii.decrypt(current.idNo, 'labour_workers.id_no') : undefined);
    if (idNo !== undefined) {
      const idNoHash = pii.searchHash(idNo);
      Object.assign(
        set,
        identityOf(idType, idNo, {
          gender: patch.gender ?? current.gender,
          birthDate: patch.birthDate ?? current.birthDate,
        }),
      );
      if (idNoHash !== current.idNoHash) {
        await assertIdUsable(db, project, idNoHash, id);
        set.idNo = pii.encrypt(idNo, 'labour_workers.id_no');
        set.idNoHash = idNoHash;
      }
    } else if (idType !== 'mainland') {
      if (patch.gender !== undefined) set.gender = patch.gender;
      if (patch.birthDate !== undefined) set.birthDate = patch.birthDate;
    }
    await assertPartsInProject(db, project.id, patch);
    if (patch.photo) await assertUsablePhoto(db, c.user.id, patch.photo, current.photo);
    const status = patch.status ?? current.status;
    if (status === 'left' && current.status !== 'left' && patch.exitDate === undefined && !current.exitDate) {
      set.exitDate = todayAt((await settingsOf(db, project.id)).utcOffsetMinutes);
    }
    if (status !== 'blacklisted' && patch.blacklistReason === undefined) set.blacklistReason = null;
    assertStatusAndDates({
      status,
      blacklistReason: set.blacklistReason !== undefined ? set.blacklistReason : current.blacklistReason,
      entryDate: patch.entryDate ?? current.entryDate,
      exitDate: set.exitDate !== undefined ? set.exitDate : current.exitDate,
    });
    await uniqueOr409(
      () =>
        db.transaction(async (tx) => {
          const before = await updateReturningBefore(tx, labourWorkers, id, { ...set, updatedId: c.user.id });
          await recheckCertificateBars(tx, gates, workersIn([id]));
          await gates.mark(tx, [id]);
          // Compared in clear: the numbers as sent, the stored ones decrypted.
          const written = {
            ...set,
            ...(set.idNo !== undefined && { idNo }),
            ...(set.bankCardNo !== undefined && { bankCardNo: patch.bankCardNo || null }),
          };
          const plainBefore = decrypted(pii, before, {
            idNo: 'labour_workers.id_no',
            bankCardNo: 'labour_workers.bank_card_no',
          });
          const detail = changeSet(patch, { realName: current.realName, changes: auditChanges(plainBefore, written) });
          await c.audit({ action: 'labour.update', targetType: 'worker', targetId: id, detail }, tx);
        }),
      DUPLICATE,
    );
    return null;
  };
