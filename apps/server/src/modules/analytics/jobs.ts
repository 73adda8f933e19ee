import type { FastifyBaseLogger } from 'fastify';
import type { ModuleContext } from '../../ports/context.ts';
import { prunePresence, samplePresence, slotOf } from './presence.ts';
import { pruneRollup, rollupGroups } from './rollup.ts';

const ROLLUP_EVERY_MS = 60_000;
/** The presence sampler looks every minute (a fifth of a shorter slot) and samples when a new slot has begun. */
const sampleCheckMs = (slotMs: number) => Math.min(60_000, slotMs / 5);
const RETENTION_EVERY_MS = 3_600_000;

/**
 * The rollup job every minute (and 5 s after start, catching up on what changed while no instance ran),
 * the presence sampler once per slot (PRESENCE_SAMPLE_SECONDS, 5 minutes by default; checked every minute
 * rather than on an interval of the slot's length, whose drift could skip a slot), and hourly (a minute after start) the retention of both: hours and
 * slots older than ANALYTICS_RETENTION_DAYS go. The raw rows' own retention (device link) never touches
 * them, which is what keeps the history. All are safe on every instance at once (rollupGroups serialises
 * itself under a lock; a slot's samples are one INSERT … ON CONFLICT DO NOTHING, written once).
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
  let sampling: Promise<void> | null = null;
  let sampledSlot = 0;
  const slotMs = ctx.config.presenceSampleSeconds * 1000;
  const sample = () => {
    const now = new Date();
    const slot = slotOf(now, slotMs).getTime();
    if (slot === sampledSlot) return;
    sampling ??= samplePresence(ctx.db, now, slotMs)
      .then(
        (n) => {
          sampledSlot = slot;
          log.debug({ groups: n }, 'presence sample');
        },
        (err) => log.warn({ err }, 'presence sample failed'),
      )
      .finally(() => (sampling = null));
  };
  const prune = () =>
    void Promise.all([
      pruneRollup(ctx.db, ctx.config.analyticsRetentionDays),
      prunePresence(ctx.db, ctx.config.analyticsRetentionDays),
    ]).then(
      ([hours, slots]) => (hours || slots) && log.info({ deleted: hours, samples: slots }, 'analytics retention'),
      (err) => log.warn({ err }, 'analytics retention failed'),
    );
  const timers = [
    setInterval(rollup, ROLLUP_EVERY_MS),
    setInterval(sample, sampleCheckMs(slotMs)),
    setInterval(prune, RETENTION_EVERY_MS),
  ];
  const firsts = [setTimeout(rollup, 5_000), setTimeout(sample, 5_000), setTimeout(prune, 60_000)];
  for (const t of [...timers, ...firsts]) t.unref();
  // Stopping waits for a run in progress: the database closes after it.
  return async () => {
    for (const t of timers) clearInterval(t);
    for (const t of firsts) clearTimeout(t);
    await Promise.all([running, sampling]);
  };
}
