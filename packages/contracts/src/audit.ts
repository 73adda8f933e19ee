import { z } from 'zod';
import { text } from './text.ts';
import { instantRangeFilter, rowIdParam, sortedPageQuery } from './pagination.ts';
import { nullableString } from './rowFields.ts';

export const AUDIT_SORT_FIELDS = ['id', 'createdAt', 'action', 'actorName'] as const;

/** `GET /api/audit/listAll` (admin): newest first unless sorted otherwise. */
export const auditListQuery = sortedPageQuery(AUDIT_SORT_FIELDS).extend({
  /** Actor account contains. */
  actor: text().trim().max(64).optional(),
  actorId: rowIdParam().optional(),
  /** Exact action, e.g. user.update, or a prefix ending in '.', e.g. user. */
  action: text().trim().max(64).optional(),
  targetType: text().trim().max(32).optional(),
  targetId: text().trim().max(64).optional(),
  ...instantRangeFilter,
});
export type AuditListQuery = z.input<typeof auditListQuery>;

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
