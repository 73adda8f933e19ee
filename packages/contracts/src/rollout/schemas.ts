import { z } from 'zod';
import { text } from '../shared/text.ts';
import { DEVICE_TYPES } from '../device-protocol/link.ts';
import { pageQuery, rowId, rowIdParam } from '../shared/pagination.ts';
import { aboutDevice } from '../shared/row-fields.ts';

/**
 * Firmware rollouts (issue 12): a package sent to chosen devices in groups, each device's job moving
 * through JOB_STATES. The server's engine (apps/server/src/modules/upgrade/engine.ts) drives them; the
 * device side is docs/device-protocol.md 5.3.
 */

/** running → paused ⇄ running → finished, or cancelled from running or paused. */
export const ROLLOUT_STATUSES = ['running', 'paused', 'cancelled', 'finished'] as const;
export type RolloutStatus = (typeof ROLLOUT_STATUSES)[number];

/**
 * Why a rollout is paused: by hand; the current group's failures passed the error threshold; or so
 * many of its devices failed that it can no longer reach the success threshold the next group waits for.
 */
const PAUSE_REASONS = ['manual', 'errorThreshold', 'successUnreachable'] as const;

/** A device's job, in order; success, failure and cancelled are final. */
export const JOB_STATES = [
  'queued',
  'notified',
  'downloading',
  'verifying',
  'installing',
  'rebooting',
  'success',
  'failure',
  'cancelled',
] as const;
export type JobState = (typeof JOB_STATES)[number];
/** A device is working on the job (the step timeout applies). */
export const ACTIVE_JOB_STATES = ['notified', 'downloading', 'verifying', 'installing', 'rebooting'] as const;
/** Jobs counted against the rollout's concurrency limit. */
export const DOWNLOADING_JOB_STATES = ['notified', 'downloading'] as const;
export const FINAL_JOB_STATES = ['success', 'failure', 'cancelled'] as const;

/**
 * Why a job failed: the device's own reasons (download, checksum, install) and the server's:
 * `timeout` (no progress within the step timeout), `wrongVersion` (back after the reboot on another
 * version than the package's), `refused` (the device refused the command).
 */
const JOB_FAILURE_REASONS = ['download', 'checksum', 'install', 'timeout', 'wrongVersion', 'refused'] as const;
export type JobFailureReason = (typeof JOB_FAILURE_REASONS)[number];

/** Defaults and limits of a rollout's settings. */
export const ROLLOUT_LIMITS = {
  maxRetries: { min: 0, max: 10, default: 2 },
  stepTimeoutS: { min: 10, max: 86_400, default: 300 },
  maxConcurrent: { min: 1, max: 500, default: 20 },
  successThreshold: { min: 1, max: 100, default: 100 },
  errorThreshold: { min: 0, max: 100, default: 20 },
} as const;

// ---------------------------------------------------------------------------------------------------
// API shapes (/api/rollout/*, admin only)

const settingInt = (key: keyof typeof ROLLOUT_LIMITS) => {
  const l = ROLLOUT_LIMITS[key];
  return z.number().int().min(l.min).max(l.max).default(l.default);
};

/**
 * Which devices: every filter given must hold (an empty or absent one does not filter). Only devices
 * the package applies to are ever taken: of one of its device types, authorised, not already on its
 * version, at least its minimum version when it has one, and not in another open rollout.
 */
const rolloutTargets = z.object({
  types: z.array(z.enum(DEVICE_TYPES)).max(20).optional(),
  projectIds: z.array(rowId()).max(500).optional(),
  agentIds: z.array(rowId()).max(500).optional(),
  /** Devices now on one of these versions. */
  versions: z.array(text().trim().min(1).max(64)).max(50).optional(),
  /** An explicit selection. */
  ids: z.array(rowId()).max(10_000).optional(),
});
export type RolloutTargets = z.infer<typeof rolloutTargets>;

const ROLLOUT_GROUP_MODES = ['count', 'percent'] as const;

export const addRolloutBody = z
  .object({
    packageId: rowId('packageId is required'),
    targets: rolloutTargets,
    /** Groups of `size` devices (count), or of `size` % of the devices (percent, 1-100). */
    groupMode: z.enum(ROLLOUT_GROUP_MODES).default('percent'),
    groupSize: z.number().int().min(1).max(10_000).default(100),
    successThreshold: settingInt('successThreshold'),
    errorThreshold: settingInt('errorThreshold'),
    maxRetries: settingInt('maxRetries'),
    stepTimeoutS: settingInt('stepTimeoutS'),
    maxConcurrent: settingInt('maxConcurrent'),
  })
  .refine((b) => b.groupMode === 'count' || b.groupSize <= 100, {
    path: ['groupSize'],
    message: 'groupSize must be between 1 and 100',
  });

export const previewRolloutBody = z.object({ packageId: rowId('packageId is required'), targets: rolloutTargets });

const rolloutDevice = z.object({
  id: z.number(),
  sn: z.string(),
  devName: z.string().nullable(),
  type: z.enum(DEVICE_TYPES),
  version: z.string().nullable(),
  onlineStatus: z.string(),
});
export const rolloutPreview = z.object({ total: z.number(), list: z.array(rolloutDevice) });
export type RolloutPreview = z.infer<typeof rolloutPreview>;

const stateCounts = z.record(z.enum(JOB_STATES), z.number());

export const rolloutItem = z.object({
  id: z.number(),
  packageId: z.number(),
  fileName: z.string(),
  fileVersion: z.string(),
  status: z.enum(ROLLOUT_STATUSES),
  pauseReason: z.enum(PAUSE_REASONS).nullable(),
  groupCount: z.number(),
  currentGroup: z.number(),
  successThreshold: z.number(),
  errorThreshold: z.number(),
  maxRetries: z.number(),
  stepTimeoutS: z.number(),
  maxConcurrent: z.number(),
  total: z.number(),
  /** Devices per state. */
  counts: stateCounts,
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type RolloutItem = z.infer<typeof rolloutItem>;

const rolloutGroup = z.object({ groupNo: z.number(), total: z.number(), counts: stateCounts });
export const rolloutDetail = rolloutItem.extend({
  targets: z.record(z.string(), z.unknown()).nullable(),
  groups: z.array(rolloutGroup),
});
export type RolloutDetail = z.infer<typeof rolloutDetail>;

export const rolloutListQuery = pageQuery.extend({
  packageId: rowIdParam().optional(),
  status: z.enum(ROLLOUT_STATUSES).optional(),
});

/** One device's job in a rollout. */
export const rolloutJob = z.object({
  id: z.number(),
  ...aboutDevice,
  groupNo: z.number(),
  state: z.enum(JOB_STATES),
  percent: z.number().nullable(),
  attempts: z.number(),
  reason: z.enum(JOB_FAILURE_REASONS).nullable(),
  message: z.string().nullable(),
  fromVersion: z.string().nullable(),
  stateAt: z.string(),
});
export type RolloutJob = z.infer<typeof rolloutJob>;

export const rolloutJobsQuery = pageQuery.extend({
  id: rowIdParam(),
  state: z.enum(JOB_STATES).optional(),
  groupNo: z.coerce.number().int().min(1).max(10_000).optional(),
});
