import { z } from 'zod';
import { instantRangeFilter, rowIdParam, sortedPageQuery, textFilter } from '../shared/pagination.ts';
import { nullableString } from '../shared/row-fields.ts';

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

export const auditItem = z.object({
  id: z.number(),
  actorId: z.number().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  ...auditTarget,
  /** `{ fields: [...changed field names], values: {...new values, PII masked} }` and context. */
  detail: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditItem = z.infer<typeof auditItem>;
