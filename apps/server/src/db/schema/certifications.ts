import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { userRowColumns, users } from './users.ts';
import { createdAtColumn, timestamptz, updatedAtColumn } from './columns.ts';

/**
 * Real-name certifications (spec 3's certification record and enterprise certification), one row per
 * submission, kept after review or withdrawal as the user's records. The certification in force is the
 * user's last passed one; `users.certification` follows (docs/decisions/0015-certification.md).
 */
export const certifications = pgTable(
  'certifications',
  {
    ...userRowColumns(),
    /** enterprise | changeSubject */
    type: varchar('type', { length: 16 }).notNull(),
    /** auditing | passed | rejected | withdrawn */
    status: varchar('status', { length: 16 }).notNull().default('auditing'),
    accountType: varchar('account_type', { length: 32 }).notNull(),
    legalPersonName: varchar('legal_person_name', { length: 64 }).notNull(),
    legalIdType: varchar('legal_id_type', { length: 32 }).notNull(),
    /** AES-256-GCM ciphertext; never the plain number. */
    legalIdNo: text('legal_id_no').notNull(),
    /** Keyed hash of the plain number, for exact search. */
    legalIdNoHash: varchar('legal_id_no_hash', { length: 64 }).notNull(),
    enterpriseName: varchar('enterprise_name', { length: 128 }).notNull(),
    enterpriseCertType: varchar('enterprise_cert_type', { length: 32 }).notNull(),
    organisationCode: varchar('organisation_code', { length: 32 }).notNull(),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamptz('reviewed_at'),
    opinion: varchar('opinion', { length: 256 }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('certifications_user_idx').on(t.userId, t.id),
    index('certifications_status_idx').on(t.status, t.id),
    index('certifications_legal_id_no_hash_idx').on(t.legalIdNoHash),
    // One submission at a time per user: a second while one is audited is a 409, even when two race.
    uniqueIndex('certifications_one_auditing')
      .on(t.userId)
      .where(sql`${t.status} = 'auditing'`),
    check('certifications_status_check', sql`${t.status} in ('auditing', 'passed', 'rejected', 'withdrawn')`),
    check('certifications_type_check', sql`${t.type} in ('enterprise', 'changeSubject')`),
  ],
);

export type CertificationRow = typeof certifications.$inferSelect;
