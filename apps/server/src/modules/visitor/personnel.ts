import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { markDevices } from './gate.ts';
import { insertOwedPersonnel } from './gatePersonnel.ts';
import { insertOwedWorkers } from './gateWorkers.ts';

export { PHOTO_BASE as FACE_PHOTO_BASE, storePhoto as storeFacePhoto } from './photo.ts';
export { isFreePhoto as isFreeFacePhoto } from './service.ts';

/**
 * Publishing a project's personnel to its face terminals, the port the user and project modules mark
 * through (eslint/boundaries.js SERVER_PORTS). A member of a project (manager or member) who is enabled
 * and has a JPEG or PNG avatar is wanted, as person `U<user id>`, on every face terminal of the project
 * that is on its visitor device list, the same devices its visitors go to. One without a usable photo is
 * not published (no row: the face library does not list it).
 *
 * Marks work as the visitors' (gate.ts): written in the transaction of the change, they only say "look
 * again"; the dispatcher (gateSync.ts) works out what the device should hold when it sends. The callers
 * do not kick the dispatcher: it looks at the outbox every few seconds (GateSyncOptions.everyMs).
 */

/** Whether a change of these user fields reaches the face terminals (what a person sent holds, or whether one is). */
export const seenByGates = (patch: { realName?: unknown; userName?: unknown; avatar?: unknown; enabled?: unknown }) =>
  patch.realName !== undefined ||
  patch.userName !== undefined ||
  patch.avatar !== undefined ||
  patch.enabled !== undefined;

const idList = (ids: readonly number[]) =>
  sql`(select value::int from jsonb_array_elements_text(${JSON.stringify([...new Set(ids)])}::jsonb))`;

/**
 * These users changed in a way their gates see: enabled or disabled, deleted (call before the delete),
 * a new avatar or name. Every device holding or owing one of them is marked, and a removal by hand is
 * undone (as a change of a visitor undoes it).
 */
export async function markPersonnel(db: Db, userIds: readonly number[]) {
  if (!userIds.length) return;
  await db.execute(sql`
    update gate_persons set pending = true, gen = gen + 1, next_attempt_at = null, excluded = false
    where visitor_id is null and person_id in (select 'U' || id from ${idList(userIds)} as ids(id))`);
  await insertOwedPersonnel(db, sql`pm.user_id in ${idList(userIds)}`);
}

/**
 * These users joined or left this project (or changed role in it): only the project's devices are
 * marked, so a removal by hand on another project's terminal stands.
 */
export async function markProjectPersonnel(db: Db, projectId: number, userIds: readonly number[]) {
  if (!userIds.length) return;
  await db.execute(sql`
    update gate_persons g set pending = true, gen = gen + 1, next_attempt_at = null, excluded = false
    from devices d
    where d.id = g.device_id and d.project_id = ${projectId}
      and g.visitor_id is null and g.person_id in (select 'U' || id from ${idList(userIds)} as ids(id))`);
  await insertOwedPersonnel(db, sql`pm.project_id = ${projectId} and pm.user_id in ${idList(userIds)}`);
}

/**
 * These devices moved to another project (or out of any): who their face terminals should hold changed,
 * the visitors and the personnel both.
 */
export const markMovedDevices = (db: Db, deviceIds: readonly number[]) => markDevices(db, deviceIds);

/**
 * These workers of the labour register changed (registered, edited, left, blacklisted, given a photo;
 * deleted: call before the delete): the rows their project's devices hold are marked (found through the
 * outbox's (device, person) key) and what is owed is added (gateWorkers.ts). A worker's face photo is
 * uploaded and stored as a visitor's (`storeFacePhoto`, served under `FACE_PHOTO_BASE`).
 */
export async function markWorkers(db: Db, workerIds: readonly number[]) {
  if (!workerIds.length) return;
  await db.execute(sql`
    update gate_persons g set pending = true, gen = g.gen + 1, next_attempt_at = null, excluded = false
    from labour_workers w
    join devices d on d.project_id = w.project_id
    where w.id in ${idList(workerIds)} and g.device_id = d.id and g.person_id = 'W' || w.id`);
  await insertOwedWorkers(db, sql`w.id in ${idList(workerIds)}`);
}
