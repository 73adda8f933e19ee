import { z } from 'zod';
import { text } from '../shared/text.ts';
import { notText } from '../shared/text-fields.ts';
import { DEVICE_TYPES } from '../device-protocol/link.ts';
import { rowId, sortedPageQuery, textFilter } from '../shared/pagination.ts';

/**
 * Firmware packages (spec 3's Upgrade file, issue 12). An admin uploads one file; the server computes
 * MD5, SHA-1 and SHA-256 while it streams to storage, and keeps it only when the checksum given for
 * the chosen `checkType` matches.
 */
export const CHECK_TYPES = ['MD5', 'SHA1', 'SHA256'] as const;
export type CheckType = (typeof CHECK_TYPES)[number];
/** Hex digits of each digest. */
export const CHECK_SUM_LENGTH: Record<CheckType, number> = { MD5: 32, SHA1: 40, SHA256: 64 };

/** Spec 4's publish status of a file: new until first rolled out, then its latest rollout's outcome. */
export const UPGRADE_STATUSES = ['new', 'success', 'failure'] as const;
export type UpgradeStatus = (typeof UPGRADE_STATUSES)[number];

/** What firmware versions look like: 1.2.3, v2.0.1-rc1, 20261125.1 */
export const VERSION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$/;
const VERSION_MESSAGE = 'must be a version of 1-64 letters, digits or . _ + -';

export const RELEASE_NOTES_MAX = 1000;

const version = (field: string) =>
  text({ error: notText(field) })
    .trim()
    .regex(VERSION_PATTERN, `${field} ${VERSION_MESSAGE}`);

/**
 * Device types: an array, or (in a query string) the key repeated (`deviceTypes=face&deviceTypes=dust`)
 * or one comma list. No preprocess: the input stays describable in the OpenAPI document.
 */
const deviceTypeList = z
  .union([text(), z.array(text())], {
    error: notText('deviceTypes'),
  })
  .transform((v) => [
    ...new Set(
      (Array.isArray(v) ? v : [v])
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(
    z
      .array(z.enum(DEVICE_TYPES, { error: `deviceTypes must be one of ${DEVICE_TYPES.join(', ')}` }))
      .min(1, 'deviceTypes is required'),
  );

const optionalText = (max: number, field: string) =>
  text()
    .trim()
    .max(max, `${field} is at most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .optional();

/**
 * `POST /api/upgrade/upload`: these fields in the query string, the file as the multipart part `file`.
 * `checkSum`, when given, is of `checkType` (hex, any case) and must match what the server computes.
 */
export const upgradeUploadQuery = z
  .object({
    fileVersion: version('fileVersion'),
    checkType: z.enum(CHECK_TYPES, { error: `checkType must be one of ${CHECK_TYPES.join(', ')}` }).default('SHA256'),
    checkSum: text()
      .trim()
      .toLowerCase()
      .regex(/^([0-9a-f]{32}|[0-9a-f]{40}|[0-9a-f]{64})?$/, 'checkSum must be hexadecimal')
      .transform((v) => (v === '' ? undefined : v))
      .optional(),
    deviceTypes: deviceTypeList,
    /** Devices below this version are not offered the package. */
    minVersion: version('minVersion').optional(),
    releaseNotes: optionalText(RELEASE_NOTES_MAX, 'releaseNotes'),
  })
  .superRefine((q, ctx) => {
    if (q.checkSum && q.checkSum.length !== CHECK_SUM_LENGTH[q.checkType]) {
      ctx.addIssue({
        code: 'custom',
        path: ['checkSum'],
        message: `checkSum must be ${CHECK_SUM_LENGTH[q.checkType]} hexadecimal digits for ${q.checkType}`,
      });
    }
  });

/** `PUT /api/upgrade/update`: what may change after the upload (never the file or its checksums). */
export const updateUpgradeBody = z.object({
  id: rowId('id is required'),
  fileVersion: version('fileVersion').optional(),
  deviceTypes: deviceTypeList.optional(),
  minVersion: version('minVersion').nullable().optional(),
  releaseNotes: optionalText(RELEASE_NOTES_MAX, 'releaseNotes').nullable(),
});

const UPGRADE_SORT_FIELDS = ['id', 'fileName', 'fileVersion', 'fileSize', 'status', 'createdAt'] as const;

export const upgradeListQuery = sortedPageQuery(UPGRADE_SORT_FIELDS).extend({
  /** File name contains. */
  fileName: textFilter(255),
  /** Version contains. */
  fileVersion: textFilter(64),
  status: z.enum(UPGRADE_STATUSES).optional(),
  checkType: z.enum(CHECK_TYPES).optional(),
  /** Packages that apply to this device type. */
  deviceType: z.enum(DEVICE_TYPES).optional(),
});

export const upgradeItem = z.object({
  id: z.number(),
  fileName: z.string(),
  fileVersion: z.string(),
  /** Bytes. */
  fileSize: z.number(),
  checkType: z.enum(CHECK_TYPES),
  /** The digest of `checkType`, lower-case hex. */
  checkSum: z.string(),
  md5: z.string(),
  sha1: z.string(),
  sha256: z.string(),
  /** Where an admin downloads it (devices get signed URLs of their own). */
  fileUrl: z.string(),
  status: z.enum(UPGRADE_STATUSES),
  deviceTypes: z.array(z.enum(DEVICE_TYPES)),
  minVersion: z.string().nullable(),
  releaseNotes: z.string().nullable(),
  /** Rollouts still open (running or paused) on it: while > 0 it cannot be deleted. */
  openRollouts: z.number(),
  createdAt: z.string(),
  createdId: z.number().nullable(),
});
export type UpgradeItem = z.infer<typeof upgradeItem>;
