/**
 * A list's first row, role by role (issue 33 item 6: an agent's device list took 1.4-1.5 s from the menu
 * click where the admin's took 0.5-0.9 s). One console build, one server on the demo's data (seeded once,
 * then served with the demo fleet off so no simulated telemetry competes for the CPU), and for each role
 * and list page it may open:
 *
 * - **in-app**: the Workplace is loaded, the page's section opened in the side menu, then the menu item is
 *   clicked; time from the click event to the first table row (and to the paint after it);
 * - **full load**: a warm navigation straight to the page's address; time from navigation to the first row.
 *
 * Rounds alternate the roles (the order reversed every round) so the machine's drift falls on all alike.
 * With `--waterfall` it also prints, for one in-app run per page, the API requests made between the click
 * and the first row (start, end, server wait), to see what waits on what.
 *
 *   node --import tsx bench/first-row-roles.ts <webDist> [--runs 15] [--waterfall] [--fleet] [--port 8395]
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
    runs: { type: 'string', default: '15' },
    waterfall: { type: 'boolean', default: false },
    // The demo fleet on while measuring (as `npm start` runs): its telemetry competes for the server.
    fleet: { type: 'boolean', default: false },
    port: { type: 'string', default: '8395' },
  },
});
const dist = path.resolve(positionals[0] ?? 'apps/web/dist');
const RUNS = Number(values.runs);
const PASSWORD = 'Bench@12345';
const DEMO_PASSWORD = 'Demo@2026';
const WORKPLACE = '/dashboard/workplace';

/** Who signs in, and the list pages (section, route name, path) measured for them. */
const ROLES: { role: string; userName: string; password: string; pages: [string, string, string][] }[] = [
  {
    role: 'admin',
    userName: 'admin',
    password: PASSWORD,
    pages: [
      ['device', 'device-list', '/device/device-list'],
      ['user', 'info', '/user/info'],
      ['project', 'project-list', '/project/project-list'],
    ],
  },
  {
    role: 'agent',
    userName: 'demo-agent-east',
    password: DEMO_PASSWORD,
    pages: [
      ['device', 'device-list', '/device/device-list'],
      ['user', 'info', '/user/info'],
    ],
  },
  {
    role: 'manager',
    userName: 'demo-manager-1',
    password: DEMO_PASSWORD,
    // The demo has no visitors; a project's personnel wait for a project to be chosen.
    pages: [['project', 'project-list', '/project/project-list']],
  },
];

/** Marks the first table row after `window.since` (0 on a load, the click on in-app), and the paint after it. */
function markFirstRow() {
  const w = window as unknown as { since: number; firstRow?: number; painted?: number };
  w.since = 0;
  // The click's own timestamp, taken by the browser when the event was created.
  document.addEventListener('click', (e) => (w.since = e.timeStamp), { capture: true });
  new MutationObserver(() => {
    if (w.firstRow !== undefined) return;
    const row = [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].find(
      (r) => (r as HTMLElement).offsetParent !== null,
    );
    if (!row) return;
    w.firstRow = performance.now();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (w.painted = performance.now());
      channel.port2.postMessage(0);
    });
  }).observe(document, { childList: true, subtree: true });
}

async function login(base: string, userName: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: userName, password }),
  });
  const body = (await res.json()) as { code: number; data: { token: string } };
  if (body.code !== 200) throw new Error(`login ${userName}: ${JSON.stringify(body)}`);
  return body.data.token;
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * q)]!;

interface Run {
  firstRow: number;
  painted: number;
}

/** Waits for the marked first row; answers its time and the paint's, from `since`. */
async function waitRow(page: Page): Promise<Run> {
  await page.waitForFunction(() => (window as unknown as { painted?: number }).painted !== undefined, null, {
    timeout: 30_000,
  });
  return page.evaluate(() => {
    const w = window as unknown as { since: number; firstRow: number; painted: number };
    return { firstRow: w.firstRow - w.since, painted: w.painted - w.since };
  });
}

/** The API requests of the page so far, from `since` (negative: before it), and the first row. */
async function printWaterfall(page: Page, run: Run) {
  const requests = await page.evaluate(() => {
    const w = window as unknown as { since: number };
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('/api/'))
      .map((e) => {
        const r = e as PerformanceResourceTiming;
        return {
          url: new URL(r.name).pathname + new URL(r.name).search.slice(0, 60),
          start: r.startTime - w.since,
          end: r.responseEnd - w.since,
          server: r.responseStart - r.requestStart,
          bytes: r.encodedBodySize,
        };
      });
  });
  for (const r of requests)
    console.log(
      `    ${r.start.toFixed(0).padStart(5)} -> ${r.end.toFixed(0).padStart(5)} ms (server ${r.server.toFixed(0)} ms, ${r.bytes} B) ${r.url}`,
    );
  console.log(`    first row at ${run.firstRow.toFixed(0)} ms`);
}

