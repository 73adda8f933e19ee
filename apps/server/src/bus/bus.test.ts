import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryBus, type Bus } from './bus.ts';
import { createRedisBus } from './redis.ts';

const REDIS_URL = process.env.TEST_REDIS_URL;

const until = async (fn: () => boolean, ms = 1_000) => {
  const started = Date.now();
  while (!fn()) {
    if (Date.now() - started > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};

function contract(name: string, make: () => Promise<Bus[]>, skip = false) {
  describe.skipIf(skip)(name, () => {
    const opened: Bus[] = [];
    afterAll(async () => {
      await Promise.all([...new Set(opened)].map((b) => b.close()));
    });
    const two = async () => {
      const buses = await make();
      opened.push(...buses);
      return buses;
    };

    it('delivers in order to every subscriber, never inside publish', async () => {
      const [p, s] = await two();
      const got: unknown[] = [];
      const got2: unknown[] = [];
      await s.subscribe('c1', (m) => got.push(m));
      await s.subscribe('c1', (m) => got2.push(m));
      let delivered = false;
      const probe = await s.subscribe('c1', () => (delivered = true));
      const first = p.publish('c1', { n: 1 });
      expect(delivered).toBe(false); // not synchronously inside publish
      await first;
      for (let n = 2; n <= 50; n++) await p.publish('c1', { n, data: 'x'.repeat(n) });
      await until(() => got.length === 50 && got2.length === 50);
      expect(got.map((m) => (m as { n: number }).n)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      await probe();
    });

    it('unsubscribing stops delivery; other channels are separate', async () => {
      const [p, s] = await two();
      const got: unknown[] = [];
      const other: unknown[] = [];
      const off = await s.subscribe('c2', (m) => got.push(m));
      await s.subscribe('c3', (m) => other.push(m));
      await p.publish('c2', 'a');
      await until(() => got.length === 1);
      await off();
      await p.publish('c2', 'b');
      await p.publish('c3', 'c');
      await until(() => other.length === 1);
      expect(got).toEqual(['a']);
      expect(other).toEqual(['c']);
    });
  });
}

contract('memory bus', async () => {
  const bus = createMemoryBus();
  return [bus, bus];
});

if (!REDIS_URL) console.log('Redis bus: skipped, TEST_REDIS_URL is not set');
contract(
  'Redis bus',
  async () => {
    const prefix = `siteops-test-${randomUUID().slice(0, 8)}:`;
    return [await createRedisBus(REDIS_URL!, { prefix }), await createRedisBus(REDIS_URL!, { prefix })];
  },
  !REDIS_URL,
);

describe.skipIf(!REDIS_URL)('Redis bus prefixes', () => {
  it('two deployments on one Redis do not hear each other', async () => {
    const a = await createRedisBus(REDIS_URL!, { prefix: `siteops-a-${randomUUID().slice(0, 6)}:` });
    const b = await createRedisBus(REDIS_URL!, { prefix: `siteops-b-${randomUUID().slice(0, 6)}:` });
    try {
      const got: unknown[] = [];
      await b.subscribe('x', (m) => got.push(m));
      await a.publish('x', 1);
      await b.publish('x', 2);
      await until(() => got.length === 1);
      await new Promise((r) => setTimeout(r, 50));
      expect(got).toEqual([2]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
