import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

export interface AuditEntry {
  action: string;
  targetType?: string;
  targetId?: string | number;
  /** Changed fields and context; callers mask PII before it gets here. */
  detail?: Record<string, unknown>;
  /** Defaults to the request's authenticated user. */
  actor?: { id: number | null; name: string | null };
}

/** Write one audit row for a request; every mutation calls this. */
export async function recordAudit(db: Db, request: FastifyRequest, entry: AuditEntry) {
  const actor = entry.actor ?? {
    id: request.auth?.user.id ?? null,
    name: request.auth?.user.userName ?? null,
  };
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorName: actor.name,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId === undefined ? undefined : String(entry.targetId),
    detail: entry.detail,
    ip: request.ip,
  });
}
