/**
 * The live channel under a busy fleet: one server (the whole app, buildApp, PGlite in memory or
 * PostgreSQL with BENCH_DATABASE_URL), N simulated devices in BENCH_FLEETS simulator processes
 * sending RATE telemetry messages a second in total, and three browser tabs on /api/live:
 *  - an admin tab showing 20 devices (subscribed to device:<id> of 20 ids),
 *  - an admin tab showing none (subscribed to `notifications` only),
 *  - a user tab subscribed to `notifications` while one notification a second is published for it.
 * Reports, per tab, WebSocket frames/s, device items/s and bytes/s, and the telemetry rate the
 * gateway took in, and how long a reading took from the simulated device to the tab (the simulator stamps
 * each message with its clock, the same machine's: device -> gateway -> relay -> the channel's per-tab
 * batch -> the tab). Goals: the 20-device tab under 50 messages/s; the idle tab 0 device messages (issue
 * 9); a reading reaches the tab within 1 s at 3,000 telemetry/s (issue 29). The console applies a frame
 * as it arrives (no batching of its own since issue 29), so the tab's latency is the row's.
 *
 *   node --import tsx bench/live.ts [devices=1000] [seconds=30] [telemetryPerSecond=3000]
 */
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import type { LiveServerMessage } from '../packages/contracts/src/live/schemas.ts';
import {
  mixedIdentities,
  forkFleets,
  runFleetProcess,
  seedDevices,
  sleep,
  stopFleets,
  waitLinked,
  benchConfig,
} from './lib.ts';

const identities = mixedIdentities('BLIVE', 'siteops-bench-live');

if (process.argv[2] === '--fleet') await runFleet();
else await runServer();

function runFleet() {
  return runFleetProcess(identities, (url, [telemetryMs]) => ({
    url,
    telemetryMs: Number(telemetryMs),
    eventRate: 0,
    pictures: false,
    connectRate: 500,
    log: () => {},
  }));
}

