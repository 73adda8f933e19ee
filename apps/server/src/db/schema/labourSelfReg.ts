import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { projectRowColumns, projects } from './projects.ts';
import { creationStamps, ownerReference, timestamptz } from './columns.ts';
import { labourTeams, labourWorkers, workerIdentityColumns } from './labour.ts';

/** A project's public worker self-registration link (its QR code's token); a new token retires the old one. */
export const labourRegLinks = pgTable('labour_reg_links', {
  projectId: ownerReference('project_id', () => projects.id).primaryKey(),
  token: varchar('token', { length: 64 }).notNull().unique(),
  ...creationStamps(),
});

/**
 * A worker's application from its phone (modules/labour/selfReg.ts): pending until the project's manager
 * approves it (which registers the worker, `worker_id`) or rejects it with a reason. The ID number is
 * encrypted (`labour_applications.id_no`); the phone reads its application back by a secret kept only as
 * a hash. Deleted with the project.
 */
export const labourApplications = pgTable(
  'labour_applications',
  {
    ...projectRowColumns(),
    ...workerIdentityColumns(),
    trade: varchar('trade', { length: 32 }).notNull(),
    teamId: integer('team_id').references(() => labourTeams.id, { onDelete: 'set null' }),
    photo: uuid('photo').notNull(),
    emergencyContact: varchar('emergency_contact', { length: 64 }),
    emergencyPhone: varchar('emergency_phone', { length: 32 }),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    rejectReason: varchar('reject_reason', { length: 256 }),
    workerId: integer('worker_id').references(() => labourWorkers.id, { onDelete: 'set null' }),
    secretHash: varchar('secret_hash', { length: 64 }).notNull(),
    decidedId: integer('decided_id'),
    decidedAt: timestamptz('decided_at'),
    ...creationStamps(),
  },
  (t) => [
    uniqueIndex('labour_applications_secret_idx').on(t.secretHash),
    index('labour_applications_project_status_idx').on(t.projectId, t.status),
    check('labour_applications_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

export type LabourApplicationRow = typeof labourApplications.$inferSelect;
