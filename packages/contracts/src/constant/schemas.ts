import { z } from 'zod';
import { text } from '../shared/text.ts';
import { notText } from '../shared/text-fields.ts';
import { rowId, sortedPageQuery, textFilter } from '../shared/pagination.ts';
import { editStamps } from '../shared/row-fields.ts';

/** Spec 9-style system constants: key/value pairs an admin edits on /isystem/isystem-constants. */
const CONSTANT_KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/;
export const CONSTANT_VALUE_MAX_BYTES = 4096;

/** What `device.heartbeatSeconds` accepts: whole seconds (docs/device-protocol.md section 2). */
export const HEARTBEAT_SECONDS_RANGE = { min: 5, max: 3600 } as const;

/** What `notification.deviceOfflineSeconds` accepts, and its default (5 minutes). */
export const OFFLINE_NOTICE_SECONDS_RANGE = { min: 0, max: 86_400, default: 300 } as const;

/**
 * Constants the server reads, with what they mean. Absent ones fall back to configuration.
 * - `device.heartbeatSeconds`: how often a device link must send a heartbeat (5-3600, default 30);
 *   a device is offline after two missed heartbeats.
 * - `notification.deviceOfflineSeconds`: how long a device stays offline before its admins and agent
 *   are notified (0-86400, default 300).
 */
export const KNOWN_CONSTANTS = {
  'device.heartbeatSeconds': 'Device heartbeat interval in seconds (5-3600); offline after two missed',
  'notification.deviceOfflineSeconds':
    'Seconds a device stays offline before admins and its agent are notified (0-86400, default 300)',
} as const;

/** Why `value` is not acceptable for `key`, or null. */
export function constantValueProblem(key: string, value: string): string | null {
  if (key === 'device.heartbeatSeconds') {
    const n = Number(value);
    const { min, max } = HEARTBEAT_SECONDS_RANGE;
    return /^\d+$/.test(value) && n >= min && n <= max
      ? null
      : `must be a whole number of seconds from ${min} to ${max}`;
  }
  if (key === 'notification.deviceOfflineSeconds') {
    const { min, max } = OFFLINE_NOTICE_SECONDS_RANGE;
    return /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max
      ? null
      : `must be a whole number of seconds from ${min} to ${max}`;
  }
  return null;
}

const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;

const key = text({ error: notText('key') })
  .trim()
  .regex(CONSTANT_KEY_PATTERN, 'key must be 1-128 letters, digits or _ . : -');
const value = text({ error: notText('value') }).refine((v) => utf8Bytes(v) <= CONSTANT_VALUE_MAX_BYTES, {
  message: 'value is at most 4 KB',
});
const remark = text()
  .trim()
  .max(256, 'remark is at most 256 characters')
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

export const addConstantBody = z.object({ key, value, remark });

export const updateConstantBody = z.object({
  id: rowId('id is required'),
  key: key.optional(),
  value: value.optional(),
  remark,
});

export const CONSTANT_SORT_FIELDS = ['id', 'key', 'createdAt', 'updatedAt'] as const;

export const constantListQuery = sortedPageQuery(CONSTANT_SORT_FIELDS).extend({
  /** Key contains. */
  key: textFilter(128),
  /** Value contains. */
  value: textFilter(256),
});

export const constantItem = z.object({
  id: z.number(),
  key: z.string(),
  value: z.string(),
  remark: z.string().nullable(),
  /** What the server uses it for, when it is one of KNOWN_CONSTANTS. */
  description: z.string().nullable(),
  ...editStamps,
});
export type ConstantItem = z.infer<typeof constantItem>;
