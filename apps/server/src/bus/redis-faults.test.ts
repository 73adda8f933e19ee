import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { startFaultProxy, targetOf, type FaultProxy } from '../../test/faultproxy.ts';
import type { Bus } from './bus.ts';
import { createRedisBus } from './redis.ts';

const REDIS_URL = process.env.TEST_REDIS_URL;
if (!REDIS_URL) console.log('Redis faults: skipped, TEST_REDIS_URL is not set (e.g. redis://127.0.0.1:6379)');

const until = async (fn: () => boolean, ms: number, what: string) => {
  const started = Date.now();
  while (!fn()) {
    if (Date.now() - started > ms) throw new Error(`timed out after ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - started;
};

/**
 * One instance's bus reaches Redis through a fault-injecting proxy, a second instance's directly.
 * While Redis is away the first one works alone (its own messages reach its own subscribers), warns
 * once, and joins the others again by itself when Redis returns.
 */
describe.skipIf(!REDIS_URL)('Redis bus through a failing network', () => {
  let proxy: FaultProxy | undefined;
  const opened: Bus[] = [];
  afterEach(async () => {
    proxy?.heal();
    await Promise.all(opened.splice(0).map((b) => b.close()));
    await proxy?.close();
  });

  async function setup() {
    proxy = await startFaultProxy(targetOf(REDIS_URL!));
    const prefix = `siteops-fault-${randomUUID().slice(0, 8)}:`;
    const states: string[] = [];
    const faulty = await createRedisBus(proxy.through(REDIS_URL!), { prefix, onState: (s) => states.push(s) });
    const other = await createRedisBus(REDIS_URL!, { prefix });
    opened.push(faulty, other);
    const heardHere: unknown[] = [];
    const heardThere: unknown[] = [];
    await faulty.subscribe('x', (m) => heardHere.push(m));
    await other.subscribe('x', (m) => heardThere.push(m));
    await other.publish('x', 'before');
    await until(() => heardHere.includes('before'), 2_000, 'the proxied bus hears the other instance');
    return { proxy, faulty, other, states, heardHere, heardThere };
  }

  for (const fault of ['cut', 'blackhole'] as const) {
    it(`${fault}: works alone with one warning, and rejoins by itself`, async () => {
      const s = await setup();
      s.proxy[fault]();
      const noticed = await until(() => s.faulty.state?.() === 'down', 4_000, 'outage noticed');
      expect(noticed).toBeLessThan(4_000);
      expect(s.states).toEqual(['down']);

      await s.faulty.publish('x', 'alone');
      await until(() => s.heardHere.includes('alone'), 1_000, 'own message delivered locally');
      // Reconnect attempts go on underneath, and say nothing more.
      await new Promise((r) => setTimeout(r, 2_000));
      expect(s.states).toEqual(['down']);
      expect(s.heardThere).not.toContain('alone');

      s.proxy.heal();
      await until(() => s.faulty.state?.() === 'up', 6_000, 'Redis back');
      expect(s.states).toEqual(['down', 'up']);
      await s.other.publish('x', 'after');
      await until(() => s.heardHere.includes('after'), 2_000, 'hears the other instance again');
      await s.faulty.publish('x', 'back');
      await until(() => s.heardThere.includes('back'), 2_000, 'the other instance hears it again');
      await new Promise((r) => setTimeout(r, 100));
      expect(s.heardHere.filter((m) => m === 'back')).toHaveLength(1);
    });
  }
});
