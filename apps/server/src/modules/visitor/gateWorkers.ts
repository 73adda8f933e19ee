import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * A project's workers (the labour register, issue 35) on its face terminals: person `W<worker id>` on
 * every authorised access device (visitor_devices) of the worker's project, while the worker is on site
 * and has a face photo (a visitor_photos row, checked as visitors' are), unless kept off for want of a
 * valid required certificate (`certificate_barred`, the labour module's). Left, blacklisted or barred, or
 * moved off the device's project, it is removed. Read from the register's table here, as personnel are read
 * from project_members (gatePersonnel.ts): the outbox is this module's.
 */

const WORKER_PERSON_ID = /^W(\d{1,9})$/;

/** The worker a `W<id>` person id names, else null. */
export const workerOfPersonId = (personId: string): number | null => {
  const m = WORKER_PERSON_ID.exec(personId);
  return m ? Number(m[1]) : null;
};

/** Makes the missing outbox rows of what is owed among the workers `where` selects (on `w` or `vd`). */
export const insertOwedWorkers = (db: Db, where: SQL) =>
  db.execute(sql`
    insert into gate_persons (device_id, person_id)
    select vd.device_id, 'W' || w.id
    from labour_workers w
    join visitor_photos p on p.id = w.photo
    join devices d on d.project_id = w.project_id
    join visitor_devices vd on vd.device_id = d.id
    where w.status = 'on_site' and not w.certificate_barred and ${where}
    on conflict (device_id, person_id) do nothing`);

export interface WantedWorker {
  id: number;
  project_id: number;
  real_name: string;
  photo: string;
  sha256: string;
  size: number;
}

/** The on-site workers with a photo among `ids`, by id. */
export async function wantedWorkers(db: Db, ids: readonly number[]): Promise<Map<number, WantedWorker>> {
  if (!ids.length) return new Map();
  const res = await db.execute(sql`
    select w.id, w.project_id, w.real_name, w.photo, p.sha256, p.size
    from labour_workers w join visitor_photos p on p.id = w.photo
    where w.id in (select value::int from jsonb_array_elements_text(${JSON.stringify([...new Set(ids)])}::jsonb))
      and w.status = 'on_site' and not w.certificate_barred`);
  return new Map(rowsOf<WantedWorker>(res).map((r) => [r.id, r]));
}
