/**
 * Console API throughput and tail latency (issue 16): the server as `npm start` runs it, in a child
 * process, on a fresh embedded database (default) or a fresh PostgreSQL database created on the server
 * BENCH_DATABASE_URL names (and dropped afterwards). 40 devices; closed-loop load from this process:
 * each connection sends its next request when the previous answer is in.
 *
 *   node --import tsx bench/api-throughput.ts [seconds=10] [connections=50]
 *   BENCH_ONLY=userInfo,deviceList   run only these scenarios (health, userInfo, deviceList, deviceList200)
 *   BENCH_PROFILE=1                  the server writes a CPU profile to .tmp/bench-prof (see profile-summary.ts)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freshPgDatabase, processCpuMs, spawnServer } from './lib.ts';

const SECONDS = Number(process.argv[2] ?? 10);
const CONNECTIONS = Number(process.argv[3] ?? 50);
const ONLY = process.env.BENCH_ONLY?.split(',');
const PROFILE = process.env.BENCH_PROFILE === '1';
const PASSWORD = 'Bench@12345';
const DEVICE_TYPES = [
  'face',
  'dust',
  'broadcast',
  'aiBox',
  'towerCrane',
  'elevator',
  'towerElevatorFace',
  'plate',
  'gateway',
];

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

const port = await freePort();
fs.mkdirSync('.tmp', { recursive: true });
const dataDir = fs.mkdtempSync(path.join('.tmp', 'bench-api-'));
const pgdb = await freshPgDatabase(process.env.BENCH_DATABASE_URL);
const profDir = path.resolve('.tmp/bench-prof');
const server = spawnServer({
  port,
  dataDir,
  nodeArgs: PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [],
  env: { ADMIN_PASSWORD: PASSWORD, DEMO: '0', NODE_ENV: 'production', ...(pgdb.url ? { DATABASE_URL: pgdb.url } : {}) },
});

const agent = new http.Agent({ keepAlive: true, maxSockets: 1_000 });
function send(method: string, url: string, token?: string, body?: unknown) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function waitForHealth() {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    try {
      if ((await send('GET', '/api/health')).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

interface Scenario {
  name: string;
  method: string;
  url: string;
  connections: number;
  body?: unknown;
}

const serverCpuMs = () => processCpuMs(server.pid);

async function load(s: Scenario, token: string, seconds: number) {
  const latencies: number[] = [];
  const cpuBefore = serverCpuMs();
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      const res = await send(s.method, s.url, token, s.body).catch(() => ({ status: 0, body: '' }));
      latencies.push(performance.now() - t0);
      if (res.status !== 200) errors++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: s.connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    cpuPerRequest: (serverCpuMs() - cpuBefore) / latencies.length,
    rps: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies.at(-1) ?? 0,
    over2s: latencies.filter((l) => l > 2_000).length,
    errors,
  };
}

try {
  await waitForHealth();
  const login = JSON.parse(
    (await send('POST', '/api/user/login', undefined, { username: 'admin', password: PASSWORD })).body,
  );
  const token = login.data.token as string;
  for (let i = 0; i < 40; i++) {
    const mac = ['02', ...Array.from({ length: 5 }, () => randomBytes(1).toString('hex'))].join(':');
    const added = await send('POST', '/api/device/add', token, {
      type: DEVICE_TYPES[i % DEVICE_TYPES.length],
      sn: `BENCH${String(i).padStart(4, '0')}`,
      mac,
      devName: `Bench device ${i}`,
    });
    if (added.status !== 200) throw new Error(`device add: ${added.body}`);
  }
  const scenarios: Scenario[] = [
    { name: 'health', method: 'GET', url: '/api/health', connections: CONNECTIONS },
    { name: 'userInfo', method: 'POST', url: '/api/user/info', connections: CONNECTIONS },
    { name: 'deviceList', method: 'GET', url: '/api/device/listAll?page=1&pageSize=20', connections: CONNECTIONS },
    { name: 'deviceList200', method: 'GET', url: '/api/device/listAll?page=1&pageSize=20', connections: 200 },
  ].filter((s) => !ONLY || ONLY.includes(s.name));
  const kind = pgdb.url ? 'PostgreSQL' : 'PGlite';
  console.log(`${kind}, ${SECONDS} s per scenario, node ${process.version}`);
  console.log('| scenario | connections | req/s | p50 ms | p99 ms | max ms | > 2 s | non-200 | server CPU ms/req |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const s of scenarios) {
    await load(s, token, Math.min(2, SECONDS)); // warm-up: JIT, pools, caches
    const r = await load(s, token, SECONDS);
    console.log(
      `| ${s.name} | ${s.connections} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ` +
        `${r.max.toFixed(0)} | ${r.over2s} | ${r.errors} | ${r.cpuPerRequest.toFixed(2)} |`,
    );
  }
} finally {
  agent.destroy();
  await new Promise<void>((resolve) => {
    server.once('exit', () => resolve());
    server.kill('SIGINT');
  });
  await pgdb.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (PROFILE) console.log(`CPU profile in ${profDir}: node --import tsx bench/profile-summary.ts ${profDir}`);
}
