/**
 * A firmware rollout at fleet scale: one server instance (the whole app, buildApp, on PGlite in memory
 * or PostgreSQL with BENCH_DATABASE_URL) and N simulated access terminals spread over several simulator
 * processes; one package of M MB rolled out to all of them through the API, one group. Reports the
 * time from the rollout's start to its end, how many devices upgraded, the peak of simultaneous
 * downloads, and the server's RSS before, at peak and after.
 *
 *   node --import tsx bench/rollout.ts [devices=1000] [mb=20] [fleets=4] [maxConcurrent=200]
 *
 * Each simulated device really downloads the whole package over HTTP (with Range when resumed),
 * computes its SHA-256, "installs", closes its link, dials in again on the new version.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/db/rows.ts';
import {
  benchIdentities,
  forkFleets,
  runFleetProcess,
  seedDevices,
  sleep,
  stopFleets,
  waitLinked,
  benchConfig,
} from './lib.ts';

const identities = (n: number) => benchIdentities('BROLL', 'siteops-bench-rollout', n, () => 'face');

if (process.argv[2] === '--fleet') await runFleet();
else await runServer();

/** A simulator process: its share of the devices, on version 1.0.0; reports how many are linked. */
function runFleet() {
  return runFleetProcess(
    identities,
    (url) => ({
      url,
      telemetryMs: 0,
      eventRate: 0,
      pictures: false,
      connectRate: 300,
      rebootMs: 1_000,
      versions: { version: '1.0.0' },
      log: () => {},
    }),
    (fleet) => ({
      up: fleet.devices.filter((d) => d.state === 'up').length,
      upgraded: fleet.devices.filter((d) => d.versions.version === '2.0.0').length,
      rss: process.memoryUsage.rss(),
    }),
  );
}

async function runServer() {
  const N = Number(process.argv[2] ?? 1000);
  const MB = Number(process.argv[3] ?? 20);
  const FLEETS = Number(process.argv[4] ?? 4);
  const CONCURRENT = Number(process.argv[5] ?? 200);

  const { buildApp } = await import('../apps/server/src/app.ts');
  const { openDatabase } = await import('../apps/server/src/db/client.ts');
  const { users } = await import('../apps/server/src/db/schema/index.ts');
  const { hashPassword } = await import('../apps/server/src/auth/passwords.ts');

  const dataDir = `.tmp/bench-rollout-${Date.now()}`;
  const config = benchConfig({ DATA_DIR: dataDir, PII_KEY: 'cd'.repeat(32) });
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir: 'memory://' });
  await database.migrate();
  const { db } = database;
  await db.insert(users).values({
    userName: 'admin',
    password: await hashPassword('Bench@12345'),
    role: 'admin',
  } as typeof users.$inferInsert);
  await seedDevices(db, identities(N));
  const app = await buildApp({ config, db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const auth = async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'admin', password: 'Bench@12345' },
    });
    return { authorization: `Bearer ${res.json().data.token as string}` };
  };
  const headers = await auth();

  const reports: { up: number; upgraded: number; rss: number }[] = [];
  const children = forkFleets(fileURLToPath(import.meta.url), {
    n: N,
    processes: FLEETS,
    url: `ws://127.0.0.1:${port}/gateway`,
    onMessage: (k, m) => (reports[k] = m as (typeof reports)[number]),
  });
  const total = (k: 'up' | 'upgraded' | 'rss') => reports.reduce((a, r) => a + (r?.[k] ?? 0), 0);
  const linkSeconds = await waitLinked(app.deviceLink.gateway, N, 180_000);
  console.log(`${app.deviceLink.gateway.registry.size}/${N} linked in ${linkSeconds.toFixed(1)} s`);
  await sleep(3_000); // presence written

  // The package, uploaded through the API like an admin would (streamed to storage, hashed on the way).
  const boundary = `----bench${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fw-2.0.0.bin"\r\n\r\n`),
    randomBytes(MB * 1024 * 1024),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const uploaded = await app.inject({
    method: 'POST',
    url: '/api/upgrade/upload?fileVersion=2.0.0&deviceTypes=face',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  const packageId = uploaded.json().data.id as number;
  if (global.gc) global.gc();
  await sleep(1000);
  const rssBefore = process.memoryUsage.rss();

  const t0 = performance.now();
  const created = await app.inject({
    method: 'POST',
    url: '/api/rollout/add',
    headers,
    payload: {
      packageId,
      targets: { types: ['face'] },
      groupMode: 'percent',
      groupSize: 100,
      maxConcurrent: CONCURRENT,
      maxRetries: 2,
      stepTimeoutS: 300,
      errorThreshold: 100,
    },
  });
  const rolloutId = created.json().data.id as number;
  let peakDownloads = 0;
  let rssPeak = rssBefore;
  let status = 'running';
  const timeline: string[] = [];
  while (status === 'running' && performance.now() - t0 < 600_000) {
    await sleep(500);
    const [row] = rowsOf<{ status: string; dl: number; ok: number; failed: number }>(
      await db.execute(sql`
        select r.status,
          (select count(*)::int from upgrade_jobs where rollout_id = r.id and state in ('notified', 'downloading')) as dl,
          (select count(*)::int from upgrade_jobs where rollout_id = r.id and state = 'success') as ok,
          (select count(*)::int from upgrade_jobs where rollout_id = r.id and state = 'failure') as failed
        from upgrade_rollouts r where r.id = ${rolloutId}`),
    );
    status = row.status;
    peakDownloads = Math.max(peakDownloads, row.dl);
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
    const s = Math.round((performance.now() - t0) / 1000);
    if (timeline.length === 0 || s % 10 === 0)
      timeline.push(`${s}s: ${row.ok} ok, ${row.failed} failed, ${row.dl} downloading`);
  }
  const seconds = (performance.now() - t0) / 1000;
  const counts = rowsOf<{ state: string; n: number }>(
    await db.execute(
      sql`select state, count(*)::int as n from upgrade_jobs where rollout_id = ${rolloutId} group by state`,
    ),
  );
  await sleep(1500);
  const result = {
    devices: N,
    packageMB: MB,
    fleets: FLEETS,
    maxConcurrent: CONCURRENT,
    status,
    seconds: +seconds.toFixed(1),
    devicesPerMinute: Math.round((N / seconds) * 60),
    jobs: Object.fromEntries(counts.map((c) => [c.state, c.n])),
    simulatorsOnNewVersion: total('upgraded'),
    peakConcurrentDownloads: peakDownloads,
    serverRssBeforeMB: Math.round(rssBefore / 1048576),
    serverRssPeakMB: Math.round(rssPeak / 1048576),
    serverRssGrowthMB: Math.round((rssPeak - rssBefore) / 1048576),
    fleetRssMB: Math.round(total('rss') / 1048576),
    loadAverage: os.loadavg().map((x) => +x.toFixed(1)),
    timeline,
  };
  console.log(JSON.stringify(result, null, 2));
  await stopFleets(children);
  await app.close();
  await database.close();
  (await import('node:fs')).rmSync(dataDir, { recursive: true, force: true });
}
