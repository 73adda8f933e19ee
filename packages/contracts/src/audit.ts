import { z } from 'zod';
import { instant, pageQuery } from './pagination.ts';

/** `GET /api/audit/listAll` (admin): newest first. */
export const auditListQuery = pageQuery.extend({
  /** Actor account contains. */
  actor: z.string().trim().max(64).optional(),
  actorId: z.coerce.number().int().positive().optional(),
  /** Exact action, e.g. user.update, or a prefix ending in '.', e.g. user. */
  action: z.string().trim().max(64).optional(),
  targetType: z.string().trim().max(32).optional(),
  targetId: z.string().trim().max(64).optional(),
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
