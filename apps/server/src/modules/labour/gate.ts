import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Workers on the face terminals, through the visitors' per-device person outbox (`gate_persons`,
 * modules/visitor/gateSync.ts): a worker is the person `W<id>` on every authorised access device
 * (visitor_devices) of its project while it is on site and has a face photo. A mark says "what the
 * devices hold of these workers may be wrong now"; the dispatcher works out the rest when it sends.
 */
export interface WorkerGates {
  /** Mark these workers in the transaction of the change. */
  mark(db: Db, workerIds: readonly number[]): Promise<void>;
  /** Send soon (after the commit); without it the dispatcher's own round finds them within seconds. */
  kick(): void;
}

/** Ids as one parameter (a subquery), however many there are. */
const idList = (ids: readonly number[]) =>
  sql`(select value::int from jsonb_array_elements_text(${JSON.stringify([...new Set(ids)])}::jsonb))`;

/** The missing outbox rows of what is owed: on-site workers with a photo, on the access devices of their project. */
export const insertOwedWorkers = (db: Db, where: SQL) =>
  db.execute(sql`
    insert into gate_persons (device_id, person_id)
    select vd.device_id, 'W' || w.id
    from labour_workers w
    join visitor_photos p on p.id = w.photo
    join devices d on d.project_id = w.project_id
    join visitor_devices vd on vd.device_id = d.id
    where w.status = 'on_site' and ${where}
    on conflict (device_id, person_id) do nothing`);

/**
 * These workers changed (registered, edited, left, blacklisted, deleted): the rows their project's devices
 * hold are marked (found through the (device, person) key), and what is owed is added.
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

export const workerGates = (kick: () => void = () => {}): WorkerGates => ({ mark: markWorkers, kick });
