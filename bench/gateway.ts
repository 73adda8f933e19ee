/**
 * The device link under load: one server instance (the whole app, buildApp, on PGlite in memory or
 * PostgreSQL with BENCH_DATABASE_URL) and N simulated devices in a SECOND process (the simulator),
 * then reports
 *  - links held and how long the fleet took to link,
 *  - heartbeat and telemetry messages per second the server took in (and stored),
 *  - server RSS and CPU (the server process only; the fleet's CPU separately),
 *  - RPC round trips p50/p95/p99 (config.get through the gateway) and snapshot over HTTP p50/p95.
 *
 *   node --import tsx bench/gateway.ts [devices=1000] [seconds=60] [heartbeatSeconds=30] [telemetrySeconds=5]
 *
 * BENCH_FLEETS=k splits the devices over k simulator processes (one process cannot drive 20,000).
 * BENCH_TRANSPORT=mqtt links the fleet through the server's embedded MQTT broker instead of the WebSocket.
 * BENCH_DATA_DIR=dir keeps the embedded database on disk there, as `npm start` does (default: in memory).
 */
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
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

const identities = mixedIdentities('BENCH', 'siteops-bench-gateway');

if (process.argv[2] === '--fleet') await runFleet();
else await runServer();

/** The second process: the simulated devices. Reports its counters to the parent every second. */
function runFleet() {
  return runFleetProcess(
    identities,
    (url, [telemetryS]) => ({
      url,
      telemetryMs: Number(telemetryS) * 1000,
      eventRate: Number(process.env.BENCH_EVENT_RATE ?? 1),
      pictures: process.env.BENCH_PICTURES !== '0',
      connectRate: 500,
      log: () => {},
    }),
    (fleet, cpuPct) => {
      const closes: Record<string, number> = {};
      for (const d of fleet.devices) if (d.lastClose) closes[d.lastClose.code] = (closes[d.lastClose.code] ?? 0) + 1;
      return { stats: fleet.stats(), closes, cpuPct, rss: process.memoryUsage.rss() };
    },
  );
}

