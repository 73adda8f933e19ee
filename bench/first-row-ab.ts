/**
 * Two or more console builds compared on the same machine at the same time: each build is served by its own
 * server (the same seeded data, the demo fleet off so no simulated telemetry competes for the CPU), and warm
 * navigations to one route alternate between the builds. Prints quantiles of the time from navigation to
 * the first table row and to the first paint after it.
 *
 *   node --import tsx bench/first-row-ab.ts <webDist> <webDist>... [--route /device/device-list] [--runs 30] [--port 8390]
 *
 * Why interleaved: on a shared two-core machine the speed drifts by up to 1.5x within minutes, more than the
 * change being measured; runs one build after the other (bench/first-load.ts) then compare two moments, not
 * two builds. Alternating cancels the drift; the lower quantiles show the machine at its quietest.
 *
 * Machines differ by more than 2x (bench/RESULTS.md). To compare with a figure measured on another machine,
 * run the build that figure was measured with beside yours: the ratio between builds carries over from
 * machine to machine, the milliseconds do not.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { sleep, spawnServer, waitReady } from './lib.ts';

const root = path.resolve(import.meta.dirname, '..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    route: { type: 'string', default: '/device/device-list' },
    runs: { type: 'string', default: '30' },
    // The seeding server's port; each build's server takes the next ones.
    port: { type: 'string', default: '8390' },
  },
});
const dists = positionals.map((d) => path.resolve(d));
if (dists.length < 2) throw new Error('usage: first-row-ab.ts <webDist> <webDist>... [--route R] [--runs N]');
const RUNS = Number(values.runs);
const PASSWORD = 'Bench@12345';

interface Server {
  dist: string;
  base: string;
  proc: ChildProcess;
  dataDir: string;
  token: string;
  firstRow: number[];
  painted: number[];
}

function startServer(dist: string, port: number, dataDir: string, demo: boolean): ChildProcess {
  // No device listener but HTTP: two servers side by side (or another engineer's) would collide on their ports.
  const env = {
    ADMIN_PASSWORD: PASSWORD,
    DEMO: demo ? '1' : '0',
    WEB_DIST: dist,
    DATABASE_URL: '',
    MQTT_PORT: 'off',
    HJ212_PORT: 'off',
  };
  return spawnServer({ port, dataDir, env });
}

/** Marks the first table row and, one frame later, the paint that drew it. */
function markFirstRow() {
  const w = window as unknown as { firstRow?: number; painted?: number };
  new MutationObserver(() => {
    if (w.firstRow !== undefined || !document.querySelector('.ant-table-tbody tr.ant-table-row')) return;
    w.firstRow = performance.now();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (w.painted = performance.now());
      channel.port2.postMessage(0);
    });
  }).observe(document, { childList: true, subtree: true });
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * q)]!;

const seedDir = path.join(root, '.tmp', `bench-ab-seed-${Date.now()}`);
const servers: Server[] = [];
let seeder: ChildProcess | undefined;
try {
  // The demo seeds agents, projects and devices once; every build then serves a copy of that data.
  const PORT = Number(values.port);
  const seed = startServer(dists[0]!, PORT, seedDir, true);
  seeder = seed;
  await waitReady(`http://127.0.0.1:${PORT}`, PASSWORD, ['/api/device/listAll']);
  await sleep(3000);
  seed.kill('SIGTERM');
  await new Promise((r) => seed.once('exit', r));

  for (const [i, dist] of dists.entries()) {
    const dataDir = `${seedDir}-${i}`;
    fs.cpSync(seedDir, dataDir, { recursive: true });
    const port = PORT + 1 + i;
    const proc = startServer(dist, port, dataDir, false);
    const base = `http://127.0.0.1:${port}`;
    servers.push({ dist, base, proc, dataDir, token: await waitReady(base, PASSWORD), firstRow: [], painted: [] });
  }

  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const pages = new Map<Server, Page>();
  for (const s of servers) {
    const context = await browser.newContext({ locale: 'zh-CN' });
    await context.addInitScript((token) => localStorage.setItem('token', token), s.token);
    await context.addInitScript(markFirstRow);
    pages.set(s, await context.newPage());
  }
  // Two rounds to warm the HTTP and code caches, then the measured ones, the order reversed every round.
  for (let round = 0; round < RUNS + 2; round++) {
    for (const s of round % 2 ? [...servers].reverse() : servers) {
      const page = pages.get(s)!;
      await page.goto(s.base + values.route, { waitUntil: 'commit' });
      await page.waitForFunction(() => (window as unknown as { painted?: number }).painted !== undefined);
      const [firstRow, painted] = await page.evaluate(() => {
        const w = window as unknown as { firstRow: number; painted: number };
        return [w.firstRow, w.painted];
      });
      if (round >= 2) {
        s.firstRow.push(firstRow!);
        s.painted.push(painted!);
      }
      await sleep(200);
    }
  }
  await browser.close();

  const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`${values.route}, ${RUNS} warm navigations per build, interleaved; load average ${load}`);
  console.log('build                          first row: p10    p25    p50 | painted: p10    p25    p50');
  for (const s of servers) {
    const q = (xs: number[]) => [0.1, 0.25, 0.5].map((p) => `${quantile(xs, p).toFixed(0)}`.padStart(6)).join(' ');
    console.log(
      `${path.relative(root, s.dist).padEnd(30).slice(0, 30)}          ${q(s.firstRow)} |       ${q(s.painted)}`,
    );
  }
} finally {
  if (seeder && seeder.exitCode === null && seeder.signalCode === null) seeder.kill('SIGTERM');
  for (const s of servers) {
    s.proc.kill('SIGTERM');
    await new Promise((r) => s.proc.once('exit', r));
    fs.rmSync(s.dataDir, { recursive: true, force: true });
  }
  fs.rmSync(seedDir, { recursive: true, force: true });
}
