import type { FastifyInstance } from 'fastify';
import type { LivePresence } from '@siteops/contracts/live/schemas';
import type { Bus } from '../bus/bus.ts';
import type { Db } from '../db/client.ts';
import type { Gateway } from './gateway.ts';
import { ensureDayPartitions, pruneEvents, pruneTelemetry } from './store-day-partitions.ts';
import { revokedAmong, sweepStalePresence } from './store-presence.ts';

const RETENTION_EVERY_MS = 3_600_000;
const FIRST_RETENTION_MS = 60_000;
/** Rows a crashed instance left online: the instance that marks them tells every instance's browsers. */
const STALE = 'dl:stale';

export interface LinkJobsOptions {
  telemetryRetentionDays: number;
  eventsRetentionDays: number;
  /** Stale-presence and revocation sweep period. */
  sweepMs: number;
  /** The longest heartbeat interval handed out since start: a row is stale after three of them. */
  longestHeartbeatSeconds: () => number;
}

/**
 * The device link's jobs against the database, on every instance (each is idempotent): telemetry's and
 * events' day partitions made ahead (at start and hourly), their retention, the stale-presence sweep (rows
 * left online by a crashed instance go offline, and every instance's tabs hear it as a presence item) and the
 * revocation sweep (a device forbidden, expired or deleted while linked is cut off with 4010 within one
 * sweep). They stop with `app.close()`.
 */
export async function startLinkJobs(app: FastifyInstance, db: Db, bus: Bus, gateway: Gateway, o: LinkJobsOptions) {
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, fn: () => void) => {
    const t = setInterval(fn, ms);
    t.unref();
    timers.push(t);
  };
  const prune = () =>
    Promise.all([
      pruneTelemetry(db, o.telemetryRetentionDays).then(
        (n) => n && app.log.info({ deleted: n }, 'telemetry retention'),
        (err) => app.log.warn({ err }, 'telemetry retention failed'),
      ),
      pruneEvents(db, o.eventsRetentionDays).then(
        (n) => n && app.log.info({ deleted: n }, 'device events retention'),
        (err) => app.log.warn({ err }, 'device events retention failed'),
      ),
    ]);
  const partitions = () =>
    ensureDayPartitions(db).then(
      (n) => n && app.log.info({ made: n }, 'telemetry and events day partitions'),
      (err) => app.log.warn({ err }, 'telemetry and events day partitions failed'),
    );
  // Awaited on close: the database must not close under it.
  let making: Promise<unknown> = partitions();
  every(RETENTION_EVERY_MS, () => void (making = partitions().then(prune)));
  const firstPrune = setTimeout(() => void prune(), FIRST_RETENTION_MS);
  firstPrune.unref();

  const unsubscribeStale = await bus.subscribe(STALE, (m) => {
    const presence = m as LivePresence;
    if (gateway.isOnline(presence.deviceId)) return;
    gateway.events.emit('device', { kind: 'presence', data: presence }, gateway.instanceId);
  });
  every(o.sweepMs, () => {
    sweepStalePresence(db, o.longestHeartbeatSeconds()).then(
      (rows) => {
        for (const presence of rows) bus.publish(STALE, presence).catch(() => {});
      },
      (err) => app.log.warn({ err }, 'stale presence sweep failed'),
    );
    revokedAmong(db, gateway.registry.deviceIds()).then(
      (ids) => {
        for (const id of ids) void gateway.disconnect(id);
      },
      (err) => app.log.warn({ err }, 'revocation sweep failed'),
    );
  });

  app.addHook('preClose', async () => {
    for (const t of timers) clearInterval(t);
    clearTimeout(firstPrune);
    await making;
  });
  app.addHook('onClose', async () => {
    await unsubscribeStale().catch(() => {});
  });
}
