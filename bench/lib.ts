/**
 * What the fleet benchmarks share: simulated device identities with their secrets, seeding them as
 * authorised devices, simulator child processes, waiting for the fleet to link, face terminals and
 * waiting until they hold every person, face photos, a fresh PostgreSQL database, latency percentiles,
 * the console server in a child process. Not a benchmark itself.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { DEVICE_TYPES, type DeviceType } from '../packages/contracts/src/device-protocol.ts';
import { SimFleet, simIdentity, type FleetOptions } from '../packages/device-sim/src/fleet.ts';
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

/** `benchIdentities` over every device type in turn (the i-th device of type i mod types, numbered per type). */
export const mixedIdentities = (prefix: string, seed: string) => (n: number) =>
  benchIdentities(
    prefix,
    seed,
    n,
    (i) => DEVICE_TYPES[i % DEVICE_TYPES.length] as DeviceType,
    (i) => Math.floor(i / DEVICE_TYPES.length) + 1,
  );

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
  opts: {
    n: number;
    processes: number;
    /** The server address, or each process's (k from 0). */
    url: string | ((k: number) => string);
    more?: string[];
    onMessage?: (k: number, m: unknown) => void;
  },
): ChildProcess[] {
  return Array.from({ length: opts.processes }, (_, k) => {
    const offset = Math.floor((opts.n * k) / opts.processes);
    const count = Math.floor((opts.n * (k + 1)) / opts.processes) - offset;
    const url = typeof opts.url === 'string' ? opts.url : opts.url(k);
    const child = fork(script, ['--fleet', url, String(offset), String(count), ...(opts.more ?? [])], {
      // BENCH_FLEET_CPU_PROF=<dir>: a V8 CPU profile of each simulator process there (NODE_OPTIONS may not carry --cpu-prof).
      execArgv: ['--import', 'tsx', ...cpuProfileArgs(process.env.BENCH_FLEET_CPU_PROF)],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    if (opts.onMessage) child.on('message', (m) => opts.onMessage!(k, m));
    return child;
  });
}

/**
 * The body of a simulator process that forkFleets started (`--fleet <url> <offset> <count> ...rest`): its
 * share of `identities`, linked with `options(url, rest)`; every second the parent gets `report(fleet,
 * cpuPct)` when given (cpuPct: this process's CPU since the fleet started, in % of one core); the parent's
 * `stop` stops the fleet and ends the process.
 */
export async function runFleetProcess(
  identities: (n: number) => FleetOptions['devices'],
  options: (url: string, rest: string[]) => Omit<FleetOptions, 'devices'>,
  report?: (fleet: SimFleet, cpuPct: number) => object,
) {
  const [, , , url, offset, count, ...rest] = process.argv;
  const fleet = new SimFleet({
    ...options(url, rest),
    devices: identities(Number(offset) + Number(count)).slice(Number(offset)),
  });
  await fleet.start();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const cpuPct = () => {
    const cpu = process.cpuUsage(cpu0);
    return ((cpu.user + cpu.system) / 1000 / (performance.now() - t0)) * 100;
  };
  const timer = report && setInterval(() => process.send?.(report(fleet, cpuPct())), 1000);
  process.on('message', async (m) => {
    if (m !== 'stop') return;
    clearInterval(timer);
    await fleet.stop();
    process.exit(0);
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

/** What a face-terminal simulator process reports about each of its terminals, twice a second. */
export interface TerminalReport {
  sn: string;
  up: boolean;
  held: number;
  received: number;
  fetches: number;
}

/**
 * The body of a face-terminal simulator process (forkFleets: `--fleet <url> <offset> <count>`): its share
 * of the face terminals `identities(n)` gives, linked without telemetry or events; reports what each
 * holds twice a second until the parent sends `stop`.
 */
export async function runFaceFleet(identities: (n: number) => BenchIdentity[]) {
  const [, , , url, offset, count] = process.argv;
  const fleet = new SimFleet({
    url,
    devices: identities(Number(offset) + Number(count)).slice(Number(offset)),
    telemetryMs: 0,
    eventRate: 0,
    pictures: false,
    connectRate: 300,
    log: () => {},
  });
  await fleet.start();
  const timer = setInterval(() => {
    process.send?.(
      fleet.devices.map((d): TerminalReport => ({
        sn: d.sn,
        up: d.state === 'up',
        held: d.faces?.size ?? 0,
        received: d.faces?.received ?? 0,
        fetches: d.faces?.fetches ?? 0,
      })),
    );
  }, 500);
  process.on('message', async (m) => {
    if (m !== 'stop') return;
    clearInterval(timer);
    await fleet.stop();
    process.exit(0);
  });
}

/**
 * The face terminals `ids` (seeded as devices of `projectId`) in `processes` simulator child processes
 * running `script` (which calls runFaceFleet), linked to the server on `port`: waits until all hold a
 * link and are online in the devices table (the dispatcher sends only to those). Answers the children
 * (stop them with stopFleets), the terminals' latest reports by serial number and the link time.
 */
export async function startFaceTerminals(opts: {
  script: string;
  db: Db;
  gateway: { registry: { size: number } };
  port: number;
  projectId: number;
  ids: BenchIdentity[];
  processes: number;
  /** More arguments for the simulator processes, after `--fleet <url> <offset> <count>`. */
  more?: string[];
}) {
  const { sql } = await import('drizzle-orm');
  const { rowsOf } = await import('../apps/server/src/db/rows.ts');
  const M = opts.ids.length;
  const reports = new Map<string, TerminalReport>();
  const children = forkFleets(opts.script, {
    n: M,
    processes: opts.processes,
    url: `ws://127.0.0.1:${opts.port}/gateway`,
    more: opts.more,
    onMessage: (_, m) => {
      for (const r of m as TerminalReport[]) reports.set(r.sn, r);
    },
  });
  try {
    const linkSeconds = await waitLinked(opts.gateway, M, Math.max(60_000, M * 1000));
    console.log(`${opts.gateway.registry.size}/${M} face terminals linked in ${linkSeconds.toFixed(1)} s`);
    const onlineStart = performance.now();
    const online = async () =>
      rowsOf<{ n: number }>(
        await opts.db.execute(
          sql`select count(*)::int as n from devices where project_id = ${opts.projectId} and online_status = 'online'`,
        ),
      )[0].n;
    while ((await online()) < M && performance.now() - onlineStart < 60_000) await sleep(250);
    if ((await online()) < M) throw new Error(`only ${await online()}/${M} terminals online in the table`);
    return { children, reports, linkSeconds };
  } catch (err) {
    await stopFleets(children);
    throw err;
  }
}

/**
 * After a change (at `start`, a performance.now()) that should put `persons` persons on each of the
 * `terminals` face terminals of `projectId`: waits until every terminal reports holding them all and
 * every gate_persons row of the project's devices is on its device and settled, or `timeoutS` passed.
 * Prints the progress every 5 s and a line per terminal at the end.
 */
export async function awaitFaceSync(opts: {
  db: Db;
  projectId: number;
  terminals: number;
  persons: number;
  reports: Map<string, TerminalReport>;
  start: number;
  timeoutS: number;
}) {
  const { sql } = await import('drizzle-orm');
  const { rowsOf } = await import('../apps/server/src/db/rows.ts');
  const { db, projectId, reports, start } = opts;
  const M = opts.terminals;
  const P = opts.persons;
  // Progress from the simulators (no database load); the end from the outbox, once they hold all.
  const doneAt = new Map<string, number>();
  let simsDone: number | undefined;
  let outboxDone: number | undefined;
  const timeline: string[] = [];
  let lastLine = -1;
  const outbox = async () =>
    rowsOf<{ rows: number; synced: number; failing: number; attempts: number }>(
      await db.execute(sql`
        select count(*)::int as rows,
          count(*) filter (where on_device and not pending)::int as synced,
          count(*) filter (where last_error is not null)::int as failing,
          coalesce(sum(attempts), 0)::int as attempts
        from gate_persons g join devices d on d.id = g.device_id where d.project_id = ${projectId}`),
    )[0];
  while (performance.now() - start < opts.timeoutS * 1000) {
    await sleep(200);
    const t = (performance.now() - start) / 1000;
    for (const r of reports.values()) if (r.held >= P && !doneAt.has(r.sn)) doneAt.set(r.sn, t);
    const held = [...reports.values()].reduce((a, r) => a + Math.min(r.held, P), 0);
    if (Math.floor(t / 5) !== lastLine) {
      lastLine = Math.floor(t / 5);
      timeline.push(`${t.toFixed(0)}s: ${held}/${M * P} held, ${doneAt.size}/${M} terminals complete`);
      console.log(`  ${timeline.at(-1)}`);
    }
    if (simsDone === undefined && doneAt.size === M) simsDone = t;
    if (simsDone !== undefined) {
      const o = await outbox();
      if (o.synced === M * P && o.rows === M * P) {
        outboxDone = (performance.now() - start) / 1000;
        break;
      }
    }
  }
  const o = await outbox();
  const perDevice = rowsOf<{
    sn: string;
    rows: number;
    synced: number;
    pending: number;
    failing: number;
    attempts: number;
    error: string | null;
  }>(
    await db.execute(sql`
      select d.sn, count(g.id)::int as rows,
        count(*) filter (where g.on_device and not g.pending)::int as synced,
        count(*) filter (where g.pending)::int as pending,
        count(*) filter (where g.last_error is not null)::int as failing,
        coalesce(sum(g.attempts), 0)::int as attempts,
        max(g.last_error) as error
      from devices d left join gate_persons g on g.device_id = d.id
      where d.project_id = ${projectId} group by d.sn order by d.sn`),
  );
  console.log(
    'per terminal: sn, outbox synced/rows, pending, failing rows, failed attempts | held, persons received, photos fetched, complete at',
  );
  for (const d of perDevice) {
    const r = reports.get(d.sn);
    const at = doneAt.get(d.sn);
    console.log(
      `  ${d.sn} ${d.synced}/${d.rows} pending ${d.pending} failing ${d.failing} attempts ${d.attempts} | held ${r?.held ?? '?'} received ${r?.received ?? '?'} fetched ${r?.fetches ?? '?'} ${at === undefined ? 'INCOMPLETE' : `${at.toFixed(1)} s`}${d.error ? ` last error: ${d.error}` : ''}`,
    );
  }
  const completion = [...doneAt.values()].sort((a, b) => a - b);
  return {
    seconds: outboxDone === undefined ? null : +outboxDone.toFixed(1),
    terminalsHoldAllSeconds: simsDone === undefined ? null : +simsDone.toFixed(1),
    completed: outboxDone !== undefined,
    outbox: o,
    failingRows: o.failing,
    failedAttempts: o.attempts,
    terminalsComplete: doneAt.size,
    terminalCompleteSeconds: completion.length
      ? {
          first: +completion[0].toFixed(1),
          median: +completion[Math.floor(completion.length / 2)].toFixed(1),
          last: +completion.at(-1)!.toFixed(1),
        }
      : null,
    personsReceived: [...reports.values()].reduce((a, r) => a + r.received, 0),
    photosFetched: [...reports.values()].reduce((a, r) => a + r.fetches, 0),
    timeline,
  };
}

/**
 * `n` face photos uploaded by `uploaderId` (visitor_photos rows, the files in `filesDir`, the server's
 * DATA_DIR/files): one 160x200 JPEG made distinct by a comment segment (COM) after its SOI, so each
 * has its own bytes and SHA-256 and a terminal downloads every one. Answers their ids.
 */
export async function seedFacePhotos(db: Db, filesDir: string, n: number, uploaderId: number): Promise<string[]> {
  const { visitorPhotos } = await import('../apps/server/src/db/schema/index.ts');
  const { LocalStorage } = await import('../apps/server/src/storage/local.ts');
  const { default: jpeg } = await import('jpeg-js');
  const storage = new LocalStorage(filesDir);
  const base = Buffer.from(jpeg.encode({ data: Buffer.alloc(160 * 200 * 4, 128), width: 160, height: 200 }, 70).data);
  const ids: string[] = [];
  for (let i = 0; i < n; i += 500) {
    const rows = [];
    for (let k = i; k < Math.min(n, i + 500); k++) {
      const comment = Buffer.from(`bench face ${k}`);
      const com = Buffer.alloc(4);
      com.writeUInt16BE(0xfffe, 0);
      com.writeUInt16BE(comment.length + 2, 2);
      const buf = Buffer.concat([base.subarray(0, 2), com, comment, base.subarray(2)]);
      const id = randomUUID();
      await storage.put(id, Readable.from([buf]));
      ids.push(id);
      rows.push({
        id,
        uploaderId,
        mime: 'image/jpeg',
        size: buf.length,
        width: 160,
        height: 200,
        sha256: createHash('sha256').update(buf).digest('hex'),
      });
    }
    await db.insert(visitorPhotos).values(rows);
  }
  return ids;
}

/** The load average now (1, 5, 15 minutes), as `uptime` shows it. */
export const loadAverage = () => os.loadavg().map((x) => +x.toFixed(2));

/** A process's CPU time so far (user + system, ms), from /proc: robust when the machine is busy; NaN once it is gone. */
export function processCpuMs(pid: number | undefined) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the command name), in clock ticks.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** A process's resident memory (MB) now, from /proc; NaN once it is gone. */
export function processRssMb(pid: number | undefined) {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Math.round(Number(kb) / 1024);
  } catch {
    return NaN;
  }
}

/** The CPU time (ms) of each process on the machine whose command is `name` (postgres, redis-server, mosquitto), by pid. */
export function commandCpuMs(name: string) {
  const byPid = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name)
        byPid.set(Number(entry), processCpuMs(Number(entry)));
    } catch {
      /* exited meanwhile */
    }
  }
  return byPid;
}

/** CPU time (ms) the processes alive in both samples spent between them (one that exited took its time with it). */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>) {
  let ms = 0;
  for (const [pid, end] of after) if (before.has(pid) && end >= before.get(pid)!) ms += end - before.get(pid)!;
  return ms;
}

/** The whole machine's busy time (every core, ms) so far, from /proc/stat. */
export function machineBusyMs() {
  const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const idle = ticks[3] + ticks[4];
  return ((ticks.reduce((a, b) => a + b, 0) - idle) * 1000) / 100;
}
