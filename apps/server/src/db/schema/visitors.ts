import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { projectRowColumns, projects } from './projects.ts';
import { users } from './users.ts';
import { createdAtColumn, creationStamps, editStamps, ownerReference, timestamptz } from './columns.ts';

/**
 * Spec 3's Visitor, in one project (deleted with it). The spec's auditor (updatedId) and audit time
 * (updatedAt) are kept apart from the row's last edit, so an edit after the audit cannot pass for one.
 */
export const visitors = pgTable(
  'visitors',
  {
    ...projectRowColumns(),
    realName: varchar('real_name', { length: 64 }).notNull(),
    /** A visitor_photos id. */
    avatar: uuid('avatar'),
    /** The signed pass (issued when the visitor becomes valid). */
    qrCode: text('qr_code'),
    sex: varchar('sex', { length: 16 }),
    phone: varchar('phone', { length: 32 }).notNull(),
    /** AES-256-GCM ciphertext; never the plain number. */
    idNo: text('id_no'),
    /** Keyed hash of the plain number, for exact search. */
    idNoHash: varchar('id_no_hash', { length: 64 }),
    visitStart: timestamptz('visit_start').notNull(),
    visitEnd: timestamptz('visit_end').notNull(),
    reasons: varchar('reasons', { length: 256 }),
    /** The host. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    address: varchar('address', { length: 256 }),
    status: varchar('status', { length: 16 }).notNull().default('new'),
    auditorId: integer('auditor_id').references(() => users.id, { onDelete: 'set null' }),
    auditedAt: timestamptz('audited_at'),
    auditRemark: varchar('audit_remark', { length: 256 }),
    /** SHA-256 of the secret a self-registration answered, with which the visitor reads its own status. */
    selfRegSecretHash: varchar('self_reg_secret_hash', { length: 64 }),
    ...editStamps(),
  },
  (t) => [
    index('visitors_project_idx').on(t.projectId, t.status),
    index('visitors_created_idx').on(t.createdAt),
    index('visitors_id_no_hash_idx').on(t.idNoHash),
    // Whether a photo is already someone's (labour/postPhoto.ts, visitors' own checks): no scan of the visitors.
    index('visitors_avatar_idx')
      .on(t.avatar)
      .where(sql`${t.avatar} is not null`),
    // The list's "sorted by visit" pages (bench/visitors.ts: 100,000 visitors sorted by visit start
    // sorted every row for a page, p95 230 ms on PostgreSQL); id is the list's tie-break.
    index('visitors_visit_start_idx').on(t.visitStart, t.id),
    index('visitors_visit_end_idx').on(t.visitEnd, t.id),
    // The expiry job's question: valid visitors whose visit has ended.
    index('visitors_expiry_idx')
      .on(t.visitEnd)
      .where(sql`${t.status} = 'valid'`),
    index('visitors_real_name_trgm_idx').using('gin', t.realName.op('gin_trgm_ops')),
    index('visitors_phone_trgm_idx').using('gin', t.phone.op('gin_trgm_ops')),
    uniqueIndex('visitors_self_reg_secret_idx').on(t.selfRegSecretHash),
    check('visitors_status_check', sql`${t.status} in ('new', 'valid', 'invalid')`),
    check('visitors_visit_check', sql`${t.visitEnd} > ${t.visitStart}`),
  ],
);

/**
 * Visitors' face photos: bytes in the Storage under `id`, shown only through signed URLs. Kept apart
 * from `files` (users' images), whose owner is a user and which is swept when no user points at it.
 */
export const visitorPhotos = pgTable('visitor_photos', {
  id: uuid('id').primaryKey(),
  uploaderId: integer('uploader_id'),
  mime: varchar('mime', { length: 32 }).notNull(),
  size: integer('size').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  sha256: varchar('sha256', { length: 64 }).notNull(),
  createdAt: createdAtColumn(),
});

/** A project's visitor configuration, as last published (spec 2's configure page). */
export const visitorConfigs = pgTable('visitor_configs', {
  projectId: ownerReference('project_id', () => projects.id).primaryKey(),
  requiredFields: jsonb('required_fields').$type<string[]>().notNull().default([]),
  defaultVisitHours: integer('default_visit_hours').notNull(),
  autoApprove: boolean('auto_approve').notNull().default(false),
  notice: text('notice'),
  deviceIds: jsonb('device_ids').$type<number[]>().notNull().default([]),
  version: integer('version').notNull().default(0),
  publishedAt: timestamptz('published_at'),
  publishedId: integer('published_id'),
});

/**
 * A project's public self-registration link (the QR code printed at the gate): an unguessable token,
 * replaced when an admin rotates it, after which the old one answers 404.
 */
export const visitorRegLinks = pgTable('visitor_reg_links', {
  projectId: ownerReference('project_id', () => projects.id).primaryKey(),
  token: varchar('token', { length: 64 }).notNull().unique(),
  ...creationStamps(),
});

export type VisitorRow = typeof visitors.$inferSelect;
export type VisitorConfigRow = typeof visitorConfigs.$inferSelect;
