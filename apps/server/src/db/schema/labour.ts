import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { projectRowColumns, projects } from './projects.ts';
import { editStamps, ownerReference, timestamptz } from './columns.ts';

/**
 * Who a worker is, as the register and a self-registration application both hold it: the ID number is
 * AES-256-GCM ciphertext, never the plain number, found through its keyed hash (exact search and the
 * duplicate and blacklist rules).
 */
export const workerIdentityColumns = () => ({
  realName: varchar('real_name', { length: 64 }).notNull(),
  idType: varchar('id_type', { length: 16 }).notNull(),
  idNo: text('id_no').notNull(),
  idNoHash: varchar('id_no_hash', { length: 64 }).notNull(),
  phone: varchar('phone', { length: 32 }).notNull(),
  gender: varchar('gender', { length: 8 }),
  birthDate: date('birth_date'),
});

/** A project's subcontractors (employers of its workers); deleted with the project. */
export const labourSubcontractors = pgTable(
  'labour_subcontractors',
  {
    ...projectRowColumns(),
    name: varchar('name', { length: 128 }).notNull(),
    creditCode: varchar('credit_code', { length: 32 }),
    contact: varchar('contact', { length: 64 }),
    phone: varchar('phone', { length: 32 }),
    ...editStamps(),
  },
  (t) => [unique('labour_subcontractors_project_name_key').on(t.projectId, t.name)],
);

/** A project's teams (班组), each with a leader who is a worker of the project. */
export const labourTeams = pgTable(
  'labour_teams',
  {
    ...projectRowColumns(),
    name: varchar('name', { length: 64 }).notNull(),
    leaderId: integer('leader_id').references((): AnyPgColumn => labourWorkers.id, { onDelete: 'set null' }),
    subcontractorId: integer('subcontractor_id').references(() => labourSubcontractors.id, { onDelete: 'set null' }),
    ...editStamps(),
  },
  (t) => [unique('labour_teams_project_name_key').on(t.projectId, t.name)],
);

/**
 * A project's workers (the real-name register). The ID number is encrypted (`labour_workers.id_no`) and
 * found through its keyed hash, which is unique within a project; the same person on two projects has
 * two rows (a blacklisting on one bars the others of the same agent: modules/labour/rules.ts).
 */
export const labourWorkers = pgTable(
  'labour_workers',
  {
    ...projectRowColumns(),
    ...workerIdentityColumns(),
    teamId: integer('team_id').references(() => labourTeams.id, { onDelete: 'set null' }),
    trade: varchar('trade', { length: 32 }).notNull(),
    subcontractorId: integer('subcontractor_id').references(() => labourSubcontractors.id, { onDelete: 'set null' }),
    entryDate: date('entry_date').notNull(),
    exitDate: date('exit_date'),
    status: varchar('status', { length: 16 }).notNull().default('on_site'),
    blacklistReason: varchar('blacklist_reason', { length: 256 }),
    /** A visitor_photos id: the face the terminals enrol. */
    photo: uuid('photo'),
    emergencyContact: varchar('emergency_contact', { length: 64 }),
    emergencyPhone: varchar('emergency_phone', { length: 32 }),
    /** The wage card's number: AES-256-GCM ciphertext (`labour_workers.bank_card_no`), never the plain number. */
    bankCardNo: text('bank_card_no'),
    /**
     * Kept off the face terminals: the project requires a valid certificate for the worker's trade and it
     * has none valid today. Kept up to date by modules/labour/certificateGate.ts (on every change and
     * periodically, for certificates that expire), read by the terminals' sync.
     */
    certificateBarred: boolean('certificate_barred').notNull().default(false),
    ...editStamps(),
  },
  (t) => [
    unique('labour_workers_project_id_no_key').on(t.projectId, t.idNoHash),
    index('labour_workers_id_no_hash_idx').on(t.idNoHash),
    index('labour_workers_project_status_idx').on(t.projectId, t.status),
    index('labour_workers_team_idx').on(t.teamId),
    // Whether an uploaded photo is already someone's (postPhoto.ts, on every registration): no scan of the register.
    index('labour_workers_photo_idx')
      .on(t.photo)
      .where(sql`${t.photo} is not null`),
    check('labour_workers_status_check', sql`${t.status} in ('on_site', 'left', 'blacklisted')`),
  ],
);

