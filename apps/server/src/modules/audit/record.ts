import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { UNSTORABLE } from '@siteops/contracts/shared/text';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { maskPii } from '../../crypto/pii.ts';
import type { AuditEntry } from '../../ports/context.ts';
import type { AuditAction } from '@siteops/contracts/audit/actions';
import { isPersonalField, isSecretField, MAX_VALUE_CHARS } from './changes.ts';

// What other modules use to record an update's before and after (this file is the module's port).
export { auditChanges, decrypted } from './changes.ts';

/**
 * Audits what the caller did to its own account: its user row is the target. `c` is a handler's
 * context (its signed-in user and its audit).
 */
export function auditOwnAccount(
  c: { user: { id: number }; audit(entry: AuditEntry, tx?: Db): Promise<void> },
  action: AuditAction,
  detail?: Record<string, unknown>,
  tx?: Db,
) {
  return c.audit({ action, targetType: 'user', targetId: c.user.id, detail }, tx);
}

/** The audit_log.target_id column's width. */
export const TARGET_ID_CHARS = 64;

/**
 * Write one audit row for a request and answer its id; every mutation calls this. A target too long
 * for its column (a batch's id list) is cut there and kept whole in `detail.targetIds`, so a large
 * batch never fails on its own audit row; neither does text PostgreSQL cannot store (see
 * {@link storable}).
 */
export async function recordAudit(db: Db, request: FastifyRequest, entry: AuditEntry): Promise<number> {
  let targetId = entry.targetId === undefined ? undefined : storable(String(entry.targetId));
  let detail = entry.detail === undefined ? undefined : storable(entry.detail);
  if (targetId !== undefined && targetId.length > TARGET_ID_CHARS) {
    detail = { ...detail, targetIds: targetId };
    targetId = `${targetId.slice(0, TARGET_ID_CHARS - 1)}…`;
  }
  const actor = entry.actor ?? {
    id: request.auth?.user.id ?? null,
    name: request.auth?.user.userName ?? null,
  };
  const [row] = await db
    .insert(auditLog)
    .values({
      actorId: actor.id,
      actorName: actor.name === null ? null : storable(actor.name),
      action: storable(entry.action),
      targetType: entry.targetType === undefined ? undefined : storable(entry.targetType),
      targetId,
      detail,
      ip: request.ip,
    })
    .returning({ id: auditLog.id });
  return row!.id;
}

/** Add the outcome of what a row recorded before it happened (a device command) to its detail. */
export async function completeAudit(db: Db, id: number, detail: Record<string, unknown>) {
  await db
    .update(auditLog)
    .set({ detail: sql`coalesce(${auditLog.detail}, '{}'::jsonb) || ${JSON.stringify(storable(detail))}::jsonb` })
    .where(eq(auditLog.id, id));
}

/**
 * The value with every NUL and unpaired UTF-16 surrogate (in keys too) replaced by U+FFFD: `jsonb`
 * refuses both and `text` refuses NUL, and an audit row must never fail because of what a client or a
 * device sent (a device command runs only once its row is written).
 */
export function storable<T>(value: T): T {
  if (typeof value === 'string') return value.replace(UNSTORABLE_ALL, '\uFFFD') as T;
  if (Array.isArray(value)) return value.map(storable) as T;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(k), storable(v)])) as T;
  }
  return value;
}
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

/**
 * The `detail` of a mutation: the names of the fields it set and their new values, with personal data
 * masked (ID, card and phone numbers, emails), secrets left out and long text cut. Values must be the
 * plain ones the client sent, never ciphertext. An update adds `changes` ({@link auditChanges}) in `extra`.
 */
export function changeSet(patch: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const fields = Object.keys(patch).filter((k) => patch[k] !== undefined);
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    if (isSecretField(field)) continue;
    const value = patch[field];
    if (isPersonalField(field) && typeof value === 'string') values[field] = maskPii(value);
    else if (typeof value === 'string' && value.length > MAX_VALUE_CHARS)
      values[field] = `${value.slice(0, MAX_VALUE_CHARS)}…`;
    else if (value !== null && typeof value === 'object' && !Array.isArray(value))
      values[field] = changeSet(value as Record<string, unknown>).values;
    else values[field] = value;
  }
  return { fields, values, ...extra };
}
