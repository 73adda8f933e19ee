/**
 * First start from a fresh clone (issue 34 goal 3): clones the checkout's committed HEAD into a temporary
 * directory, installs it (`npm ci`, timed but not counted), then runs the README's start command
 * (`npm start`) there on a new embedded database, and measures what a new user meets:
 *   - seconds until the server answers /api/health, and until a real browser (Debian's chromium) shows
 *     the login form ready to type in;
 *   - the lines the command printed before the one-time admin password, and in all until the login page
 *     was usable. Its output is piped here, not a terminal: the server logs JSON lines and the password as
 *     one of them, where a terminal gets one progress line and the password in a frame.
 *
 *   node --import tsx bench/first-start.ts
 *
 * BENCH_ROOT: the checkout to clone (default this one). BENCH_KEEP=1 keeps the clone for a look.
 * Ports are chosen free, so it runs beside other servers. The start's own output is printed at the end.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { sleep } from './lib.ts';

const root = path.resolve(process.env.BENCH_ROOT ?? path.join(import.meta.dirname, '..'));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'siteops-first-start-'));
const checkout = path.join(work, 'siteops');
/** Where the one-time admin password shows: a frame on a terminal, one log line when piped (as here). */
const PASSWORD_SHOWN = /╔|FIRST START: password/;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

function timed(what: string, cmd: string, args: string[], cwd: string) {
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, CI: '' } });
  if (r.status !== 0) throw new Error(`${what} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  return (Date.now() - started) / 1000;
}

const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
const cloneS = timed('git clone', 'git', ['clone', '-q', '--no-hardlinks', root, checkout], work);
const installS = timed('npm ci', 'npm', ['ci', '--no-audit', '--no-fund'], checkout);

const [port, mqtt, hj212] = [await freePort(), await freePort(), await freePort()];
const base = `http://127.0.0.1:${port}`;
const lines: { at: number; text: string }[] = [];
const started = Date.now();
const child = spawn('npm', ['start'], {
  cwd: checkout,
  detached: true,
  env: {
    ...process.env,
    CI: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    MQTT_PORT: String(mqtt),
    HJ212_PORT: String(hj212),
    DATABASE_URL: '',
    ADMIN_PASSWORD: '',
  },
});
let pending = '';
const collect = (chunk: Buffer) => {
  pending += chunk.toString('utf8');
  const parts = pending.split('\n');
  pending = parts.pop()!;
  for (const text of parts) lines.push({ at: (Date.now() - started) / 1000, text });
};
child.stdout.on('data', collect);
child.stderr.on('data', collect);
let exited: number | null = null;
child.on('exit', (code) => (exited = code ?? -1));

async function until(what: string, probe: () => Promise<boolean>, limitMs = 600_000) {
  const deadline = Date.now() + limitMs;
  while (!(await probe().catch(() => false))) {
    if (exited !== null) throw new Error(`npm start exited (${exited}) before ${what}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
  return (Date.now() - started) / 1000;
}

let report: Record<string, unknown> = {};
try {
  const healthS = await until('the server', async () => (await fetch(`${base}/api/health`)).ok);
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage({ locale: 'zh-CN' });
  await page.goto(`${base}/login`);
  await page.getByLabel(/^(用户名|Username)$/).waitFor({ state: 'visible', timeout: 120_000 });
  const loginS = (Date.now() - started) / 1000;
  await browser.close();
  const frameAt = lines.findIndex((l) => PASSWORD_SHOWN.test(l.text));
  report = {
    commit: head,
    machine: `${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
    cloneSeconds: cloneS,
    installSeconds: installS,
    healthSeconds: healthS,
    loginUsableSeconds: loginS,
    linesBeforePassword: frameAt === -1 ? null : frameAt,
    linesUntilLoginUsable: lines.filter((l) => l.at <= loginS).length,
  };
} finally {
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    // already gone
  }
  await sleep(1000);
  if (!process.env.BENCH_KEEP) fs.rmSync(work, { recursive: true, force: true });
  console.log('--- what npm start printed ---');
  for (const l of lines) console.log(`${l.at.toFixed(1).padStart(6)}s | ${l.text}`);
}
console.log('--- first start ---');
console.log(JSON.stringify(report, null, 2));
