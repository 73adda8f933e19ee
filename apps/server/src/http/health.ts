import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Code } from '@siteops/contracts/shared/envelope';
import type { Db } from '../db/client.ts';
import type { Bus } from '../bus/bus.ts';
import { requestLang } from './envelope.ts';
import { t } from '../core/messages/index.ts';

/** A health answer is reused this long: load balancers and benchmarks may call it thousands of times a second. */
const CACHE_MS = 1_000;
/** A database that takes longer than this for `select 1` counts as down. */
const DB_CHECK_TIMEOUT_MS = 2_000;

type Dep = 'up' | 'down';
export interface Health {
  status: Dep;
  database: Dep;
  /** Absent without REDIS_URL (the in-process bus cannot fail). */
  redis?: Dep;
}

async function databaseUp(db: Db): Promise<Dep> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Dep>((resolve) => {
    timer = setTimeout(() => resolve('down'), DB_CHECK_TIMEOUT_MS);
  });
  const query = db.execute(sql`select 1`).then(
    (): Dep => 'up',
    (): Dep => 'down',
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /api/health` for load balancers: 200 when the database answers (and the Redis bus is connected,
 * when there is one), else 503 naming what is down, so a broken instance is taken out of rotation.
 * One check at a time, its answer reused for a second. On the embedded database a check that waits is
 * a busy database (one connection, e.g. an import's write transaction), never an unreachable one: the
 * last answer stands meanwhile, so a load balancer is not told "slow" about a healthy instance.
 */
export function registerHealth(app: FastifyInstance, db: Db, bus: Bus, { embedded = false } = {}) {
  let cached: { at: number; health: Health } | undefined;
  let pending: Promise<Health> | undefined;
  const compose = (database: Dep): Health => {
    const redis = bus.kind === 'redis' ? (bus.state?.() ?? 'up') : undefined;
    const status = database === 'up' && redis !== 'down' ? 'up' : 'down';
    return redis ? { status, database, redis } : { status, database };
  };
  const current = () => {
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.health;
    pending ??= databaseUp(db)
      .then((database) => {
        cached = { at: Date.now(), health: compose(database) };
        return cached.health;
      })
      .finally(() => (pending = undefined));
    return embedded && cached ? compose(cached.health.database) : pending;
  };

  app.get('/api/health', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const health = await current();
    if (health.status === 'up') return { code: Code.ok, msg: 'success', data: health };
    const dbDown = health.database === 'down';
    return reply.status(503).send({
      code: dbDown ? Code.dbUnavailable : Code.redisUnavailable,
      msg: t(dbDown ? 'health.dbDown' : 'health.redisDown').render(requestLang(request)),
      data: health,
    });
  });
}
