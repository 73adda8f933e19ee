import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { HEALTH_URL } from './harness.ts';

const SERVER = path.resolve(import.meta.dirname, '../src/main.ts');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export const tmpDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'siteops-proc-'));

export interface Running {
  child: ChildProcess;
  port: number;
  /** stdout and stderr, interleaved. */
  output: () => string;
  stdout: () => string;
  exited: Promise<number | null>;
}

/**
 * The server's entry point in a child process with pipes, not a terminal, as under a service manager:
 * embedded database in `dataDir`, no demo, no console, no MQTT or HJ 212 listener. `env` overrides.
 */
export function spawnServer(dataDir: string, port: number, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO: '0',
      DATABASE_URL: '',
      REDIS_URL: '',
      WEB_DIST: '/nonexistent',
      MQTT_PORT: 'off',
      HJ212_PORT: 'off',
      API_RATE_LIMIT: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The real server (`npm start`) as `spawnServer` starts it, with its output kept. */
export function startServer(
  dataDir: string,
  port: number,
  env: Record<string, string>,
  children: ChildProcess[],
): Running {
  const child = spawnServer(dataDir, port, env);
  children.push(child);
  let out = '';
  let stdout = '';
  child.stdout!.on('data', (d) => {
    out += d;
    stdout += d;
  });
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, output: () => out, stdout: () => stdout, exited };
}

/**
 * A cold start (tsx transform, a new embedded database's initdb in its child) took over 30 s on a loaded
 * 2-core machine, and over 60 s with three test runs beside it (a CI rehearsal failed there at 60).
 */
export async function waitUp(r: Running, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (r.child.exitCode !== null) throw new Error(`server exited: ${r.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${r.port}${HEALTH_URL}`);
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`server did not come up: ${r.output()}`);
}