/** One browser tab: counts what arrives after `reset()`. */
async function openTab(base: string, ticketUrl: string, topics: string[]) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}${ticketUrl}`);
  const n = { frames: 0, deviceItems: 0, telemetry: 0, notifications: 0, bytes: 0 };
  let latencies: number[] = [];
  let ready!: () => void;
  const isReady = new Promise<void>((r) => (ready = r));
  ws.on('message', (raw) => {
    const m = JSON.parse(raw.toString()) as LiveServerMessage;
    if (m.type === 'ready') {
      ws.send(JSON.stringify({ op: 'subscribe', ref: 1, topics }));
      return;
    }
    if (m.type === 'subscribed') return ready();
    n.frames++;
    n.bytes += (raw as Buffer).length;
    if (m.type === 'device') {
      const now = Date.now();
      n.deviceItems += m.items.length;
      for (const i of m.items) {
        if (i.kind !== 'telemetry') continue;
        n.telemetry++;
        latencies.push(now - Date.parse(i.data.at));
      }
    }
    if (m.type === 'notification') n.notifications++;
  });
  await isReady;
  return {
    ws,
    reset: () => {
      Object.assign(n, { frames: 0, deviceItems: 0, telemetry: 0, notifications: 0, bytes: 0 });
      latencies = [];
    },
    /** Device -> tab, ms, of the readings received since `reset()`. */
    latency: () => {
      const sorted = [...latencies].sort((a, b) => a - b);
      const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? null;
      return { readings: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.at(-1) ?? null };
    },
    rates: (s: number) => ({
      framesPerS: +(n.frames / s).toFixed(1),
      deviceItemsPerS: +(n.deviceItems / s).toFixed(1),
      telemetryItemsPerS: +(n.telemetry / s).toFixed(1),
      notificationsPerS: +(n.notifications / s).toFixed(1),
      kBPerS: +(n.bytes / 1024 / s).toFixed(1),
    }),
  };
}

async function runServer() {
  const N = Number(process.argv[2] ?? 1000);
  const SECONDS = Number(process.argv[3] ?? 30);
  const RATE = Number(process.argv[4] ?? 3000);
  const FLEETS = Math.max(1, Number(process.env.BENCH_FLEETS ?? 2));
  const telemetryMs = Math.round((N / RATE) * 1000);

  const { buildApp } = await import('../apps/server/src/app.ts');
  const { openDatabase } = await import('../apps/server/src/db/client.ts');
  const { users } = await import('../apps/server/src/db/schema/index.ts');
  const { hashPassword } = await import('../apps/server/src/auth/passwords.ts');

  const config = benchConfig({ DATA_DIR: '.tmp/bench-live', PII_KEY: 'cd'.repeat(32) });
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir: 'memory://' });
  await database.migrate();
  const { db } = database;
  const password = await hashPassword('Bench@12345');
  const [, plain] = await db
    .insert(users)
    .values([
      { userName: 'admin', password, role: 'admin' },
      { userName: 'plain', password, role: 'user' },
    ] as (typeof users.$inferInsert)[])
    .returning({ id: users.id });
  await seedDevices(db, identities(N));

  const app = await buildApp({ config, db, logger: false, deviceLink: { heartbeatSeconds: 30 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const gateway = app.deviceLink.gateway;
  const ticket = async (userName: string) => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: userName, password: 'Bench@12345' },
    });
    const token = login.json().data.token as string;
    const res = await app.inject({
      method: 'POST',
      url: '/api/device/ticket',
      headers: { authorization: `Bearer ${token}` },
      payload: { purpose: 'live' },
    });
    return res.json().data.url as string;
  };

  console.log(`${N} devices, telemetry every ${telemetryMs} ms (${RATE}/s in total) from ${FLEETS} processes`);
  const children = forkFleets(fileURLToPath(import.meta.url), {
    n: N,
    processes: FLEETS,
    url: `${base.replace('http', 'ws')}/gateway`,
    more: [String(telemetryMs)],
  });
  const linkSeconds = await waitLinked(gateway, N, 180_000);
  console.log(`${gateway.registry.size}/${N} linked in ${linkSeconds.toFixed(1)} s`);

  const twenty = Array.from({ length: 20 }, (_, i) => `device:${i * Math.floor(N / 20) + 1}`);
  const showing20 = await openTab(base, await ticket('admin'), twenty);
  const showingNone = await openTab(base, await ticket('admin'), ['notifications']);
  const userTab = await openTab(base, await ticket('plain'), ['notifications']);
  await sleep(3_000); // every telemetry phase running
  const notifier = setInterval(
    () =>
      app.deviceLink.live.publish({
        topic: 'notifications',
        userId: plain.id,
        type: 'notification',
        data: {
          id: Date.now(),
          tab: 'message',
          level: 'info',
          title: { 'en-US': 'bench', 'zh-CN': 'bench' },
          body: null,
          link: null,
          at: new Date().toISOString(),
        },
      }),
    1_000,
  );
  const c0 = gateway.counters.telemetry;
  const cpu0 = process.cpuUsage();
  for (const tab of [showing20, showingNone, userTab]) tab.reset();
  const t0 = performance.now();
  await sleep(SECONDS * 1000);
  const wall = (performance.now() - t0) / 1000;
  clearInterval(notifier);
  const cpu = process.cpuUsage(cpu0);
  const result = {
    devices: N,
    linksHeld: gateway.registry.size,
    seconds: +wall.toFixed(1),
    telemetryInPerS: +((gateway.counters.telemetry - c0) / wall).toFixed(1),
    adminTab20Devices: showing20.rates(wall),
    adminTab20DevicesLatencyMs: showing20.latency(),
    adminTabNoDevices: showingNone.rates(wall),
    userTabNotifications: userTab.rates(wall),
    serverCpuPctOfOneCore: +(((cpu.user + cpu.system) / 1e6 / wall) * 100).toFixed(1),
    serverRssMB: Math.round(process.memoryUsage.rss() / 1048576),
    loadAverage: (await import('node:os')).loadavg().map((x) => +x.toFixed(1)),
  };
  console.log(JSON.stringify(result, null, 2));
  for (const tab of [showing20, showingNone, userTab]) tab.ws.close();
  await stopFleets(children);
  await app.close();
  await database.close();
  process.exit(0);
}
