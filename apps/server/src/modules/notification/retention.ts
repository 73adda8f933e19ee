import type { FastifyBaseLogger } from 'fastify';
import type { ModuleContext } from '../../ports/context.ts';
import { firstThenEvery } from '../../core/rounds.ts';
import { pruneNotifications } from './service.ts';

const EVERY_MS = 3_600_000;

/**
 * Hourly (and a minute after start): notifications older than NOTIFICATION_RETENTION_DAYS go, like
 * the device link's telemetry and event retention. Idempotent, so every instance may run it.
 */
export function startRetention(ctx: ModuleContext, log: FastifyBaseLogger): () => void {
  const prune = () =>
    void pruneNotifications(ctx.db, ctx.config.notificationRetentionDays).then(
      (n) => n && log.info({ deleted: n }, 'notification retention'),
      (err) => log.warn({ err }, 'notification retention failed'),
    );
  return firstThenEvery(prune, 60_000, EVERY_MS);
}
