import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { Storage } from '../../storage/storage.ts';

/** An upload nobody attached within this long was abandoned (a form cancelled after its uploads). */
export const UNATTACHED_GRACE_MS = 24 * 3_600_000;
const SWEEP_EVERY_MS = 3_600_000;

/**
 * Delete images older than `graceMs` that no user record points at, rows first, then their bytes.
 * Answers the ids removed.
 */
export async function sweepUnattachedFiles(db: Db, storage: Storage, graceMs = UNATTACHED_GRACE_MS) {
  const cutoff = new Date(Date.now() - graceMs).toISOString();
  const result = await db.execute(sql`
    delete from files f
    where f.created_at < ${cutoff}::timestamptz
      and not exists (
        select 1 from users u
        where f.id::text in (u.avatar, u.qr_code, u.id_front_pic, u.id_back_pic, u.card_pic)
      )
    returning f.id`);
  const ids = rowsOf<{ id: string }>(result).map((r) => r.id);
  for (const id of ids) await storage.delete(id);
  return ids;
}

/** Run the sweep hourly for as long as the app lives. */
export function scheduleFileSweep(app: FastifyInstance, db: Db, storage: Storage) {
  const timer = setInterval(() => {
    sweepUnattachedFiles(db, storage).then(
      (ids) => ids.length && app.log.info({ count: ids.length }, 'removed unattached uploads'),
      (err: unknown) => app.log.warn({ err }, 'unattached upload sweep failed'),
    );
  }, SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
