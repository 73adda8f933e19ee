import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DB_KIND } from './harness.ts';
import { startFaultProxy, type FaultProxy } from './faultproxy.ts';
import { freePort, spawnServer } from './server-process.ts';

const dirs: string[] = [];
const proxies: FaultProxy[] = [];
afterAll(async () => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  await Promise.all(proxies.map((p) => p.close()));
});

/** A port nothing listens on: connecting to it is refused. */
const closedPort = freePort;

/** Run the server until it exits (it should, at once); its exit code and everything it printed. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string; ms: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siteops-start-'));
  dirs.push(dataDir);
  const started = Date.now();
  const child = spawnServer(dataDir, 0, { LOG_LEVEL: 'info', ...env });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  // Generous: tsx compiles the server in the child first, slow on a busy machine (seconds otherwise).
  const kill = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(kill);
      resolve({ code, output, ms: Date.now() - started });
    }),
  );
}

function expectOneLine(output: string, variable: string, reason: RegExp) {
  const lines = output.split('\n').filter((l) => l.trim() !== '');
  const named = lines.filter((l) => l.includes(variable));
  expect(named, output).toHaveLength(1);
  expect(named[0]).toMatch(reason);
  expect(output, 'no stack trace').not.toMatch(/^\s+at /m);
}

/** Start-up with a dependency that cannot be reached: one line naming the setting, a non-zero exit. */
describe.skipIf(DB_KIND !== 'pglite')('start-up with an unreachable dependency', () => {
  it('DATABASE_URL refused', async () => {
    const port = await closedPort();
    const r = await runServer({ DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/siteops` });
    expect(r.code).not.toBe(0);
    expect(r.code).not.toBeNull();
    expectOneLine(r.output, 'DATABASE_URL', /ECONNREFUSED/);
  }, 90_000);

  it('DATABASE_URL behind a silent network gives up after the connect timeout', async () => {
    const proxy = await startFaultProxy({ host: '127.0.0.1', port: await closedPort() });
    proxies.push(proxy);
    proxy.blackhole();
    const r = await runServer({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${proxy.port}/siteops`,
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
    });
    expect(r.code).not.toBe(0);
    expect(r.code).not.toBeNull();
    expectOneLine(r.output, 'DATABASE_URL', /timeout/i);
  }, 90_000);

  it('REDIS_URL refused', async () => {
    const port = await closedPort();
    const r = await runServer({ REDIS_URL: `redis://127.0.0.1:${port}` });
    expect(r.code).not.toBe(0);
    expect(r.code).not.toBeNull();
    expectOneLine(r.output, 'REDIS_URL', /ECONNREFUSED/);
  }, 90_000);
});
