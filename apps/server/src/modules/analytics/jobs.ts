import type { FastifyBaseLogger } from 'fastify';
import type { ModuleContext } from '../../app/context.ts';
import { pruneRollup, rollupGroups } from './rollup.ts';

const ROLLUP_EVERY_MS = 60_000;
const RETENTION_EVERY_MS = 3_600_000;

/**
 * The rollup job every minute (and 5 s after start, catching up on what changed while no instance ran),
 * and hourly (a minute after start) the rollup's retention: hours older than ANALYTICS_RETENTION_DAYS
 * go. The raw rows' own retention (device link) never touches the rollup, which is what keeps the
 * history. Both are safe on every instance at once (rollupGroups serialises them under a lock).
 */
export function startRollupJobs(ctx: ModuleContext, log: FastifyBaseLogger): () => Promise<void> {
  let running: Promise<void> | null = null;
  const rollup = () => {
    running ??= rollupGroups(ctx.db)
      .then(
        (n) => void (n && log.debug({ hours: n }, 'analytics rollup')),
        (err) => log.warn({ err }, 'analytics rollup failed'),
      )
      .finally(() => (running = null));
  };
  const prune = () =>
    void pruneRollup(ctx.db, ctx.config.analyticsRetentionDays).then(
      (n) => n && log.info({ deleted: n }, 'analytics rollup retention'),
      (err) => log.warn({ err }, 'analytics rollup retention failed'),
    );
  const timers = [setInterval(rollup, ROLLUP_EVERY_MS), setInterval(prune, RETENTION_EVERY_MS)];
  const firsts = [setTimeout(rollup, 5_000), setTimeout(prune, 60_000)];
  for (const t of [...timers, ...firsts]) t.unref();
  // Stopping waits for a run in progress: the database closes after it.
  return async () => {
    for (const t of timers) clearInterval(t);
    for (const t of firsts) clearTimeout(t);
    await running;
  };
}
