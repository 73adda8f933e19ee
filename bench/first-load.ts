/**
 * First load of the console in a real Chromium on loopback: time from navigation to the first table row
 * of the device list and of the user list, with an empty cache (a new browser context each run) and with
 * a warm one (the same page navigated again), and the JS+CSS bytes that went over the wire.
 *
 *   node --import tsx bench/first-load.ts [webDist=apps/web/dist] [runs=5]
 *
 * Starts its own server (DEMO=1 for devices to list, fresh data directory, BENCH_PORT or 8192) on the
 * given build; point it at an older build to compare. Chromium: CHROME_PATH or /usr/bin/chromium.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { spawnServer, waitReady } from './lib.ts';

const root = path.resolve(import.meta.dirname, '..');
const webDist = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist'));
const RUNS = Number(process.argv[3] ?? 5);
const port = Number(process.env.BENCH_PORT ?? 8192);
const base = `http://127.0.0.1:${port}`;
const PASSWORD = 'Bench@12345';
const ROUTES = { 'device list': '/device/device-list', 'user list': '/user/info' };

const dataDir = path.join(root, '.tmp', `bench-first-load-${Date.now()}`);
const server = spawnServer({
  port,
  dataDir,
  env: { ADMIN_PASSWORD: PASSWORD, DEMO: '1', WEB_DIST: webDist, DATABASE_URL: '' },
});

/** Milliseconds from navigation start to the first data row, and JS+CSS bytes transferred. */
async function measure(browser: Browser, token: string, route: string, runs: number) {
  const cold: number[] = [];
  const warm: number[] = [];
  let coldBytes = 0;
  let warmBytes = 0;
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ locale: 'zh-CN' });
    await context.addInitScript((t) => {
      localStorage.setItem('token', t);
      const w = window as unknown as { firstRow?: number };
      new MutationObserver(() => {
        if (w.firstRow === undefined && document.querySelector('.ant-table-tbody tr.ant-table-row')) {
          w.firstRow = performance.now();
        }
      }).observe(document, { childList: true, subtree: true });
    }, token);
    const page = await context.newPage();
    for (const [pass, times] of [
      ['cold', cold],
      ['warm', warm],
    ] as const) {
      await page.goto(base + route, { waitUntil: 'commit' });
      await page.waitForFunction(() => (window as unknown as { firstRow?: number }).firstRow !== undefined, null, {
        timeout: 180_000,
      });
      const { firstRow, bytes } = await page.evaluate(() => ({
        firstRow: (window as unknown as { firstRow: number }).firstRow,
        bytes: performance
          .getEntriesByType('resource')
          .filter((e) => /\.(js|css)(\?|$)/.test(e.name))
          .reduce((sum, e) => sum + (e as PerformanceResourceTiming).transferSize, 0),
      }));
      times.push(firstRow);
      if (pass === 'cold') coldBytes = Math.max(coldBytes, bytes);
      else warmBytes = Math.max(warmBytes, bytes);
    }
    await context.close();
  }
  return { cold, warm, coldBytes, warmBytes };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  // The demo seed runs after start-up; wait until both lists have rows to show.
  const token = await waitReady(base, PASSWORD, ['/api/device/listAll', '/api/user/listAll']);
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  console.log(
    `build ${path.relative(root, webDist) || webDist}, ${RUNS} runs, load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
  );
  console.log('page          cold: median (min-max)      JS+CSS over the wire   warm: median     JS+CSS');
  for (const [name, route] of Object.entries(ROUTES)) {
    await measure(browser, token, route, 1); // let the server warm up its queries and caches
    const r = await measure(browser, token, route, RUNS);
    const span = (xs: number[]) =>
      `${median(xs).toFixed(0)} ms (${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)})`;
    console.log(
      `${name.padEnd(13)} ${span(r.cold).padEnd(26)} ${`${(r.coldBytes / 1000).toFixed(1)} KB`.padStart(12)}          ${`${median(r.warm).toFixed(0)} ms`.padEnd(16)} ${(r.warmBytes / 1000).toFixed(1)} KB`,
    );
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
