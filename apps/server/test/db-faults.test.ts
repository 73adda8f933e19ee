import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@siteops/contracts/shared/envelope';
import { createTestApp, HEALTH_URL, openTestDatabase, type TestApp } from './harness.ts';
import { startFaultProxy, targetOf, type FaultProxy } from './faultproxy.ts';
import { userApi } from '@siteops/contracts/user/api';

const PG_URL = process.env.TEST_DATABASE_URL;
if (!PG_URL) {
  console.log('PostgreSQL faults: skipped, TEST_DATABASE_URL is not set (they run in the PostgreSQL pass of npm test)');
}

/** What "within a few seconds" means here; the defaults (probe timeout 2 s, connect 3 s) fit in it. */
const PROMPT_MS = 5_000;

/** The answer, or `no answer` when there is none in `ms` (the bug this file guards against: a hang). */
async function within<T>(ms: number, p: Promise<T>): Promise<T | 'no answer'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'no answer'>((resolve) => (timer = setTimeout(() => resolve('no answer'), ms)));
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The app on PostgreSQL through a fault-injecting proxy, with the default timeouts: a partition
 * (blackhole) and an outage (cut) answer 503 promptly, and service resumes by itself once healed.
 */
describe.skipIf(!PG_URL)('PostgreSQL behind a failing network', () => {
  let proxy: FaultProxy;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    proxy = await startFaultProxy(targetOf(PG_URL!));
    const database = await openTestDatabase({ through: (url) => proxy.through(url) });
    t = await createTestApp({}, { database });
    token = await t.login();
  });
  afterAll(async () => {
    proxy?.heal();
    await t?.close();
    await proxy?.close();
  });

  // A read that needs the database: user/info is answered from the session cache (decision 0016).
  const info = () => t.api(userApi.listAll, { page: 1, pageSize: 5 }, token);
  const health = () => t.call({ method: 'GET', url: HEALTH_URL });

  async function expectUnavailable() {
    const started = Date.now();
    const res = await within(PROMPT_MS + 3_000, info());
    expect(res, 'a request during the outage').not.toBe('no answer');
    const { status, body } = res as Awaited<ReturnType<typeof info>>;
    expect(Date.now() - started).toBeLessThan(PROMPT_MS);
    expect(status).toBe(503);
    expect(body.code).toBe(Code.dbUnavailable);
    // The load balancer's view: the instance is out, and the body says why.
    await new Promise((r) => setTimeout(r, 1_100)); // past the health cache
    const h = await within(PROMPT_MS, health());
    expect(h).not.toBe('no answer');
    expect((h as Awaited<ReturnType<typeof health>>).status).toBe(503);
    expect((h as Awaited<ReturnType<typeof health>>).body).toMatchObject({
      code: Code.dbUnavailable,
      data: { status: 'down', database: 'down' },
    });
  }

  async function expectResumes() {
    const started = Date.now();
    for (;;) {
      const res = await within(PROMPT_MS, info());
      if (res !== 'no answer' && res.status === 200) break;
      expect(Date.now() - started, 'service resumed by itself').toBeLessThan(PROMPT_MS);
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await health()).status).toBe(200);
  }

  it('answers and is healthy through the proxy', async () => {
    expect((await info()).status).toBe(200);
    const h = await health();
    expect(h.status).toBe(200);
    expect(h.body.data).toEqual({ status: 'up', database: 'up' });
    expect(proxy.accepted).toBeGreaterThan(0);
  });

  it('a partition answers 503 within seconds, and service resumes by itself after it heals', async () => {
    proxy.blackhole();
    await expectUnavailable();
    proxy.heal();
    await expectResumes();
  });

  it('a database that goes away answers 503 within seconds, and service resumes when it returns', async () => {
    proxy.cut();
    await expectUnavailable();
    proxy.heal();
    await expectResumes();
  });
});
