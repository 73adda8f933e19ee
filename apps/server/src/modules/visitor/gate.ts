import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { insertOwedPersonnel } from './gatePersonnel.ts';
import { insertOwedWorkers } from './gateWorkers.ts';

/**
 * Marking the per-device person outbox (`gate_persons`, drained by gateSync.ts). A mark says "what this
 * device holds of this person may be wrong now"; the dispatcher works out the right state when it sends,
 * so a mark is always safe and never needs to say add or remove. Marks are written in the transaction of
 * the change that caused them, so a committed change is never forgotten by the gates; call
 * `GateSync.kick()` after the commit for a prompt send.
 */

/**
 * For the dispatcher's own bookkeeping (expanding marks, claiming, confirming): its commit does not wait
 * for the WAL flush. A crash may lose the last such commits, never a change's marks: a lost expansion
 * keeps its mark and is expanded again, a lost claim lapses, a lost confirmation sends the person
 * again (`persons.add` is idempotent). A publish writes a million rows this way.
 */
export const LAZY_COMMIT = sql`select set_config('synchronous_commit', 'off', true)`;

/** The person id a device knows a visitor by. */
export const visitorPersonId = (visitorId: number) => `V${visitorId}`;

/** A list of ids as one parameter (a subquery), however many there are. */
export const idList = (ids: readonly number[]) =>
  sql`(select value::int from jsonb_array_elements_text(${JSON.stringify([...new Set(ids)])}::jsonb))`;

/**
 * Marks every device that holds or owes any of these visitors, or every person these devices hold or owe.
 * Rows exist for what was sent; new ones are made for what is owed: each valid visitor, on the
 * authorised devices of its project. A person removed from a device by hand (the face library's
 * `excluded`) keeps its row, so the insert finds it and a device mark does not send it back; a change of
 * the visitor itself undoes the removal.
 */
async function mark(db: Db, by: 'visitor' | 'device', ids: readonly number[]) {
  if (!ids.length) return;
  const [held, owed] = by === 'visitor' ? [sql`visitor_id`, sql`v.id`] : [sql`device_id`, sql`vd.device_id`];
  await db.execute(sql`
    update gate_persons set pending = true, gen = gen + 1, next_attempt_at = null
      ${by === 'visitor' ? sql`, excluded = false` : sql``}
    where ${held} in ${idList(ids)}`);
  await db.execute(sql`
    insert into gate_persons (device_id, person_id, visitor_id)
    select vd.device_id, 'V' || v.id, v.id
    from visitors v
    join devices d on d.project_id = v.project_id
    join visitor_devices vd on vd.device_id = d.id
    where ${owed} in ${idList(ids)} and v.status = 'valid' and v.visit_end > now()
    on conflict (device_id, person_id) do nothing`);
}

/** These visitors changed (audited, edited, expired, deleted). */
export const markVisitors = (db: Db, visitorIds: readonly number[]) => mark(db, 'visitor', visitorIds);

/**
 * These devices were authorised or taken off the list (or their configuration re-published): their
 * visitors and their project's personnel (personnel.ts). One row a device now; the dispatcher expands
 * it into the persons (expandDeviceMarks).
 */
export async function markDevices(db: Db, deviceIds: readonly number[]) {
  if (!deviceIds.length) return;
  await db.execute(sql`
    insert into gate_device_marks (device_id)
    select d.id from devices d where d.id in ${idList(deviceIds)}
    on conflict (device_id) do nothing`);
}

/**
 * The dispatcher's first step of a round: up to `limit` marked devices (oldest mark first) become outbox
 * rows, what they hold marked and what they owe (valid visitors, personnel, workers) added, in one transaction
 * with taking their marks. A device marked again meanwhile keeps a new mark and is expanded once more.
 * Answers the number of devices expanded.
 */
export async function expandDeviceMarks(db: Db, limit: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(LAZY_COMMIT);
    const taken = await tx.execute(sql`
      delete from gate_device_marks where device_id in (
        select device_id from gate_device_marks order by marked_at, device_id limit ${limit}
        for update skip locked)
      returning device_id`);
    const ids = rowsOf<{ device_id: number }>(taken).map((r) => r.device_id);
    if (!ids.length) return 0;
    await mark(tx, 'device', ids);
    await insertOwedPersonnel(tx, sql`vd.device_id in ${idList(ids)}`);
    await insertOwedWorkers(tx, sql`vd.device_id in ${idList(ids)}`);
    return ids.length;
  });
}
