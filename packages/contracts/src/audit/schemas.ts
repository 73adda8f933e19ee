import { z } from 'zod';
import { instantRangeFilter, rowIdParam, sortedPageQuery, textFilter } from '../shared/pagination.ts';
import { nullableRef, nullableString } from '../shared/row-fields.ts';

const AUDIT_SORT_FIELDS = ['id', 'createdAt', 'action', 'actorName'] as const;

/** `GET /api/audit/listAll` (admin): newest first unless sorted otherwise. */
export const auditListQuery = sortedPageQuery(AUDIT_SORT_FIELDS).extend({
  /** Actor account contains. */
  actor: textFilter(64),
  actorId: rowIdParam().optional(),
  /** Exact action, e.g. user.update, or a prefix ending in '.', e.g. user. */
  action: textFilter(64),
  targetType: textFilter(32),
  targetId: textFilter(64),
  ...instantRangeFilter,
});

/**
 * What an audit row is about: the kind of row (`user`, `project`…) and its id, as text since some
 * targets are not numbered rows. Every view of the audit log answers them alike.
 */
export const auditTarget = {
  targetType: nullableString,
  targetId: nullableString,
};

/**
 * One field an update changed: its value before and after (personal data masked: ID, card and phone
 * numbers, emails), or only its name for a password or secret, whose values are never kept. A nested
 * field is named by its path (`user.phone`, `condition.value`).
 */
export const auditChange = z.union([
  z.object({ field: z.string(), before: z.unknown(), after: z.unknown() }),
  z.object({ field: z.string(), redacted: z.literal(true) }),
]);
export type AuditChange = z.infer<typeof auditChange>;

/**
 * An audit row's detail: `{ fields: [...field names sent], values: {...new values, PII masked} }` and
 * context; an update's row also `changes`, the fields that really changed, before and after.
 */
export const auditDetail = z.looseObject({ changes: z.array(auditChange).optional() });
export type AuditDetail = z.infer<typeof auditDetail>;

export const auditItem = z.object({
  id: z.number(),
  ...nullableRef('actor'),
  action: z.string(),
  ...auditTarget,
  detail: auditDetail.nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditItem = z.infer<typeof auditItem>;
