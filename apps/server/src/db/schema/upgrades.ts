import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { devices } from './devices.ts';
import { creationStamps, editStamps, ownerReference, serialId, timestamptz, updatedAtColumn } from './columns.ts';

/**
 * Spec 3's Upgrade file: one firmware package. The bytes live in the Storage under `storage_key`; all
 * three digests are computed while it streams in, `check_type` says which one devices verify.
 */
export const upgradePackages = pgTable(
  'upgrade_packages',
  {
    id: serialId(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    fileVersion: varchar('file_version', { length: 64 }).notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    checkType: varchar('check_type', { length: 8 }).notNull(),
    md5: varchar('md5', { length: 32 }).notNull(),
    sha1: varchar('sha1', { length: 40 }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    storageKey: varchar('storage_key', { length: 64 }).notNull().unique(),
    /** new | success | failure (contracts UPGRADE_STATUSES), set by its rollouts. */
    status: varchar('status', { length: 16 }).notNull().default('new'),
    deviceTypes: varchar('device_types', { length: 32 }).array().notNull(),
    minVersion: varchar('min_version', { length: 64 }),
    releaseNotes: text('release_notes'),
    ...editStamps(),
  },
  (t) => [index('upgrade_packages_created_idx').on(t.createdAt)],
);

export type UpgradePackageRow = typeof upgradePackages.$inferSelect;

/** Statuses of a rollout in which it still holds its package (the package cannot be deleted). */
export const OPEN_ROLLOUT_STATUSES = ['running', 'paused'] as const;

/**
 * A rollout of a package to devices, in groups: group n+1 starts once group n reached
 * `success_threshold` % successes; the rollout pauses itself when a group's failures pass
 * `error_threshold` % (failures a resume accepted are not counted again). Closed rollouts (finished,
 * cancelled) go with their package; the audit log keeps their story.
 */
export const upgradeRollouts = pgTable(
  'upgrade_rollouts',
  {
    id: serialId(),
    packageId: ownerReference('package_id', () => upgradePackages.id),
    /** running | paused | cancelled | finished */
    status: varchar('status', { length: 16 }).notNull(),
    /** Why it is paused: manual | errorThreshold. */
    pauseReason: varchar('pause_reason', { length: 32 }),
    /** How the targets were chosen (type, project, agent, current version, ids), for the record. */
    targets: jsonb('targets').$type<Record<string, unknown>>(),
    groupCount: integer('group_count').notNull().default(1),
    currentGroup: integer('current_group').notNull().default(1),
    successThreshold: integer('success_threshold').notNull().default(100),
    errorThreshold: integer('error_threshold').notNull().default(20),
    /** Failures of the current group accepted by a resume. */
    acceptedFailures: integer('accepted_failures').notNull().default(0),
    maxRetries: integer('max_retries').notNull().default(2),
    stepTimeoutS: integer('step_timeout_s').notNull().default(300),
    maxConcurrent: integer('max_concurrent').notNull().default(20),
    ...creationStamps(),
    finishedAt: timestamptz('finished_at'),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('upgrade_rollouts_package_idx').on(t.packageId), index('upgrade_rollouts_status_idx').on(t.status)],
);
export type UpgradeRolloutRow = typeof upgradeRollouts.$inferSelect;

/**
 * One device of a rollout: queued → notified → downloading → verifying → installing → rebooting →
 * success | failure (reason), or cancelled. `attempt_id` is the job id the device was given for its
 * current attempt: reports of an older attempt are ignored. `state_at` is the last progress, so a job
 * that does not move within the rollout's step timeout is failed (or retried), never left in progress.
 */
export const upgradeJobs = pgTable(
  'upgrade_jobs',
  {
    id: serialId(),
    rolloutId: ownerReference('rollout_id', () => upgradeRollouts.id),
    deviceId: ownerReference('device_id', () => devices.id),
    groupNo: integer('group_no').notNull(),
    state: varchar('state', { length: 16 }).notNull().default('queued'),
    percent: integer('percent'),
    attempts: integer('attempts').notNull().default(0),
    attemptId: uuid('attempt_id'),
    /** Of the last failure (also while a retry is queued). */
    reason: varchar('reason', { length: 16 }),
    message: varchar('message', { length: 500 }),
    fromVersion: varchar('from_version', { length: 64 }),
    /** A queued job is not sent before this (retry backoff). */
    nextAt: timestamptz('next_at').notNull().defaultNow(),
    stateAt: timestamptz('state_at').notNull().defaultNow(),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    uniqueIndex('upgrade_jobs_rollout_device_idx').on(t.rolloutId, t.deviceId),
    index('upgrade_jobs_rollout_state_idx').on(t.rolloutId, t.state, t.groupNo),
    index('upgrade_jobs_device_idx').on(t.deviceId),
    uniqueIndex('upgrade_jobs_attempt_idx').on(t.attemptId),
  ],
);
export type UpgradeJobRow = typeof upgradeJobs.$inferSelect;
