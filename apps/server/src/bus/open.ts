import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createMemoryBus, type Bus } from './bus.ts';
import { busPrefix } from './namespace.ts';

/**
 * The deployment's bus: Redis when REDIS_URL is set, its channels prefixed per deployment
 * (REDIS_NAMESPACE, else the database's identity: bus/namespace.ts), else the in-process bus. A Redis
 * outage is one warning and one line when it is back; the instance carries on alone meanwhile.
 */
export async function openBus(db: Db, config: Config, log: FastifyBaseLogger, prefix?: string): Promise<Bus> {
  if (!config.redisUrl) return createMemoryBus();
  // ioredis is loaded only for a deployment that uses it (about 25 MB resident once loaded).
  const { createRedisBus } = await import('./redis.ts');
  return createRedisBus(config.redisUrl, {
    prefix: prefix ?? (await busPrefix(db, config)),
    // ioredis reports every failed reconnect; the outage itself is one warning (onState).
    onError: (err) => log.debug({ err }, 'redis bus'),
    onState: (state, reason) =>
      state === 'down'
        ? log.warn({ reason }, 'Redis unavailable: running as a single instance until it returns')
        : log.info('Redis is back: instances share devices and live events again'),
  });
}
