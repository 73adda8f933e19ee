import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { affectedOf } from '../../db/rows.ts';
import { firstThenEvery } from '../../core/rounds.ts';

const EVERY_MS = 3_600_000;

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Deletes channel log rows older than `days`; answers how many went. */
export async function pruneChannelLog(db: Db, days: number): Promise<number> {
  const res = await db.execute(
    sql`delete from alarm_channel_log where at < now() - make_interval(days => ${days}::int)`,
  );
  return affectedOf(res);
}

/**
 * Hourly (and a minute after start): channel log rows older than NOTIFICATION_RETENTION_DAYS go, as the
 * notifications they often sent do. Idempotent, so every instance may run it. Answers a stop function.
 */
export function startLogRetention(db: Db, days: number, log: Log): () => void {
  const prune = () =>
    void pruneChannelLog(db, days).then(
      (n) => n && log.info({ deleted: n }, 'escalation channel log retention'),
      (err: unknown) => log.warn({ err }, 'escalation channel log retention failed'),
    );
  return firstThenEvery(prune, 60_000, EVERY_MS);
}
