import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { visitorApi } from '@siteops/contracts/visitor/api';
import type { FacePersonItem, FaceSyncState } from '@siteops/contracts/visitor/gate';
import { VISITOR_DEVICE_TYPES } from '@siteops/contracts/visitor/device';
import { scope, type Caller } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { loadOr404 } from '../../db/crud.ts';
import { devices, gatePersons, users, visitors, type GatePersonRow } from '../../db/schema/index.ts';
import type { Handler, HandlerContext } from '../../http/endpoint.ts';
import { readPage } from '../../http/readPage.ts';
import { notFoundOf } from '../../core/errors.ts';
import { contains, countAll } from '../../core/list.ts';
import { userOfPersonId } from './gatePersonnel.ts';
import type { GateSync } from './gateSync.ts';
import type { AuditAction } from '@siteops/contracts/audit/actions';

/**
 * The face library of one face terminal: the persons the server keeps on it (the outbox `gate_persons`,
 * one row per person the device holds, should hold or should lose: visitors `V…` and the project's
 * personnel `U…`) with their sync state, and the two
 * things a person at the console can do about one of them: send it again, or take it off this device.
 * Whoever sees the device in the device list may (admin, its agent, a manager of its project).
 */

/** A face device in the caller's scope, else 404 (another tenant's, or not a face device). */
async function loadFaceDevice(db: Db, caller: Caller, id: number) {
  const device = await loadOr404(db, {
    table: devices,
    idColumn: devices.id,
    id,
    scope: scope.devices(caller),
    what: 'Device',
  });
  if (!(VISITOR_DEVICE_TYPES as readonly string[]).includes(device.type)) throw notFoundOf('Device');
  return device;
}

const stateOf = (r: Pick<GatePersonRow, 'pending' | 'excluded' | 'attempts' | 'onDevice'>): FaceSyncState => {
  if (r.excluded && !r.pending) return 'removed';
  if (r.pending) return r.attempts > 0 ? 'failed' : 'pending';
  return r.onDevice ? 'synced' : 'removed';
};

/** A `U<id>` row's user: the person id is the only link (no column; personnel.ts). */
const userOfRow = and(sql`${gatePersons.visitorId} is null`, sql`${gatePersons.personId} = 'U' || ${users.id}`);
const nameOf = sql<
  string | null
>`coalesce(${visitors.realName}, nullif(trim(${users.realName}), ''), ${users.userName})`;

export const listFaces: Handler<typeof visitorApi.faces> = async ({ db, caller }, q) => {
  const device = await loadFaceDevice(db, caller, q.deviceId);
  const where = and(
    eq(gatePersons.deviceId, device.id),
    q.keyword
      ? or(
          contains(visitors.realName, q.keyword),
          contains(users.realName, q.keyword),
          contains(users.userName, q.keyword),
          eq(gatePersons.personId, q.keyword),
        )
      : undefined,
  );
  const { rows, total } = await readPage(
    q,
    // Personnel and visitors by name; a row whose person is gone (still to be removed) last.
    db
      .select({ g: gatePersons, v: visitors, name: nameOf, userStatus: users.enabled })
      .from(gatePersons)
      .leftJoin(visitors, eq(visitors.id, gatePersons.visitorId))
      .leftJoin(users, userOfRow)
      .where(where)
      .orderBy(sql`${nameOf} is null`, asc(nameOf), asc(gatePersons.id)),
    db
      .select({ total: countAll })
      .from(gatePersons)
      .leftJoin(visitors, eq(visitors.id, gatePersons.visitorId))
      .leftJoin(users, userOfRow)
      .where(where),
  );
  const list: FacePersonItem[] = rows.map(({ g, v, name, userStatus }) => {
    const userId = g.visitorId === null ? userOfPersonId(g.personId) : null;
    return {
      personId: g.personId,
      role: userId === null ? 'visitor' : 'worker',
      visitorId: g.visitorId,
      userId,
      name,
      status: v?.status ?? userStatus ?? null,
      visitStart: v?.visitStart.toISOString() ?? null,
      visitEnd: v?.visitEnd.toISOString() ?? null,
      state: stateOf(g),
      onDevice: g.onDevice,
      syncedAt: g.syncedAt?.toISOString() ?? null,
      attempts: g.attempts,
      lastError: g.lastError,
    };
  });
  return { list, total, page: q.page, pageSize: q.pageSize };
};

/** The person's row on a device in scope, else 404. */
async function loadFace(db: Db, caller: Caller, deviceId: number, personId: string) {
  const device = await loadFaceDevice(db, caller, deviceId);
  const [row] = await db
    .select()
    .from(gatePersons)
    .where(and(eq(gatePersons.deviceId, device.id), eq(gatePersons.personId, personId)));
  if (!row) throw notFoundOf('FacePerson');
  return row;
}

/**
 * Mark the person's row for the dispatcher again (pending, a new generation, its retries from scratch)
 * with `changes`, audited as `action` on the device, and wake the dispatcher.
 */
async function markFace(
  c: HandlerContext,
  gate: Pick<GateSync, 'kick'>,
  { deviceId, personId }: { deviceId: number; personId: string },
  action: AuditAction,
  changes: Partial<GatePersonRow>,
) {
  const row = await loadFace(c.db, c.caller, deviceId, personId);
  await c.db.transaction(async (tx) => {
    await tx
      .update(gatePersons)
      .set({ pending: true, gen: sql`${gatePersons.gen} + 1`, attempts: 0, nextAttemptAt: null, ...changes })
      .where(eq(gatePersons.id, row.id));
    await c.audit({ action, targetType: 'device', targetId: deviceId, detail: { personId } }, tx);
  });
  gate.kick();
  return null;
}

/**
 * Send the person again as it should be now: the hash of what was sent is forgotten, so an unchanged
 * person is sent too (a terminal that lost it, say after a factory reset, gets it back), and a removal
 * by hand is undone. A person that should not be on the device (a visit ended, a member gone) is removed
 * instead.
 */
export const resyncFace =
  (gate: Pick<GateSync, 'kick'>): Handler<typeof visitorApi.resyncFace> =>
  async (c, face) =>
    markFace(c, gate, face, 'visitor.resyncFace', { excluded: false, sentHash: null, lastError: null });

/**
 * Take the person off this device only. The row stays, marked `excluded`, so neither a re-publish nor the
 * device coming back sends it again; a change of the person (a visitor edited or audited, a user's
 * name, photo or enabled state) or a re-sync does.
 */
export const removeFace =
  (gate: Pick<GateSync, 'kick'>): Handler<typeof visitorApi.removeFace> =>
  async (c, face) =>
    markFace(c, gate, face, 'visitor.removeFace', { excluded: true });
