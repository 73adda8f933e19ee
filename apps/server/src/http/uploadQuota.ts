import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { tooManyRequests } from '../core/errors.ts';
import { t } from '../core/messages/index.ts';

const DAY_MS = 24 * 3_600_000;

/**
 * The per-user upload quota (`UPLOAD_DAILY_MAX_BYTES`): the bytes of images (`files`) and face photos
 * (`visitor_photos`) a user uploaded in the last 24 hours, plus `adding`, may not pass `limit`. Past it,
 * a 429 envelope saying the limit, with `Retry-After` until the oldest upload in the window leaves it.
 * Called before an upload is read (`adding` 0: already at the limit) and once its size is known (its
 * bytes are removed by the caller when refused). A self-registering visitor's photo has no user: the
 * SELF_REG_* limits count those. Firmware packages (admins', UPGRADE_MAX_BYTES each) are not counted.
 */
export async function checkUploadQuota(db: Db, userId: number, limit: number, adding = 0): Promise<void> {
  const since = new Date(Date.now() - DAY_MS).toISOString();
  const result = await db.execute(sql`
    select coalesce(sum(size), 0)::bigint as used, min(created_at) as oldest from (
      select size, created_at from files where uploader_id = ${userId} and created_at > ${since}::timestamptz
      union all
      select size, created_at from visitor_photos where uploader_id = ${userId} and created_at > ${since}::timestamptz
    ) recent`);
  const [row] = rowsOf<{ used: string | number; oldest: Date | string | null }>(result);
  const used = Number(row?.used ?? 0);
  if (used + adding <= limit && (adding > 0 || used < limit)) return;
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : Date.now();
  throw tooManyRequests(t('file.dailyQuota', { mb: Math.floor(limit / 1024 / 1024) || 1 }), new Date(oldest + DAY_MS));
}
