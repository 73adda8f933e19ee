import { and, eq } from 'drizzle-orm';
import type { certificationApi } from '@siteops/contracts/certification/api';
import { certifications } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Handler } from '../../http/endpoint.ts';
import { conflict } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';
import { LEGAL_ID_COLUMN, refreshUserStatus } from './service.ts';

/** Where an admin reviews, and where a user reads the outcome. */
export const REVIEW_LINK = '/user/certification-audit';
export const SETTINGS_LINK = '/user/setting?tab=certification';

/**
 * Submit the enterprise certification for review: `enterprise` the first time, `changeSubject` once a
 * certification has passed (which stays in force until the new one passes). One at a time: while one
 * is audited a second is a 409. The legal ID number is stored encrypted, with its keyed hash. Admins
 * get a to-do.
 */
export const submitCertification: Handler<typeof certificationApi.submit> = async (c, input) => {
  const { db, pii } = c;
  const me = c.user;
  let created: { id: number; type: string };
  try {
    created = await db.transaction(async (tx) => {
      const [passed] = await tx
        .select({ id: certifications.id })
        .from(certifications)
        .where(and(eq(certifications.userId, me.id), eq(certifications.status, 'passed')))
        .limit(1);
      const type = passed ? 'changeSubject' : 'enterprise';
      const [row] = await tx
        .insert(certifications)
        .values({
          userId: me.id,
          type,
          accountType: input.accountType,
          legalPersonName: input.legalPersonName,
          legalIdType: input.legalIdType,
          legalIdNo: pii.encrypt(input.legalIdNo, LEGAL_ID_COLUMN),
          legalIdNoHash: pii.searchHash(input.legalIdNo),
          enterpriseName: input.enterpriseName,
          enterpriseCertType: input.enterpriseCertType,
          organisationCode: input.organisationCode,
        })
        .returning({ id: certifications.id });
      await refreshUserStatus(tx, me.id);
      await c.audit(
        {
          action: 'certification.submit',
          targetType: 'certification',
          targetId: row.id,
          detail: { type, enterpriseName: input.enterpriseName, organisationCode: input.organisationCode },
        },
        tx,
      );
      return { id: row.id, type };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(t('certification.alreadyAuditing'));
    throw err;
  }
  await c.notifications.notify({
    to: { roles: ['admin'] },
    tab: 'todo',
    kind: 'certification',
    title: t('notification.certificationSubmitted', { enterprise: input.enterpriseName }),
    body: t('notification.certificationSubmitted.body', { user: me.userName, enterprise: input.enterpriseName }),
    link: `${REVIEW_LINK}?id=${created.id}`,
  });
  return created;
};
