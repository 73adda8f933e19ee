/**
 * Scale-out (issue 36 items 1-3; issue 31: "the same through the machine's Mosquitto with two instances"):
 * two server instances as `npm start` runs them (apps/server/src/main.ts) on one fresh PostgreSQL database
 * and one Redis, N simulated devices in BENCH_FLEETS simulator processes spread over both, then reports
 *  - links per instance and how long the fleet took to link; presence as each instance's device list sees it,
 *  - telemetry and heartbeats per second the instances took in; each server's RSS and CPU; PostgreSQL's,
 *    Redis's (and Mosquitto's) CPU,
 *  - RPC from an instance to a device linked to the other (GET /api/device/:id/config through it),
 *  - BENCH_OPERATORS=n: n console users at once during the measurement (bench/operators.ts; BENCH_OPERATORS_SKIP
 *    leaves actions out of their mix by name, e.g. `search`),
 *  - BENCH_STORM=1: then kill -9 instance A; how long until every device is linked again through B (each
 *    simulated device dials its backup address, as a DTU does; over MQTT the broker stays and B takes the
 *    links over), B's console latency meanwhile, presence after A's heartbeat window, and whether any event
 *    the server had acknowledged is missing from the database.
 *
 *   node --import tsx bench/scale-out.ts [devices=30000] [seconds=60] [telemetrySeconds=10]
 *
 * Needs BENCH_DATABASE_URL (a PostgreSQL server: the bench makes and drops a database of its own) and
 * BENCH_REDIS_URL. BENCH_TRANSPORT=mqtt: the devices link through the broker at BENCH_MQTT_URL (default
 * mqtt://127.0.0.1:1883), which both instances join with one shared subscription. BENCH_A_SHARE (default 0.5):
 * the share of the simulator processes that dial A first (a storm test of 15,000 on A within this machine's
 * 20,000 open files a process: 19,000 devices with 0.8). BENCH_EVENT_RATE (default
 * 0.01) scales the simulated devices' random events (no pictures).
 */
import { generateKeyPairSync } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { deviceApi } from '../packages/contracts/src/device/api.ts';
import { deviceLinkApi } from '../packages/contracts/src/device-link/api.ts';
import { userApi } from '../packages/contracts/src/user/api.ts';
import type { FleetStats } from '../packages/device-sim/src/fleet.ts';
import { typedClient, type TypedClient } from '../packages/test-support/src/api.ts';
import { fetchSend } from '../packages/test-support/src/fetch.ts';
import {
  mixedIdentities,
  commandCpuMs,
  cpuBetween,
  forkFleets,
  freshPgDatabase,
  machineBusyMs,
  percentiles,
  processCpuMs,
  processRssMb,
  runFleetProcess,
  seedDevices,
  sleep,
  spawnServer,
  stopFleets,
  waitReady,
} from './lib.ts';
import { runOperators } from './operators.ts';

const identities = mixedIdentities('BSCALE', 'siteops-bench-scale-out');

/** A simulator process: its share of the devices, dialling the first address and the rest as backups. */
function runFleet() {
  return runFleetProcess(
    identities,
    (urls, [telemetryS]) => {
      const [url, ...backupUrls] = urls.split(' ');
      return {
        url,
        backupUrls,
        telemetryMs: Number(telemetryS) * 1000,
        eventRate: Number(process.env.BENCH_EVENT_RATE ?? 0.01),
        pictures: false,
        // Over WebSocket each instance is offered ~400 new links a second in all (under its admission of 500),
        // so the fleet links where it dialled instead of failing over to its backup address in the rush.
        connectRate: Number(process.env.BENCH_CONNECT_RATE ?? 500),
        log: () => {},
      };
    },
    (fleet, cpuPct) => ({ stats: fleet.stats(), cpuPct }),
  );
}

const PASSWORD = 'Bench@12345';
const METRICS_TOKEN = 'bench-scale-out-metrics';

interface Instance {
  name: string;
  base: string;
  process: ChildProcess;
  api: TypedClient;
  token: string;
}