async function runServer() {
  const N = Number(process.argv[2] ?? 1000);
  const SECONDS = Number(process.argv[3] ?? 60);
  const HB = Number(process.argv[4] ?? 30);
  const TELEMETRY_S = Number(process.argv[5] ?? 5);

  const { buildApp } = await import('../apps/server/src/app.ts');
  const { openDatabase } = await import('../apps/server/src/db/client.ts');
  const { devices, users } = await import('../apps/server/src/db/schema/index.ts');
  const { hashPassword } = await import('../apps/server/src/auth/passwords.ts');

  const overMqtt = process.env.BENCH_TRANSPORT === 'mqtt';
  const config = benchConfig({
    DATA_DIR: '.tmp/bench-gateway',
    PII_KEY: 'ab'.repeat(32),
    MQTT_PORT: overMqtt ? '0' : 'off',
  });
  // BENCH_DATA_DIR: the embedded database on disk, as `npm start` keeps it (default: in memory).
  const database = await openDatabase({
    databaseUrl: process.env.BENCH_DATABASE_URL,
    dataDir: process.env.BENCH_DATA_DIR ?? 'memory://',
  });
  await database.migrate();
  const { db } = database;
  await db.insert(users).values({
    userName: 'admin',
    password: await hashPassword('Bench@12345'),
    role: 'admin',
  } as typeof users.$inferInsert);
  const ids = identities(N);
  await seedDevices(db, ids);

  const app = await buildApp({ config, db, logger: false, deviceLink: { heartbeatSeconds: HB } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const gateway = app.deviceLink.gateway;
  const login = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username: 'admin', password: 'Bench@12345' },
  });
  const token = login.json().data.token as string;

  console.log(
    `server on :${port}; ${N} devices, heartbeat ${HB} s, telemetry every ${TELEMETRY_S} s; starting the fleet process`,
  );
  type FleetReport = {
    closes: Record<string, number>;
    stats: { states: Record<string, number>; refused: Record<string, number> };
    cpuPct: number;
    rss: number;
  };
  const FLEETS = Math.max(1, Number(process.env.BENCH_FLEETS ?? 1));
  const fleetReports: (FleetReport | undefined)[] = Array.from({ length: FLEETS }, () => undefined);
  const children = forkFleets(fileURLToPath(import.meta.url), {
    n: N,
    processes: FLEETS,
    url: overMqtt ? `mqtt://127.0.0.1:${app.deviceLink.mqtt!.port}` : `ws://127.0.0.1:${port}/gateway`,
    more: [String(TELEMETRY_S)],
    onMessage: (k, m) => (fleetReports[k] = m as FleetReport),
  });
  const sum = (pick: (r: FleetReport) => number) => fleetReports.reduce((a, r) => a + (r ? pick(r) : 0), 0);
  const merge = (pick: (r: FleetReport) => Record<string, number>) => {
    const out: Record<string, number> = {};
    for (const r of fleetReports) if (r) for (const [k, v] of Object.entries(pick(r))) out[k] = (out[k] ?? 0) + v;
    return out;
  };
  const fleetReport = () =>
    fleetReports.some(Boolean)
      ? {
          cpuPct: sum((r) => r.cpuPct),
          rss: sum((r) => r.rss),
          closes: merge((r) => r.closes),
          stats: { states: merge((r) => r.stats.states), refused: merge((r) => r.stats.refused) },
        }
      : undefined;

  const linkSeconds = await waitLinked(gateway, N, Math.max(120_000, N * 10));
  console.log(`${gateway.registry.size}/${N} linked in ${linkSeconds.toFixed(1)} s; measuring for ${SECONDS} s`);

  const c0 = { ...gateway.counters };
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let rssPeak = 0;
  const rssTimer = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage.rss())), 500);
  const [[{ rows0 }]] = [await db.select({ rows0: sql<number>`count(*)::int` }).from(sql`device_telemetry`)];

  // RPC latency: config.get on random linked devices, ~20 per second, one at a time.
  const rpc: number[] = [];
  const snap: number[] = [];
  const deviceIds = (await db.select({ id: devices.id }).from(devices)).map((r) => r.id);
  const end = t0 + SECONDS * 1000;
  let rpcErrors = 0;
  const rpcErrorCodes: Record<string, number> = {};
  while (performance.now() < end) {
    const id = deviceIds[Math.floor(Math.random() * deviceIds.length)];
    const s = performance.now();
    try {
      await gateway.call(id, 'config.get', {}, 5_000);
      rpc.push(performance.now() - s);
    } catch (err) {
      rpcErrors++;
      const code = (err as { code?: string }).code ?? 'error';
      rpcErrorCodes[code] = (rpcErrorCodes[code] ?? 0) + 1;
    }
    if (rpc.length % 10 === 0) {
      const d = ids[id - 1]; // rows were inserted in this order, ids from 1
      if (d && d.type !== 'broadcast' && d.type !== 'gateway') {
        const s2 = performance.now();
        const res = await app.inject({
          method: 'POST',
          url: `/api/device/${id}/snapshot`,
          headers: { authorization: `Bearer ${token}` },
          payload: {},
        });
        if (res.statusCode === 200) snap.push(performance.now() - s2);
      }
    }
    await sleep(50);
  }
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  clearInterval(rssTimer);
  await sleep(1500); // let the last telemetry flush land
  const [{ rows1 }] = await db.select({ rows1: sql<number>`count(*)::int` }).from(sql`device_telemetry`);
  const c1 = gateway.counters;
  const rate = (k: 'heartbeats' | 'telemetry' | 'messagesIn' | 'events') => (c1[k] - c0[k]) / wall;
  const result = {
    transport: overMqtt ? 'mqtt' : 'ws',
    devices: N,
    linksHeld: gateway.registry.size,
    linkSeconds: +linkSeconds.toFixed(1),
    heartbeatSeconds: HB,
    telemetrySeconds: TELEMETRY_S,
    heartbeatsPerS: +rate('heartbeats').toFixed(1),
    telemetryPerS: +rate('telemetry').toFixed(1),
    eventsPerS: +rate('events').toFixed(2),
    messagesInPerS: +rate('messagesIn').toFixed(1),
    telemetryRowsStoredPerS: +((rows1 - rows0) / (wall + 1.5)).toFixed(1),
    serverRssMB: Math.round(process.memoryUsage.rss() / 1048576),
    serverRssPeakMB: Math.round(rssPeak / 1048576),
    serverCpuPctOfOneCore: +(((cpu.user + cpu.system) / 1e6 / wall) * 100).toFixed(1),
    fleetProcesses: FLEETS,
    fleetCpuPctOfOneCore: fleetReport() ? +fleetReport()!.cpuPct.toFixed(1) : null,
    fleetRssMB: fleetReport() ? Math.round(fleetReport()!.rss / 1048576) : null,
    rpcSamples: rpc.length,
    rpcErrors,
    rpcErrorCodes,
    rpcP50ms: +pct(rpc, 50).toFixed(2),
    rpcP95ms: +pct(rpc, 95).toFixed(2),
    rpcP99ms: +pct(rpc, 99).toFixed(2),
    snapshotHttpSamples: snap.length,
    snapshotHttpP50ms: +pct(snap, 50).toFixed(1),
    snapshotHttpP95ms: +pct(snap, 95).toFixed(1),
    fleetStates: fleetReport()?.stats.states,
    refused: fleetReport()?.stats.refused,
    lastCloseCodes: fleetReport()?.closes,
    loadAverage: (await import('node:os')).loadavg().map((x) => +x.toFixed(1)),
  };
  console.log(JSON.stringify(result, null, 2));
  await stopFleets(children);
  await app.close();
  await database.close();
  process.exit(0);
}

function pct(xs: number[], p: number) {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}
