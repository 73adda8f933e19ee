/**
 * Memory of the start command, idle with the demo fleet: runs the README's start command (`npm start`)
 * in a fresh data directory with DEMO=1, waits until the demo's devices are linked and the server is
 * idle, then sums the resident memory (RSS; PSS beside it, which counts shared pages once) of EVERY
 * process the command left running: npm, any wrapper, the server, build or transform services. The
 * process tree is walked through /proc from the command's own process, so nothing it started escapes.
 *
 *   node --import tsx bench/memory.ts [--pg] [settleSeconds=30] [samples=10]
 *
 * --pg: on PostgreSQL, a fresh database created on BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test's server) and dropped afterwards. BENCH_START overrides the
 * command (default `npm start`), BENCH_ROOT the checkout it runs in (e.g. a worktree of an older commit,
 * for a before/after in one run). Ports are chosen free (HTTP, MQTT, HJ 212), so it runs beside others.
 * The console is built first if the start command builds (that is not measured: only the idle figure).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freshPgDatabase, sleep, waitReady } from './lib.ts';

const args = process.argv.slice(2);
const onPg = args.includes('--pg');
const [settleS = 30, samples = 10] = args.filter((a) => !a.startsWith('--')).map(Number);
const root = path.resolve(process.env.BENCH_ROOT ?? path.join(import.meta.dirname, '..'));
const command = process.env.BENCH_START ?? 'npm start';
const PASSWORD = 'Bench@12345';
const DEMO_DEVICES = 41;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

interface Proc {
  pid: number;
  ppid: number;
  name: string;
  rssKb: number;
  pssKb: number;
}

/** Every process on the machine with its parent (from /proc/<pid>/stat). */
function processTable(): Map<number, { ppid: number }> {
  const table = new Map<number, { ppid: number }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …; comm may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      table.set(Number(entry), { ppid });
    } catch {
      /* exited meanwhile */
    }
  }
  return table;
}

const kbField = (text: string, field: string) =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);

/** `pid` and all its descendants, with their memory. */
function tree(pid: number): Proc[] {
  const table = processTable();
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    for (const [child, { ppid }] of table) if (ppid === pids[i]) pids.push(child);
  }
  const out: Proc[] = [];
  for (const p of pids) {
    try {
      const status = fs.readFileSync(`/proc/${p}/status`, 'utf8');
      const rollup = fs.readFileSync(`/proc/${p}/smaps_rollup`, 'utf8');
      const cmdline = fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0').filter(Boolean);
      const name = cmdline
        .map((a) => (a.startsWith(root + path.sep) ? path.relative(root, a) : a))
        .join(' ')
        .slice(0, 90);
      out.push({
        pid: p,
        ppid: table.get(p)?.ppid ?? 0,
        name,
        rssKb: kbField(status, 'VmRSS'),
        pssKb: kbField(rollup, 'Pss'),
      });
    } catch {
      /* exited meanwhile */
    }
  }
  return out;
}

const mb = (kb: number) => Math.round(kb / 1024);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siteops-bench-memory-'));
const pg = onPg
  ? await freshPgDatabase(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test')
  : await freshPgDatabase(undefined);
const logFile = path.join(os.tmpdir(), `siteops-bench-memory-${port}.log`);
const log = fs.openSync(logFile, 'w');
const started = Date.now();
const [bin, ...binArgs] = command.split(' ');
const child = spawn(bin, binArgs, {
  cwd: root,
  // Its own process group, so the stop reaches every process it started (as Ctrl-C would).
  detached: true,
  stdio: ['ignore', log, log],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: pg.url ?? '',
    REDIS_URL: '',
    DEMO: '1',
    ADMIN_PASSWORD: PASSWORD,
    MQTT_PORT: String(await freePort()),
    HJ212_PORT: String(await freePort()),
    LOG_LEVEL: 'info',
  },
});

try {
  const token = await waitReady(base, PASSWORD, ['/api/device/listAll'], 600_000);
  const upS = (Date.now() - started) / 1000;
  // The demo fleet dials in after the seed: wait until it is online.
  const deadline = Date.now() + 120_000;
  let online = 0;
  while (Date.now() < deadline) {
    const res = (await (
      await fetch(`${base}/api/dashboard/fleet`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { data: { devices: { online: number } } };
    online = res.data.devices.online;
    if (online >= DEMO_DEVICES) break;
    await sleep(1000);
  }
  console.log(
    `${command} (${onPg ? 'PostgreSQL' : 'embedded database'}): up in ${upS.toFixed(1)} s, ${online} devices online; idle ${settleS} s…`,
  );
  await sleep(settleS * 1000);

  const totals: { rss: number; pss: number }[] = [];
  let last: Proc[] = [];
  for (let i = 0; i < samples; i++) {
    last = tree(child.pid!);
    totals.push({ rss: last.reduce((s, p) => s + p.rssKb, 0), pss: last.reduce((s, p) => s + p.pssKb, 0) });
    await sleep(1000);
  }
  console.log('\n| pid | process | RSS MB | PSS MB |\n|---|---|---|---|');
  for (const p of last) {
    console.log(`| ${p.pid} | \`${p.name}\` | ${mb(p.rssKb)} | ${mb(p.pssKb)} |`);
  }
  const rss = mb(median(totals.map((t) => t.rss)));
  const pss = mb(median(totals.map((t) => t.pss)));
  console.log(
    `\nall processes of \`${command}\`, idle, median of ${samples} samples: RSS ${rss} MB, PSS ${pss} MB (${last.length} processes)`,
  );
} catch (err) {
  console.error(`failed: ${(err as Error).message}; the start command's output is in ${logFile}`);
  process.exitCode = 1;
} finally {
  const exited = new Promise((r) => child.once('exit', r));
  try {
    process.kill(-child.pid!, 'SIGINT');
  } catch {
    /* gone */
  }
  await Promise.race([exited, sleep(15_000)]);
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    /* gone */
  }
  await pg.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