/** The Workplace, then the section opened, then a timed click on the page's menu item. */
async function inApp(page: Page, base: string, section: string, name: string, waterfall: boolean) {
  await page.goto(base + WORKPLACE, { waitUntil: 'load' });
  await page.locator(`[data-route-name="${section}"]`).first().click();
  const item = page.locator(`[data-route-name="${name}"]`).first();
  await item.waitFor({ state: 'visible' });
  await sleep(300); // the section's opening animation and anything the Workplace still draws
  await page.evaluate(() => {
    const w = window as unknown as { firstRow?: number; painted?: number };
    w.firstRow = undefined;
    w.painted = undefined;
  });
  await item.click();
  const run = await waitRow(page);
  if (waterfall) await printWaterfall(page, run);
  return run;
}

async function fullLoad(page: Page, base: string, route: string, waterfall: boolean): Promise<Run> {
  await page.goto(base + route, { waitUntil: 'commit' });
  const run = await waitRow(page);
  if (waterfall) await printWaterfall(page, run);
  return run;
}

const seedDir = path.join(root, '.tmp', `bench-roles-seed-${Date.now()}`);
const dataDir = `${seedDir}-run`;
let server: ChildProcess | undefined;
const start = (dir: string, demo: boolean) =>
  spawnServer({
    port: Number(values.port),
    dataDir: dir,
    // No device listener but HTTP, so it runs beside another engineer's server.
    env: {
      ADMIN_PASSWORD: PASSWORD,
      DEMO: demo ? '1' : '0',
      WEB_DIST: dist,
      DATABASE_URL: '',
      MQTT_PORT: 'off',
      HJ212_PORT: 'off',
    },
  });
const stop = async (proc: ChildProcess) => {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  proc.kill('SIGTERM');
  await new Promise((r) => proc.once('exit', r));
};
try {
  const base = `http://127.0.0.1:${values.port}`;
  server = start(seedDir, true);
  await waitReady(base, PASSWORD, ['/api/device/listAll', '/api/project/listAll']);
  // The demo divides its devices among the agents after adding them: wait until the agent has some.
  const agentToken = await login(base, 'demo-agent-east', DEMO_PASSWORD);
  for (let i = 0; ; i++) {
    const res = await fetch(`${base}/api/device/listAll?page=1&pageSize=1`, {
      headers: { authorization: `Bearer ${agentToken}` },
    });
    if (((await res.json()) as { data?: { total: number } }).data?.total) break;
    if (i > 600) throw new Error('the demo agent never got a device');
    await sleep(300);
  }
  await sleep(3000);
  await stop(server);
  fs.cpSync(seedDir, dataDir, { recursive: true });
  server = start(dataDir, values.fleet);
  await waitReady(base, PASSWORD);
  if (values.fleet) await sleep(10_000); // the simulated devices dial in

  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  type Key = string;
  const results = new Map<Key, { inApp: Run[]; load: Run[] }>();
  const pages = new Map<string, Page>();
  for (const r of ROLES) {
    const token = await login(base, r.userName, r.password);
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    await context.addInitScript(markFirstRow);
    pages.set(r.role, await context.newPage());
    for (const [, name] of r.pages) results.set(`${r.role} ${name}`, { inApp: [], load: [] });
  }
  // Two rounds warm the HTTP and code caches, not measured; the order is reversed every round.
  for (let round = 0; round < RUNS + 2; round++) {
    for (const r of round % 2 ? [...ROLES].reverse() : ROLES) {
      const page = pages.get(r.role)!;
      for (const [section, name, route] of r.pages) {
        const waterfall = values.waterfall && round === 2;
        if (waterfall) console.log(`${r.role} ${name}, in-app, then full load:`);
        const timed = async <T>(what: string, run: () => Promise<T>) => {
          try {
            return await run();
          } catch (err) {
            await page.screenshot({ path: path.join(root, '.tmp', `bench-roles-${r.role}-${name}.png`) });
            throw new Error(`${r.role} ${name} ${what}: ${String(err)}`);
          }
        };
        const a = await timed('in-app', () => inApp(page, base, section, name, waterfall));
        const b = await timed('full load', () => fullLoad(page, base, route, waterfall));
        if (round >= 2) {
          results.get(`${r.role} ${name}`)!.inApp.push(a);
          results.get(`${r.role} ${name}`)!.load.push(b);
        }
        await sleep(150);
      }
    }
  }
  await browser.close();

  const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(
    `${path.relative(root, dist) || dist}: ${RUNS} runs per page and role, interleaved; load average ${load}`,
  );
  console.log(
    'role / page                  in-app first row: p25    p50    p90 | full load first row: p25    p50    p90',
  );
  const q = (xs: number[]) => [0.25, 0.5, 0.9].map((p) => `${quantile(xs, p).toFixed(0)}`.padStart(6)).join(' ');
  for (const [key, { inApp: a, load: b }] of results) {
    console.log(
      `${key.padEnd(28)}                ${q(a.map((x) => x.firstRow))} |                       ${q(b.map((x) => x.firstRow))}`,
    );
  }
} finally {
  if (server) await stop(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(seedDir, { recursive: true, force: true });
}
