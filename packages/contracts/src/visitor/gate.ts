import { z } from 'zod';
import { text } from '../shared/text.ts';
import { idQuery, instantRangeFilter, pageQuery, rowId, rowIdParam, textFilter } from '../shared/pagination.ts';
import { nullableString } from '../shared/row-fields.ts';

/**
 * The face library of a face terminal (who the server keeps on it, docs/device-protocol.md 5.2) and the
 * pass records the terminals report (section 4, `pass` events naming the person).
 */

/**
 * - `synced`: the device confirmed it holds the person as it is now;
 * - `pending`: a change is still to be sent (an offline device gets it when it links again);
 * - `failed`: the device refused the last send (`lastError` says why); it is tried again later;
 * - `removed`: taken off this device by hand; it stays off until the person changes or is re-synced.
 */
const FACE_SYNC_STATES = ['synced', 'pending', 'failed', 'removed'] as const;
export type FaceSyncState = (typeof FACE_SYNC_STATES)[number];

export const facePersonQuery = pageQuery.extend({
  deviceId: rowIdParam(),
  /** Name (contains) or person id (exact). */
  keyword: textFilter(64),
});

export const facePersonItem = z.object({
  /** `V<visitor id>` for a visitor, `U<user id>` for a member of the device's project. */
  personId: z.string(),
  /** `visitor`, or `worker`: the project's personnel. */
  role: z.enum(['visitor', 'worker']),
  visitorId: z.number().nullable(),
  /** The user a `worker` is (null for a visitor). */
  userId: z.number().nullable(),
  /** Null when the visitor or user was deleted and the device is still to lose it. */
  name: nullableString,
  /** The visitor's status now (new / valid / invalid), or the user's (enable / disable); null once deleted. */
  status: nullableString,
  visitStart: nullableString,
  visitEnd: nullableString,
  state: z.enum(FACE_SYNC_STATES),
  /** Whether the device holds the person (as last confirmed). */
  onDevice: z.boolean(),
  syncedAt: nullableString,
  attempts: z.number(),
  lastError: nullableString,
});
export type FacePersonItem = z.infer<typeof facePersonItem>;

export const facePersonBody = z.object({
  deviceId: rowId(),
  personId: text().trim().min(1).max(64),
});

export const passRecordQuery = pageQuery.extend({
  deviceId: rowIdParam().optional(),
  visitorId: rowIdParam().optional(),
  ...instantRangeFilter,
});

export const passRecordItem = z.object({
  /** The event's id (the device's UUID). */
  id: z.string(),
  at: z.string(),
  deviceId: z.number(),
  devName: nullableString,
  sn: z.string(),
  projectName: nullableString,
  personId: z.string(),
  /** The name the device showed. */
  personName: z.string(),
  /** The visitor the person id names (`V<id>`), else null (a worker, or a person the server did not send). */
  visitorId: z.number().nullable(),
  /** The user the person id names (`U<id>`: the project's personnel), else null. */
  userId: z.number().nullable(),
  direction: nullableString,
  verifyMode: nullableString,
  similarity: z.number().nullable(),
});
export type PassRecordItem = z.infer<typeof passRecordItem>;

/** How many of a visitor's passes its info modal shows. */
export const VISITOR_LAST_PASSES = 10;
export const visitorPassesQuery = idQuery;
export const visitorPassesAnswer = z.array(passRecordItem);
