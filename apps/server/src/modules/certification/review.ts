import { and, eq } from 'drizzle-orm';
import type { certificationApi } from '@siteops/contracts/certification/api';
import { certifications } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { conflict, mustExist } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';
import { auditChanges } from '../audit/record.ts';
import { ownedBy, refreshUserStatus } from './service.ts';
import { SETTINGS_LINK } from './submit.ts';

/**
 * The owner takes back a certification while it is audited (a 409 once reviewed or withdrawn); the
 * record stays, as withdrawn. Another user's id is 404, an admin's included.
 */
export const withdrawCertification: Handler<typeof certificationApi.withdraw> = async (c, { id }) => {
  await c.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ status: certifications.status, userId: certifications.userId })
      .from(certifications)
      .where(and(eq(certifications.id, id), ownedBy(c.caller)))
      .for('update');
    const row = mustExist(found, 'Certification');
    if (row.status !== 'auditing') {
      throw conflict(t('certification.withdrawNotAuditing'));
    }
    await tx.update(certifications).set({ status: 'withdrawn' }).where(eq(certifications.id, id));
    await refreshUserStatus(tx, row.userId);
    await c.audit({ action: 'certification.withdraw', targetType: 'certification', targetId: id }, tx);
  });
  return null;
};

/**
 * Admin: pass or reject a certification being audited (a 409 once it is not), recording reviewer, time
 * and opinion. The user's certification status follows, and the user is told in its message tab.
 */
export const reviewCertification: Handler<typeof certificationApi.review> = async (c, { id, result, opinion }) => {
  const outcome = await c.db.transaction(async (tx) => {
    const [found] = await tx.select().from(certifications).where(eq(certifications.id, id)).for('update');
    const row = mustExist(found, 'Certification');
    if (row.status !== 'auditing') {
      throw conflict(t('certification.reviewNotAuditing'));
    }
    const reviewed = { status: result, opinion: opinion ?? null };
    await tx
      .update(certifications)
      .set({ ...reviewed, reviewerId: c.user.id, reviewedAt: new Date() })
      .where(eq(certifications.id, id));
    const certification = await refreshUserStatus(tx, row.userId);
    await c.audit(
      {
        action: result === 'passed' ? 'certification.pass' : 'certification.reject',
        targetType: 'certification',
        targetId: id,
        // Before: the row locked above. The reviewer and time are the entry's own actor and time.
        detail: {
          userId: row.userId,
          enterpriseName: row.enterpriseName,
          opinion: opinion ?? null,
          changes: auditChanges(row, reviewed),
        },
      },
      tx,
    );
    return { row, certification };
  });
  const enterprise = outcome.row.enterpriseName;
  await c.notifications.notify({
    to: { userIds: [outcome.row.userId] },
    tab: 'message',
    kind: 'certification',
    level: result === 'passed' ? 'success' : 'error',
    title: t(result === 'passed' ? 'notification.certificationPassed' : 'notification.certificationRejected'),
    body:
      result === 'passed'
        ? t('notification.certificationPassed.body', { enterprise })
        : opinion
          ? t('notification.certificationRejected.body', { enterprise, opinion })
          : t('notification.certificationRejected.bare', { enterprise }),
    link: SETTINGS_LINK,
  });
  return { status: result, certification: outcome.certification };
};