/** A project's attendance settings; a project without a row has the defaults (contracts' labour/schemas.ts). */
export const labourSettings = pgTable(
  'labour_settings',
  {
    projectId: ownerReference('project_id', () => projects.id).primaryKey(),
    cutoffHour: integer('cutoff_hour').notNull().default(4),
    utcOffsetMinutes: integer('utc_offset_minutes').notNull().default(480),
    /** Workers without a valid required certificate are kept off the face terminals. */
    requireValidCertificate: boolean('require_valid_certificate').notNull().default(false),
    /** A worker on site without a pass for this many days in a row is notified as absent. */
    absentDays: integer('absent_days').notNull().default(3),
    updatedId: integer('updated_id'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('labour_settings_cutoff_check', sql`${t.cutoffHour} between 0 and 12`),
    check('labour_settings_offset_check', sql`${t.utcOffsetMinutes} between -720 and 840`),
    check('labour_settings_absent_days_check', sql`${t.absentDays} between 1 and 30`),
  ],
);

/**
 * A worker's certificates (特种作业操作证 etc.): type (contracts' CERTIFICATE_TYPES), number, issuer,
 * valid until, and a photo of the card (a visitor_photos id, checked as visitors' photos). Deleted with
 * the worker.
 */
export const labourCertificates = pgTable(
  'labour_certificates',
  {
    ...projectRowColumns(),
    workerId: ownerReference('worker_id', () => labourWorkers.id),
    type: varchar('type', { length: 32 }).notNull(),
    number: varchar('number', { length: 64 }).notNull(),
    issuedBy: varchar('issued_by', { length: 128 }),
    validUntil: date('valid_until').notNull(),
    photo: uuid('photo'),
    ...editStamps(),
  },
  (t) => [
    unique('labour_certificates_worker_type_number_key').on(t.workerId, t.type, t.number),
    index('labour_certificates_project_valid_idx').on(t.projectId, t.validUntil),
    index('labour_certificates_photo_idx')
      .on(t.photo)
      .where(sql`${t.photo} is not null`),
  ],
);

/**
 * Workers' passes, copied from `device_events` by a trigger as the device link stores them (migration
 * 0035): one row per worker, device's time and device, so a pass sent twice counts once; the direction
 * is the terminal's configured one (visitor_devices), else the event's. Kept when the raw events are
 * pruned (EVENTS_RETENTION_DAYS), since wages are paid against them. Attendance is worked out from these
 * on read (docs/decisions/0025).
 */
export const labourPasses = pgTable(
  'labour_passes',
  {
    workerId: ownerReference('worker_id', () => labourWorkers.id),
    at: timestamptz('at').notNull(),
    deviceId: integer('device_id').notNull(),
    projectId: ownerReference('project_id', () => projects.id),
    direction: varchar('direction', { length: 3 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workerId, t.at, t.deviceId] }),
    index('labour_passes_project_at_idx').on(t.projectId, t.at),
    check('labour_passes_direction_check', sql`${t.direction} in ('in', 'out')`),
  ],
);

/**
 * The labour notifications already sent (modules/labour/notices.ts), one row per notice: a certificate
 * expiring within 30 and 7 days (`subject` its id, `key` the days and its valid-until date), a blacklisted
 * worker seen at a gate (the worker, the pass's day), a worker absent N days in a row (the worker, the
 * first day of the absence). The sweep claims a row before notifying, so a notice goes once, after a
 * restart and with several servers too. Deleted with the project.
 */
export const labourNotices = pgTable(
  'labour_notices',
  {
    kind: varchar('kind', { length: 24 }).notNull(),
    subjectId: integer('subject_id').notNull(),
    key: varchar('key', { length: 32 }).notNull(),
    projectId: ownerReference('project_id', () => projects.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subjectId, t.key] }), index('labour_notices_project_idx').on(t.projectId)],
);

export type LabourWorkerRow = typeof labourWorkers.$inferSelect;
export type LabourCertificateRow = typeof labourCertificates.$inferSelect;
export type LabourTeamRow = typeof labourTeams.$inferSelect;
export type LabourSubcontractorRow = typeof labourSubcontractors.$inferSelect;
