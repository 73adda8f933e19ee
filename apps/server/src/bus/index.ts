import { createMemoryBus, type Bus } from './bus.ts';
import { createRedisBus } from './redis.ts';

export type { Bus, BusHandler } from './bus.ts';
export { createMemoryBus } from './bus.ts';
export { createRedisBus } from './redis.ts';

/** Redis when a URL is given (config.redisUrl, from REDIS_URL), else the in-process bus. */
export async function createBus(opts: { redisUrl?: string; onError?: (err: Error) => void }): Promise<Bus> {
  return opts.redisUrl ? createRedisBus(opts.redisUrl, { onError: opts.onError }) : createMemoryBus();
}
