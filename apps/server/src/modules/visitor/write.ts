import type { KeyObject } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { visitorApi } from '@siteops/contracts/visitor/api';
import type { addVisitorBody, VisitorOptionalField } from '@siteops/contracts/visitor/schemas';
import type { Pii } from '../../crypto/pii.ts';
import { visitorPhotos, visitors, type VisitorConfigRow, type VisitorRow } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { updateReturningBefore } from '../../db/crud.ts';
import { fieldError } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';
import { auditChanges, changeSet, decrypted } from '../audit/record.ts';
import { markVisitors } from './gate.ts';
import type { GateSync } from './gateSync.ts';
import { passOf, signPass } from './pass.ts';
import {
  assertHostInProject,
  assertUsablePhoto,
  configOf,
  loadProjectForVisitors,
  loadVisitorInScope,
} from './service.ts';

type Fields = Partial<z.output<typeof addVisitorBody>>;

/** The columns a body sets: the ID number encrypted, with its keyed hash for exact search. */
function columnsOf(body: Fields, pii: Pii): Partial<typeof visitors.$inferInsert> {
  const { idNo, ...plain } = body;
  const values: Partial<typeof visitors.$inferInsert> = Object.fromEntries(
    Object.entries(plain).filter(([, v]) => v !== undefined),
  );
  if (idNo !== undefined) {
    values.idNo = idNo === null ? null : pii.encrypt(idNo, 'visitors.id_no');
    values.idNoHash = idNo === null ? null : pii.searchHash(idNo);
  }
  return values;
}

/** The fields the project's configuration makes required, each a 400 naming it when missing. */
function assertConfiguredFields(config: VisitorConfigRow | undefined, body: Fields) {
  for (const field of (config?.requiredFields ?? []) as VisitorOptionalField[]) {
    const value = body[field];
    if (value === undefined || value === null) throw fieldError(field, t('visitor.requiredByConfig'));
  }
}

const endAfterStart = (start: Date, end: Date) => {
  if (end <= start) throw fieldError('visitEnd', t('field.after', { field: 'visitEnd', other: 'visitStart' }));
};

/**
 * Register a visitor in a project the caller may manage. It waits for an audit (`new`), unless the
 * project's published configuration passes visits automatically: then it is `valid` with its pass at once.
 */
export const addVisitor =
  (passKey: KeyObject, gate: Pick<GateSync, 'kick'>): Handler<typeof visitorApi.add> =>
  async (c, body) => {
    const { db, pii } = c;
    const project = await loadProjectForVisitors(db, c.caller, body.projectId);
    const config = await configOf(db, project.id);
    assertConfiguredFields(config, body);
    if (body.userId != null) await assertHostInProject(db, body.userId, project.id);
    if (body.avatar) await assertUsablePhoto(db, c.user.id, body.avatar, null);
    const auto = config?.autoApprove === true && body.visitEnd > new Date();
    const added = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(visitors)
        .values({
          ...columnsOf(body, pii),
          projectId: project.id,
          realName: body.realName,
          phone: body.phone,
          visitStart: body.visitStart,
          visitEnd: body.visitEnd,
          status: auto ? 'valid' : 'new',
          auditedAt: auto ? new Date() : null,
          createdId: c.user.id,
          updatedId: c.user.id,
        })
        .returning();
      if (auto) {
        await tx
          .update(visitors)
          .set({ qrCode: signPass(passKey, passOf(row)) })
          .where(eq(visitors.id, row.id));
        await markVisitors(tx, [row.id]);
      }
      const detail = changeSet(body, { autoApproved: auto });
      await c.audit({ action: 'visitor.add', targetType: 'visitor', targetId: row.id, detail }, tx);
      return { id: row.id };
    });
    if (auto) gate.kick();
    return added;
  };

/** Whether a change alters who visits or when, which the last audit did not see. */
function changesWhoOrWhen(current: VisitorRow, patch: Fields, pii: Pii): boolean {
  const differs = <K extends 'realName' | 'avatar' | 'projectId'>(k: K) =>
    patch[k] !== undefined && patch[k] !== current[k];
  const time = (k: 'visitStart' | 'visitEnd') => patch[k] !== undefined && patch[k].getTime() !== current[k].getTime();
  const idNo =
    patch.idNo !== undefined && (patch.idNo === null ? null : pii.searchHash(patch.idNo)) !== current.idNoHash;
  return (
    differs('realName') || differs('avatar') || differs('projectId') || time('visitStart') || time('visitEnd') || idNo
  );
}

/**
 * Change a visitor in the caller's scope (404 outside it). Re-audit rule: changing who visits (name, ID
 * number, photo), where (project) or when (visit window) of an audited visitor sends it back to pending
 * approval and withdraws its pass; other fields (phone, reasons, host, address, sex) keep the audit.
 */
export const updateVisitor =
  (gate: Pick<GateSync, 'kick'>): Handler<typeof visitorApi.update> =>
  async (c, { id, ...patch }) => {
    const { db, pii, storage } = c;
    const current = await loadVisitorInScope(db, c.caller, id);
    if (patch.projectId !== undefined && patch.projectId !== current.projectId) {
      await loadProjectForVisitors(db, c.caller, patch.projectId);
    }
    const projectId = patch.projectId ?? current.projectId;
    endAfterStart(patch.visitStart ?? current.visitStart, patch.visitEnd ?? current.visitEnd);
    const hostId = patch.userId !== undefined ? patch.userId : current.userId;
    if (hostId !== null && (patch.userId !== undefined || projectId !== current.projectId)) {
      await assertHostInProject(db, hostId, projectId);
    }
    if (patch.avatar) await assertUsablePhoto(db, c.user.id, patch.avatar, current.avatar);
    const reaudit = current.status !== 'new' && changesWhoOrWhen(current, patch, pii);
    const replacedPhoto = patch.avatar !== undefined && patch.avatar !== current.avatar ? current.avatar : null;
    await db.transaction(async (tx) => {
      const before = await updateReturningBefore(tx, visitors, id, {
        ...columnsOf(patch, pii),
        ...(reaudit && { status: 'new', qrCode: null, auditorId: null, auditedAt: null, auditRemark: null }),
        updatedId: c.user.id,
      });
      if (replacedPhoto) await tx.delete(visitorPhotos).where(eq(visitorPhotos.id, replacedPhoto));
      // A valid visitor's gates see the change: withdrawn when it went back to pending, else re-checked.
      if (current.status === 'valid') await markVisitors(tx, [id]);
      const changes = auditChanges(decrypted(pii, before, { idNo: 'visitors.id_no' }), {
        ...patch,
        ...(reaudit && { status: 'new' }),
      });
      const detail = changeSet(patch, { realName: current.realName, backToPending: reaudit, changes });
      await c.audit({ action: 'visitor.update', targetType: 'visitor', targetId: id, detail }, tx);
    });
    if (current.status === 'valid') gate.kick();
    if (replacedPhoto) await storage.delete(replacedPhoto).catch(() => {});
    return null;
  };
