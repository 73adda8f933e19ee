/**
 * What the fleet benchmarks share: simulated device identities with their secrets, seeding them as
 * authorised devices, simulator child processes, waiting for the fleet to link, a fresh PostgreSQL
 * database, latency percentiles, the console server in a child process. Not a benchmark itself.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { DeviceType } from '../packages/contracts/src/device-protocol.ts';
import { simIdentity } from '../packages/device-sim/src/fleet.ts';
import { loadConfig, type Config } from '../apps/server/src/config.ts';
import type { Db } from '../apps/server/src/db/client.ts';
import type { devices as devicesTable } from '../apps/server/src/db/schema/index.ts';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * An in-process server's configuration for a benchmark: silent, no demo, and no device listener but
 * the HTTP gateway (an MQTT or HJ 212 port would collide with a server running beside it); `env` adds
 * the rest (DATA_DIR, PII_KEY, limits).
 */
export function benchConfig(env: Record<string, string>): Config {
  return loadConfig({
    MQTT_PORT: 'off',
    HJ212_PORT: 'off',
    API_RATE_LIMIT: 'off',
    LOG_LEVEL: 'silent',
    DEMO: '0',
    ...env,
  });
}

/**
 * The console server as `npm start` runs it, in a child process on loopback with its own port and data
 * directory, quiet but for warnings; `env` sets the rest (ADMIN_PASSWORD, DEMO, WEB_DIST, DATABASE_URL...).
 */
export function spawnServer(opts: {
  port: number;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  nodeArgs?: string[];
}): ChildProcess {
  return spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** One call to a console server's API, unwrapped from the envelope; anything but code 200 throws. */
async function consoleApi<T>(base: string, url: string, init?: RequestInit): Promise<T> {
  const body = (await (await fetch(base + url, init)).json()) as { code: number; data: T };
  if (body.code !== 200) throw new Error(`${url}: ${JSON.stringify(body)}`);
  return body.data;
}

/**
 * Waits for a server from `spawnServer` to answer, logs in as admin and, for each list path given
 * (`/api/device/listAll`…), waits until it has a row: the demo seeds after start-up. Returns the token.
 */
export async function waitReady(base: string, password: string, lists: string[] = [], limitMs = 240_000) {
  const deadline = Date.now() + limitMs;
  const until = async (what: string, probe: () => Promise<boolean>) => {
    while (!(await probe().catch(() => false))) {
      if (Date.now() > deadline) throw new Error(`${base}: timed out waiting for ${what}`);
      await sleep(300);
    }
  };
  await until('the server', async () => (await fetch(`${base}/api/health`)).ok);
  const { token } = await consoleApi<{ token: string }>(base, '/api/user/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  const auth = { headers: { authorization: `Bearer ${token}` } };
  for (const list of lists) {
    await until(
      list,
      async () => (await consoleApi<{ total: number }>(base, `${list}?page=1&pageSize=1`, auth)).total > 0,
    );
  }
  return token;
}

export interface BenchIdentity {
  sn: string;
  mac: string;
  type: DeviceType;
  secret: string;
}

/**
 * `n` simulated devices: the i-th (from 0) of type `typeOf(i)`, numbered per type from 1 as `numberOf(i)`,
 * with a secret derived from `seed` and its serial number (so a simulator process rebuilds the same list).
 */
export function benchIdentities(
  prefix: string,
  seed: string,
  n: number,
  typeOf: (i: number) => DeviceType,
  numberOf: (i: number) => number = (i) => i + 1,
): BenchIdentity[] {
  return Array.from({ length: n }, (_, i) => {
    const id = simIdentity(prefix, typeOf(i), numberOf(i));
    return { ...id, secret: createHmac('sha256', seed).update(id.sn).digest('hex') };
  });
}

/** The identities as authorised, licensed devices (1,000 rows an INSERT); `extra` adds columns to every row. */
export async function seedDevices(
  db: Db,
  ids: BenchIdentity[],
  extra: Partial<typeof devicesTable.$inferInsert> = {},
): Promise<number[]> {
  const { devices } = await import('../apps/server/src/db/schema/index.ts');
  const { hashDeviceSecret } = await import('../apps/server/src/crypto/deviceSecret.ts');
  const out: number[] = [];
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .insert(devices)
      .values(
        ids.slice(i, i + 1000).map((d) => ({
          sn: d.sn,
          mac: d.mac,
          type: d.type,
          authStatus: 'authorize',
          secretHash: hashDeviceSecret(d.secret),
          licenceExpiresAt: new Date(Date.now() + 86_400_000),
          ...extra,
        })),
      )
      .returning({ id: devices.id });
    out.push(...rows.map((r) => r.id));
  }
  return out;
}

/**
 * `processes` simulator child processes running `script` (the benchmark itself) with
 * `--fleet <url> <offset> <count> ...more`: the `n` devices split evenly. `onMessage` gets each child's
 * reports with its index.
 */
export function forkFleets(
  script: string,
  opts: { n: number; processes: number; url: string; more?: string[]; onMessage?: (k: number, m: unknown) => void },
): ChildProcess[] {
  return Array.from({ length: opts.processes }, (_, k) => {
    const offset = Math.floor((opts.n * k) / opts.processes);
    const count = Math.floor((opts.n * (k + 1)) / opts.processes) - offset;
    const child = fork(script, ['--fleet', opts.url, String(offset), String(count), ...(opts.more ?? [])], {
      // BENCH_FLEET_CPU_PROF=<dir>: a V8 CPU profile of each simulator process there (NODE_OPTIONS may not carry --cpu-prof).
      execArgv: ['--import', 'tsx', ...cpuProfileArgs(process.env.BENCH_FLEET_CPU_PROF)],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    if (opts.onMessage) child.on('message', (m) => opts.onMessage!(k, m));
    return child;
  });
}

const cpuProfileArgs = (dir: string | undefined) => (dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : []);

/** Sends each simulator process `stop` and waits for it to exit. */
export function stopFleets(children: ChildProcess[]) {
  return Promise.all(
    children.map((child) => {
      child.send('stop');
      return new Promise((r) => child.once('exit', r));
    }),
  );
}

/** Waits until `n` devices hold a link (or `limitMs` passed); answers the seconds it took. */
export async function waitLinked(gateway: { registry: { size: number } }, n: number, limitMs: number) {
  const start = performance.now();
  while (gateway.registry.size < n && performance.now() - start < limitMs) await sleep(200);
  return (performance.now() - start) / 1000;
}

/**
 * A fresh PostgreSQL database on the server `base` names (dropped by `drop()`), or nothing when there is
 * no `base` (the benchmark then runs on the embedded database).
 */
export async function freshPgDatabase(base: string | undefined): Promise<{ url?: string; drop(): Promise<void> }> {
  if (!base) return { drop: async () => {} };
  const { default: pg } = await import('pg');
  const name = `siteops_bench_${randomBytes(4).toString('hex')}`;
  const root = new pg.Client({ connectionString: base });
  await root.connect();
  await root.query(`create database ${name}`);
  await root.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** p50/p95/p99 (ms, one decimal) of a list of times. */
export function percentiles(times: number[]) {
  const s = [...times].sort((a, b) => a - b);
  const p = (q: number) => +s[Math.min(s.length - 1, Math.floor(q * s.length))].toFixed(1);
  return { p50: p(0.5), p95: p(0.95), p99: p(0.99) };
}
