import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { LAZY_COMMIT } from './gate.ts';

/**
 * The dispatcher's hold on a device (gate_device_leases): one sender leases a device, reads its due
 * outbox rows in id order a batch at a time and sends them, then releases it. Rows are read, not
 * claimed: nothing is written to a row until its result is known, and no claim of one sender waits for
 * another's (a publish of 10,000 persons to 100 terminals is 5,000 batches).
 */

/**
 * A lease lasts this long unless renewed: short, so a device whose sender died (a crash, kill -9, a lost
 * instance) is taken up by another dispatcher, or by the same instance restarted, within seconds. The
 * holder renews it every RENEW_EVERY_MS while it works, whatever it waits for (a terminal may take a
 * minute to add a batch), so a live sender is never taken over.
 */
export const LEASE_SECONDS = 15;
/** A sender renews its lease this often while it holds it (three chances before it lapses). */
export const RENEW_EVERY_MS = 5_000;

/** An outbox row as the sender reads it; `gen` is the row's mark count then (see gate.ts). */
export interface OutboxRow {
  id: number;
  device_id: number;
  person_id: string;
  visitor_id: number | null;
  on_device: boolean;
  sent_hash: string | null;
  excluded: boolean;
  gen: number;
}

const due = (g: string) => sql.raw(`${g}.pending and (${g}.next_attempt_at is null or ${g}.next_attempt_at <= now())`);

/**
 * Leases the first online device with due rows that nobody holds. Answers its id, null when no device
 * is due, or 'contended' when another dispatcher took the device between looking and leasing (look again).
 */
export async function leaseDevice(db: Db, token: string): Promise<number | null | 'contended'> {
  return db.transaction(async (tx) => {
    await tx.execute(LAZY_COMMIT);
    const [row] = rowsOf<{ candidate: number | null; device_id: number | null }>(
      await tx.execute(sql`
        with ready as (
          select d.id from devices d
          where d.online_status = 'online'
            and not exists (select 1 from gate_device_leases l where l.device_id = d.id and l.until > now())
            and exists (select 1 from gate_persons p where p.device_id = d.id and ${due('p')})
          order by d.id
          limit 1
        ), leased as (
          insert into gate_device_leases (device_id, token, until)
          select id, ${token}, now() + make_interval(secs => ${LEASE_SECONDS}::float8) from ready
          on conflict (device_id) do update set token = excluded.token, until = excluded.until
            where gate_device_leases.until <= now()
          returning device_id
        )
        select (select id from ready) as candidate, (select device_id from leased) as device_id`),
    );
    if (row?.device_id != null) return row.device_id;
    return row?.candidate != null ? 'contended' : null;
  });
}

/** Extends a lease this sender holds; false when it lapsed and another took the device (stop sending). */
export async function renewLease(db: Db, deviceId: number, token: string): Promise<boolean> {
  const res = await db.execute(sql`
    update gate_device_leases set until = now() + make_interval(secs => ${LEASE_SECONDS}::float8)
    where device_id = ${deviceId} and token = ${token}
    returning device_id`);
  return rowsOf(res).length > 0;
}

export async function releaseLease(db: Db, deviceId: number, token: string) {
  await db.execute(sql`delete from gate_device_leases where device_id = ${deviceId} and token = ${token}`);
}

/**
 * The next due rows of a leased device after `afterId`, in id order from the partial index
 * `(device_id, id) where pending`, stopping at `limit`: the planner's row counts lag behind a publish
 * (its statistics see a few rows a device where expansion just wrote 10,000), so left to itself it
 * would fetch and sort every pending row of the device for each batch.
 */
export async function dueRows(db: Db, deviceId: number, afterId: number, limit: number): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('enable_bitmapscan', 'off', true), set_config('enable_sort', 'off', true)`);
    return rowsOf<OutboxRow>(
      await tx.execute(sql`
        select g.id, g.device_id, g.person_id, g.visitor_id, g.on_device, g.sent_hash, g.excluded, g.gen
        from gate_persons g
        where g.device_id = ${deviceId} and g.id > ${afterId} and ${due('g')}
        order by g.id
        limit ${limit}`),
    );
  });
}
