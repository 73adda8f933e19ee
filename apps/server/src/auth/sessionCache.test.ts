import { describe, expect, it } from 'vitest';
import { createMemoryBus, type Bus } from '../bus/bus.ts';
import type { SessionRow, UserRow } from '../db/schema/index.ts';
import { SessionCache, type CachedSession } from './sessionCache.ts';

const entry = (userId: number): CachedSession => ({
  session: { id: userId, userId, lastSeenAt: new Date() } as SessionRow,
  user: { id: userId } as UserRow,
  agentExpiresAt: null,
});

/** A memory bus whose Redis-like state the test can flip. */
function switchableBus(): Bus & { down: boolean } {
  const bus = createMemoryBus();
  const wrapped = { ...bus, down: false, state: () => (wrapped.down ? ('down' as const) : ('up' as const)) };
  return wrapped;
}

describe('session cache', () => {
  it('answers a stored session until its time is up', async () => {
    const cache = new SessionCache({ ttlMs: 40 });
    cache.set('t1', entry(1), cache.begin());
    expect(cache.get('t1')?.user.id).toBe(1);
    await new Promise((r) => setTimeout(r, 60));
    expect(cache.get('t1')).toBeUndefined();
  });

  it('does not store a lookup that an invalidation overtook', async () => {
    const cache = new SessionCache();
    const generation = cache.begin();
    await cache.forgetAll(); // e.g. a logout committed while this lookup read the database
    cache.set('t1', entry(1), generation);
    expect(cache.get('t1')).toBeUndefined();
  });

  it("one instance's forgetAll empties the other's, and resolves once the other has heard it", async () => {
    const bus = createMemoryBus();
    const a = new SessionCache();
    const b = new SessionCache();
    await a.attach(bus);
    await b.attach(bus);
    b.set('t1', entry(1), b.begin());
    await a.forgetAll();
    expect(b.get('t1')).toBeUndefined();
    expect(b.size).toBe(0);
  });

  it('keeps at most maxEntries, dropping the oldest', () => {
    const cache = new SessionCache({ maxEntries: 2 });
    for (const id of [1, 2, 3]) cache.set(`t${id}`, entry(id), cache.begin());
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.get('t3')?.user.id).toBe(3);
  });

  it('caches nothing while the bus is down, and starts empty when it is back', async () => {
    const bus = switchableBus();
    const cache = new SessionCache();
    await cache.attach(bus);
    cache.set('t1', entry(1), cache.begin());
    bus.down = true;
    expect(cache.get('t1')).toBeUndefined();
    cache.set('t2', entry(2), cache.begin());
    bus.down = false;
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.get('t2')).toBeUndefined();
    cache.set('t3', entry(3), cache.begin());
    expect(cache.get('t3')?.user.id).toBe(3);
  });
});