const scrapeText = async (instance: Instance) =>
  (await fetch(`${instance.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();

/** The API routes the instances answered most slowly between two scrapes: mean ms and calls (server side). */
function slowestRoutes(before: string[], after: string[]) {
  const totals = (texts: string[]) => {
    const out = new Map<string, { sum: number; count: number }>();
    for (const line of texts.join('\n').split('\n')) {
      const m = /^siteops_http_request_duration_seconds_(sum|count)\{(.*)\} (\S+)$/.exec(line);
      if (!m) continue;
      const route = /route="([^"]*)"/.exec(m[2])?.[1] ?? '?';
      const method = /method="([^"]*)"/.exec(m[2])?.[1] ?? '?';
      const key = `${method} ${route}`;
      const t = out.get(key) ?? { sum: 0, count: 0 };
      t[m[1] as 'sum' | 'count'] += Number(m[3]);
      out.set(key, t);
    }
    return out;
  };
  const [t0, t1] = [totals(before), totals(after)];
  return [...t1]
    .map(([key, t]) => {
      const b = t0.get(key) ?? { sum: 0, count: 0 };
      const count = t.count - b.count;
      return { route: key, calls: count, meanMs: count ? +(((t.sum - b.sum) / count) * 1000).toFixed(1) : 0 };
    })
    .filter((r) => r.calls > 0)
    .sort((x, y) => y.meanMs - x.meanMs)
    .slice(0, 8);
}

/** The Prometheus figures this bench reads from an instance: links held and message counts. */
async function scrape(instance: Instance) {
  const text = await scrapeText(instance);
  const sum = (name: string, label = '') =>
    text
      .split('\n')
      .filter((l) => l.startsWith(name) && l.includes(label))
      .reduce((a, l) => a + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
  return {
    links: sum('siteops_device_links{'),
    telemetry: sum('siteops_device_messages_total{', 'kind="telemetry"'),
    heartbeats: sum('siteops_device_messages_total{', 'kind="heartbeats"'),
  };
}

const links = async (instance: Instance) => (await scrape(instance).catch(() => ({ links: NaN }))).links;

/** Devices online as the instance's device list shows them (its presence, not the bench's guess). */
async function onlineSeen(instance: Instance) {
  const res = await instance.api(deviceApi.listAll, { page: 1, pageSize: 1, onlineStatus: 'online' }, instance.token);
  return res.body.data?.total as number;
}

async function runBench() {
  const N = Number(process.argv[2] ?? 30_000);
  const SECONDS = Number(process.argv[3] ?? 60);
  const TELEMETRY_S = Number(process.argv[4] ?? 10);
  const FLEETS = Math.max(2, Number(process.env.BENCH_FLEETS ?? 4));
  const OPERATORS = Number(process.env.BENCH_OPERATORS ?? 0);
  const STORM = process.env.BENCH_STORM === '1';
  const overMqtt = process.env.BENCH_TRANSPORT === 'mqtt';
  const brokerUrl = process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
  const redisUrl = process.env.BENCH_REDIS_URL;
  if (!process.env.BENCH_DATABASE_URL || !redisUrl) {
    console.error('bench/scale-out.ts needs BENCH_DATABASE_URL (PostgreSQL) and BENCH_REDIS_URL');
    process.exit(2);
  }

  const fresh = await freshPgDatabase(process.env.BENCH_DATABASE_URL);
  const { openDatabase } = await import('../apps/server/src/db/client.ts');
  const { users } = await import('../apps/server/src/db/schema/index.ts');
  const { hashPassword } = await import('../apps/server/src/auth/passwords.ts');
  const database = await openDatabase({ databaseUrl: fresh.url, dataDir: 'memory://' });
  await database.migrate();
  const password = await hashPassword(PASSWORD);
  const operatorNames = Array.from({ length: OPERATORS }, (_, k) => `operator${k + 1}`);
  await database.db
    .insert(users)
    .values(['admin', ...operatorNames].map((userName) => ({ userName, password, role: 'admin' })) as never);
  const ids = identities(N);
  const deviceIds = await seedDevices(database.db, ids);

  const namespace = `bench-scale-${process.pid}`;
  // One licence signing key for the deployment: an instance refuses a database another key issued licences in.
  const licenceKey = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'siteops-scale-'));
  const instances: Instance[] = [];
  for (const [k, name] of ['A', 'B'].entries()) {
    const port = 18_600 + k;
    const child = spawnServer({
      port,
      dataDir: path.join(dataRoot, name),
      env: {
        DATABASE_URL: fresh.url,
        DATABASE_POOL_MAX: '20',
        REDIS_URL: redisUrl,
        REDIS_NAMESPACE: namespace,
        PII_KEY: 'ef'.repeat(32),
        LICENCE_KEY_PEM: licenceKey,
        DEMO: '0',
        METRICS_TOKEN,
        MQTT_PORT: 'off',
        HJ212_PORT: 'off',
        ...(overMqtt ? { MQTT_URL: brokerUrl, MQTT_SHARE_GROUP: namespace } : {}),
      },
    });
    process.once('exit', () => child.kill('SIGKILL')); // never leave an instance behind
    const base = `http://127.0.0.1:${port}`;
    const token = await waitReady(base, PASSWORD);
    instances.push({ name, base, process: child, api: typedClient(fetchSend(base)), token });
  }
  const [A, B] = instances;
  console.log(
    `${N} devices over ${overMqtt ? `MQTT (${brokerUrl})` : 'WebSocket'}, telemetry every ${TELEMETRY_S} s, ` +
      `${FLEETS} simulator processes; instances A (pid ${A.process.pid}) and B (pid ${B.process.pid})`,
  );

  // The first BENCH_A_SHARE of the fleets (default half) dial A first, the rest B; over MQTT every device
  // dials the broker. Each has the other instance as its backup address.
  const fleetsOnA = Math.round(FLEETS * Number(process.env.BENCH_A_SHARE ?? 0.5));
  if (!overMqtt) {
    const mostOnOne = Math.max(fleetsOnA, FLEETS - fleetsOnA);
    process.env.BENCH_CONNECT_RATE ??= String(Math.ceil(400 / mostOnOne)); // the simulator processes inherit it
  }
  const urlsOf = (k: number) => {
    if (overMqtt) return brokerUrl;
    const ws = instances.map((i) => `${i.base.replace('http', 'ws')}/gateway`);
    return (k < fleetsOnA ? ws : [ws[1], ws[0]]).join(' ');
  };
  const reports: ({ stats: FleetStats; cpuPct: number } | undefined)[] = [];
  const children = forkFleets(fileURLToPath(import.meta.url), {
    n: N,
    processes: FLEETS,
    url: urlsOf,
    more: [String(TELEMETRY_S)],
    onMessage: (k, m) => (reports[k] = m as (typeof reports)[number]),
  });
  const fleetSum = (pick: (s: FleetStats) => number) => reports.reduce((a, r) => a + (r ? pick(r.stats) : 0), 0);

  const t0 = performance.now();
  let held = [0, 0];
  while (held[0] + held[1] < N && performance.now() - t0 < Math.max(180_000, N * 10)) {
    await sleep(1000);
    held = await Promise.all(instances.map(links));
  }
  const linkSeconds = (performance.now() - t0) / 1000;
  console.log(`linked ${held.join(' + ')} of ${N} in ${linkSeconds.toFixed(1)} s; measuring for ${SECONDS} s`);
  await sleep(TELEMETRY_S * 1000); // every telemetry phase running

  // The device's holder over WebSocket: the instance its fleet dialled (forkFleets' split: fleet k from n*k/FLEETS).
  const onA = (i: number) => i < Math.floor((N * fleetsOnA) / FLEETS);
  const m0 = await Promise.all(instances.map(scrape));
  const h0 = await Promise.all(instances.map(scrapeText));
  const cpu0 = instances.map((i) => processCpuMs(i.process.pid));
  const pg0 = commandCpuMs('postgres');
  const redis0 = commandCpuMs('redis-server');
  const mosquitto0 = commandCpuMs('mosquitto');
  const machine0 = machineBusyMs();
  const rssPeak = [0, 0];
  const rssTimer = setInterval(
    () => instances.forEach((i, k) => (rssPeak[k] = Math.max(rssPeak[k], processRssMb(i.process.pid) || 0))),
    1000,
  );
  const operators = OPERATORS
    ? runOperators({
        bases: instances.map((i) => i.base),
        tokens: await Promise.all(operatorNames.map((name, k) => login(instances[k % 2].base, name))),
        deviceIds,
        seconds: SECONDS,
        skip: process.env.BENCH_OPERATORS_SKIP?.split(','),
      })
    : undefined;
  const rpc: number[] = [];
  const rpcErrors: Record<string, number> = {};
  const tStart = performance.now();
  while (performance.now() - tStart < SECONDS * 1000) {
    const i = Math.floor(Math.random() * N);
    const through = overMqtt ? instances[i % 2] : onA(i) ? B : A;
    const s = performance.now();
    const res = await through.api(deviceLinkApi.configGet, { id: deviceIds[i] }, through.token).catch(() => undefined);
    if (res?.status === 200) rpc.push(performance.now() - s);
    else rpcErrors[res?.status ?? 'network'] = (rpcErrors[res?.status ?? 'network'] ?? 0) + 1;
    await sleep(100);
  }
  const wall = (performance.now() - tStart) / 1000;
  const cpuPct = instances.map((inst, k) => +((processCpuMs(inst.process.pid) - cpu0[k]) / 10 / wall || 0).toFixed(1));
  const m1 = await Promise.all(instances.map(scrape));
  const rate = (key: 'telemetry' | 'heartbeats') =>
    +((m1[0][key] + m1[1][key] - m0[0][key] - m0[1][key]) / wall).toFixed(1);
  clearInterval(rssTimer);
  const result: Record<string, unknown> = {
    transport: overMqtt ? 'mqtt (external broker)' : 'ws',
    devices: N,
    linkedA: m1[0].links,
    linkedB: m1[1].links,
    linkSeconds: +linkSeconds.toFixed(1),
    onlineSeenByA: await onlineSeen(A),
    onlineSeenByB: await onlineSeen(B),
    telemetryPerS: rate('telemetry'),
    heartbeatsPerS: rate('heartbeats'),
    serverCpuPctOfOneCore: { A: cpuPct[0], B: cpuPct[1], total: +(cpuPct[0] + cpuPct[1]).toFixed(1) },
    serverRssPeakMB: { A: rssPeak[0], B: rssPeak[1] },
    machineCpuPctOfOneCore: +((machineBusyMs() - machine0) / 10 / wall).toFixed(1),
    postgresCpuPct: +(cpuBetween(pg0, commandCpuMs('postgres')) / 10 / wall).toFixed(1),
    redisCpuPct: +(cpuBetween(redis0, commandCpuMs('redis-server')) / 10 / wall).toFixed(1),
    ...(overMqtt
      ? { mosquittoCpuPct: +(cpuBetween(mosquitto0, commandCpuMs('mosquitto')) / 10 / wall).toFixed(1) }
      : {}),
    slowestRoutes: slowestRoutes(h0, await Promise.all(instances.map(scrapeText))),
    fleetCpuPct: +reports.reduce((a, r) => a + (r?.cpuPct ?? 0), 0).toFixed(1),
    rpcCrossInstance: overMqtt ? 'either instance (the broker chose the holder)' : 'always the other instance',
    rpcSamples: rpc.length,
    rpcErrors,
    rpcMs: rpc.length ? percentiles(rpc) : null,
    operators: operators ? await operators : undefined,
  };
  console.log(JSON.stringify(result, null, 2));
  if (STORM) console.log(JSON.stringify({ storm: await storm() }, null, 2));

  await stopFleets(children);
  for (const i of instances) i.process.kill('SIGTERM');
  // A killed by the storm has exited already (by a signal: exitCode stays null).
  const exited = (c: ChildProcess) => c.exitCode !== null || c.signalCode !== null;
  await Promise.all(instances.map((i) => new Promise((r) => (exited(i.process) ? r(0) : i.process.once('exit', r)))));
  await database.close();
  await fresh.drop();
  fs.rmSync(dataRoot, { recursive: true, force: true });
  process.exit(0);

  /** Kill -9 instance A and watch the fleet come back through B. */
  async function storm() {
    const linkedOnA = await links(A);
    const ackedBefore = fleetSum((s) => s.eventsAcked);
    const killedAt = performance.now();
    A.process.kill('SIGKILL');
    const consoleMs: number[] = [];
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const s = performance.now();
        await B.api(deviceApi.listAll, { page: 1, pageSize: 20 }, B.token);
        consoleMs.push(performance.now() - s);
        await sleep(250);
      }
    })();
    let allBackSeconds: number | null = null;
    const timeline: [seconds: number, linkedB: number][] = [];
    while (performance.now() - killedAt < 180_000) {
      await sleep(1000);
      const n = await links(B);
      const s = (performance.now() - killedAt) / 1000;
      timeline.push([+s.toFixed(0), n]);
      if (n >= N) {
        allBackSeconds = +s.toFixed(1);
        break;
      }
    }
    // A's heartbeat window (30 s) and a sweep: nobody may be shown online whose link is gone.
    const windowEnd = killedAt + 75_000;
    while (performance.now() < windowEnd) await sleep(1000);
    probing = false;
    await probe;
    const linkedB = await links(B);
    const onlineB = await onlineSeen(B);
    await sleep(5_000); // the last acknowledgements' rows
    const acked = fleetSum((s) => s.eventsAcked);
    const [{ stored }] = await database.db.select({ stored: sql<number>`count(*)::int` }).from(sql`device_events`);
    return {
      devicesOnA: linkedOnA,
      allBackThroughBSeconds: allBackSeconds,
      linkedB,
      onlineSeenByBAfterHeartbeatWindow: onlineB,
      shownOnlineWithoutLink: Math.max(0, onlineB - linkedB),
      eventsAcknowledged: acked,
      eventsAcknowledgedBeforeKill: ackedBefore,
      eventsStored: stored,
      acknowledgedEventsMissing: Math.max(0, acked - stored),
      consoleOnBDuringStormMs: percentiles(consoleMs),
      consoleSamples: consoleMs.length,
      timeline: timeline.filter((_, k) => k % 5 === 0 || k === timeline.length - 1),
      fleetStates: reports.reduce(
        (a, r) => {
          for (const [state, n] of Object.entries(r?.stats.states ?? {})) a[state] = (a[state] ?? 0) + n;
          return a;
        },
        {} as Record<string, number>,
      ),
    };
  }
}

async function login(base: string, username: string) {
  const res = await typedClient(fetchSend(base))(userApi.login, { username, password: PASSWORD });
  return res.body.data.token as string;
}

if (process.argv[2] === '--fleet') await runFleet();
else await runBench();
