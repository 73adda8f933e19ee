import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CertificationItem } from '@siteops/contracts/certification/schemas';
import type { Db } from '../../db/client.ts';
import { certifications, users, type CertificationRow } from '../../db/schema/index.ts';
import type { Pii } from '../../crypto/pii.ts';
import type { Caller } from '../../auth/scope.ts';
import { countAll, orderBy } from '../../core/list.ts';
import { readPage } from '../../http/readPage.ts';

export const LEGAL_ID_COLUMN = 'certifications.legal_id_no' as const;

/**
 * Whose certifications a caller may open by id: its own, every one for an admin. Lists of one's own
 * records and withdrawing use {@link ownedBy} whatever the role.
 */
export const visibleTo = (c: Caller): SQL | undefined =>
  c.role === 'admin' ? undefined : eq(certifications.userId, c.id);
export const ownedBy = (c: Caller): SQL => eq(certifications.userId, c.id);

const reviewer = alias(users, 'reviewer');

/**
 * Certifications with their owner's (`users`, which `where` may filter on) and reviewer's account names;
 * `where` already holds the scope.
 */
export function selectCertifications(db: Db, where: SQL | undefined) {
  return db
    .select({ row: certifications, userName: users.userName, reviewerName: reviewer.userName })
    .from(certifications)
    .innerJoin(users, eq(users.id, certifications.userId))
    .leftJoin(reviewer, eq(reviewer.id, certifications.reviewerId))
    .where(where)
    .$dynamic();
}

export type JoinedCertification = { row: CertificationRow; userName: string; reviewerName: string | null };

/** As the API answers it: the legal ID number masked, never in full. */
export function toItem({ row, userName, reviewerName }: JoinedCertification, pii: Pii): CertificationItem {
  return {
    id: row.id,
    userId: row.userId,
    userName,
    type: row.type as CertificationItem['type'],
    status: row.status as CertificationItem['status'],
    accountType: row.accountType as CertificationItem['accountType'],
    legalPersonName: row.legalPersonName,
    legalIdType: row.legalIdType as CertificationItem['legalIdType'],
    legalIdNo: pii.masked(row.legalIdNo, LEGAL_ID_COLUMN) ?? '',
    enterpriseName: row.enterpriseName,
    enterpriseCertType: row.enterpriseCertType as CertificationItem['enterpriseCertType'],
    organisationCode: row.organisationCode,
    reviewerName,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    opinion: row.opinion,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The user's newest certification in `status`, or null. */
export async function latestOf(db: Db, pii: Pii, userId: number, status: 'passed' | 'auditing') {
  const [row] = await selectCertifications(
    db,
    and(eq(certifications.userId, userId), eq(certifications.status, status)),
  )
    .orderBy(desc(status === 'passed' ? certifications.reviewedAt : certifications.id), desc(certifications.id))
    .limit(1);
  return row ? toItem(row, pii) : null;
}

/**
 * `users.certification` from the user's records: `auth` while a passed certification is in force,
 * `unknown` while the first one is being audited, `new` otherwise (docs/decisions/0015).
 */
export async function refreshUserStatus(tx: Db, userId: number): Promise<string> {
  const [row] = await tx
    .update(users)
    .set({
      certification: sql`case
        when exists (select 1 from ${certifications} c where c.user_id = ${userId} and c.status = 'passed') then 'auth'
        when exists (select 1 from ${certifications} c where c.user_id = ${userId} and c.status = 'auditing') then 'unknown'
        else 'new' end`,
    })
    .where(eq(users.id, userId))
    .returning({ certification: users.certification });
  return row?.certification ?? 'new';
}

const SORT = { createdAt: certifications.id };

/** One page of certifications under `where`, newest first (ids grow with time). */
export async function pageOf(
  db: Db,
  pii: Pii,
  q: { page: number; pageSize: number; sortOrder?: 'asc' | 'desc' },
  where?: SQL,
) {
  const { rows, total } = await readPage(
    q,
    selectCertifications(db, where).orderBy(...orderBy(SORT, certifications.id, 'createdAt', q.sortOrder, 'createdAt')),
    db
      .select({ total: countAll })
      .from(certifications)
      .innerJoin(users, eq(users.id, certifications.userId))
      .where(where),
  );
  return { list: rows.map((r) => toItem(r, pii)), total, page: q.page, pageSize: q.pageSize };
}
