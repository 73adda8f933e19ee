import type { KeyObject } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { visitorApi } from '@siteops/contracts/visitor/api';
import type { Db } from '../../db/client.ts';
import { visitors } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { conflict } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';
import { updateReturningBefore } from '../../db/crud.ts';
import { auditChanges } from '../audit/record.ts';
import { markVisitors } from './gate.ts';
import type { GateSync } from './gateSync.ts';
import { passOf, signPass } from './pass.ts';
import { loadVisitorInScope } from './service.ts';

/**
 * Audit a visitor (docs/decisions/0014-visitor-audit.md). Pass makes it `valid` and issues its signed
 * pass; not pass makes it `invalid` and withdraws the pass. Every audit records the auditor, the time
 * and the opinion, overwriting the last one (the audit log keeps them all). Re-audit is allowed: a
 * passed visitor can be revoked at any time, a refused one passed later, but never a visit that has
 * already ended (409): its time must be changed first.
 */
export const auditVisitor =
  (passKey: KeyObject, gate: Pick<GateSync, 'kick'>): Handler<typeof visitorApi.auditVisitor> =>
  async (c, { id, status, remark }) => {
    const { db } = c;
    const current = await loadVisitorInScope(db, c.caller, id);
    if (status === 'valid' && current.visitEnd <= new Date()) throw conflict(t('visitor.visitEnded'));
    const qrCode = status === 'valid' ? signPass(passKey, passOf(current)) : null;
    await db.transaction(async (tx) => {
      const decided = { status, auditRemark: remark ?? null };
      const before = await updateReturningBefore(tx, visitors, id, {
        ...decided,
        qrCode,
        auditorId: c.user.id,
        auditedAt: new Date(),
        updatedId: c.user.id,
      });
      await markVisitors(tx, [id]);
      await c.audit(
        {
          action: status === 'valid' ? 'visitor.pass' : 'visitor.reject',
          targetType: 'visitor',
          targetId: id,
          detail: {
            realName: current.realName,
            from: current.status,
            to: status,
            remark: remark ?? null,
            // The pass itself is not kept; the auditor and time are the entry's own.
            changes: auditChanges(before, decided),
          },
        },
        tx,
      );
    });
    gate.kick();
    return { status, qrCode };
  };

/**
 * Valid visitors whose visit has ended become invalid and lose their pass; the gates holding them get a
 * mark in the same transaction (kick the GateSync after). Answers their ids and projects.
 */
export async function expireVisitors(db: Db, now = new Date()): Promise<{ id: number; projectId: number }[]> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .update(visitors)
      .set({ status: 'invalid', qrCode: null, updatedAt: sql`now()` })
      .where(and(eq(visitors.status, 'valid'), lte(visitors.visitEnd, now)))
      .returning({ id: visitors.id, projectId: visitors.projectId });
    await markVisitors(
      tx,
      gone.map((g) => g.id),
    );
    return gone;
  });
}
