import { z } from 'zod';
import { text } from './text.ts';
import { instant, pageQuery, rowIdParam, sortQuery } from './pagination.ts';

export const AUDIT_SORT_FIELDS = ['id', 'createdAt', 'action', 'actorName'] as const;

/** `GET /api/audit/listAll` (admin): newest first unless sorted otherwise. */
export const auditListQuery = pageQuery.extend({
  ...sortQuery(AUDIT_SORT_FIELDS).shape,
  /** Actor account contains. */
  actor: text().trim().max(64).optional(),
  actorId: rowIdParam().optional(),
  /** Exact action, e.g. user.update, or a prefix ending in '.', e.g. user. */
  action: text().trim().max(64).optional(),
  targetType: text().trim().max(32).optional(),
  targetId: text().trim().max(64).optional(),
  from: instant.optional(),
  to: instant.optional(),
});
export type AuditListQuery = z.input<typeof auditListQuery>;

export const auditItem = z.object({
  id: z.number(),
  actorId: z.number().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** `{ fields: [...changed field names], values: {...new values, PII masked} }` and context. */
  detail: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditItem = z.infer<typeof auditItem>;
