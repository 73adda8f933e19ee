/**
 * What an xlsx import costs the rest of the server (issue 10 §4), over real HTTP:
 *  - a workbook of 450,000 identical rows (~5 MB, the report's attack): time to refuse,
 *  - a valid 20,000-row import (the limit) of new devices, all-or-nothing,
 * each while /api/health is asked every 10 ms on its own connection: health latency and the
 * event-loop delay (perf_hooks, 1 ms resolution) p50 / p99 / max, and RSS before / peak.
 * On PGlite (default, in memory) or PostgreSQL (BENCH_DATABASE_URL=postgres://… an EMPTY database).
 *
 *   node --import tsx bench/import-limits.ts [bigRows=450000] [validRows=20000]
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { users } from '../apps/server/src/db/schema/index.ts';
import { hashPassword } from '../apps/server/src/auth/passwords.ts';
import { benchConfig } from './lib.ts';

const BIG_ROWS = Number(process.argv[2] ?? 450_000);
const VALID_ROWS = Number(process.argv[3] ?? 20_000);
const PASSWORD = 'Bench@12345';
const mb = (bytes: number) => +(bytes / 1024 / 1024).toFixed(1);
const ms = (n: number) => +n.toFixed(1);

// The report's file is ~5 MB; room above the 5 MB default so exactly 450,000 rows fit.
const config = benchConfig({
  DATA_DIR: '.tmp/bench-import',
  PII_KEY: 'be'.repeat(32),
  UPLOAD_MAX_BYTES: String(8 * 1024 * 1024),
});
const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir: 'memory://' });
await database.migrate();
await database.db
  .insert(users)
  .values({ userName: 'admin', password: await hashPassword(PASSWORD), realName: 'Admin', role: 'admin' });
const app = await buildApp({ config, db: database.db, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;
const token = (
  await app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'admin', password: PASSWORD } })
).json().data.token as string;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
async function workbook(name: string, rows: number, row: (i: number) => string[]) {
  const filename = path.join(dir, name);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename, useSharedStrings: true, useStyles: false });
  const ws = wb.addWorksheet('Devices');
  ws.addRow(['Device type *', 'Serial number *', 'MAC address *', 'Device name'].slice(0, row(0).length)).commit();
  for (let i = 0; i < rows; i++) ws.addRow(row(i)).commit();
  ws.commit();
  await wb.commit();
  return fs.readFileSync(filename);
}
const mac = (i: number) => (0x020000000000 + i).toString(16).padStart(12, '0').toUpperCase().match(/.{2}/g)!.join(':');

function request(
  method: string,
  url: string,
  agent: http.Agent,
  body?: Buffer,
  headers: http.OutgoingHttpHeaders = {},
) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

async function measure(label: string, file: Buffer) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="mode"\r\n\r\nall-or-nothing\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  global.gc?.();
  const healthAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const importAgent = new http.Agent({ keepAlive: false });
  await request('GET', '/api/health', healthAgent); // connection open before the clock starts
  const loop = monitorEventLoopDelay({ resolution: 1 });
  const health: number[] = [];
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  let running = true;
  const probe = (async () => {
    // Timed from when each probe was due, so a blocked event loop counts even between requests.
    let due = performance.now();
    while (running) {
      await request('GET', '/api/health', healthAgent);
      health.push(performance.now() - due);
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      due = Math.max(due + 10, performance.now());
      await new Promise((r) => setTimeout(r, due - performance.now()));
    }
  })();
  loop.enable();
  const s = performance.now();
  const res = await request('POST', '/api/device/import?lang=en-US', importAgent, payload, {
    'content-type': `multipart/form-data; boundary=${boundary}`,
    authorization: `Bearer ${token}`,
  });
  const seconds = (performance.now() - s) / 1000;
  running = false;
  await probe;
  loop.disable();
  healthAgent.destroy();
  const sorted = health.sort((a, b) => a - b);
  const result = {
    case: label,
    fileMB: mb(file.length),
    status: res.status,
    answer: res.text.slice(0, 160),
    seconds: +seconds.toFixed(2),
    loopDelayMs: { p50: ms(loop.percentile(50) / 1e6), p99: ms(loop.percentile(99) / 1e6), max: ms(loop.max / 1e6) },
    healthMs: { n: sorted.length, p50: ms(pct(sorted, 50)), p99: ms(pct(sorted, 99)), max: ms(sorted.at(-1) ?? 0) },
    rssMB: { before: mb(rssBefore), peak: mb(rssPeak), growth: mb(rssPeak - rssBefore) },
  };
  console.log(`RESULT ${JSON.stringify(result)}`);
}

const big = await workbook('big.xlsx', BIG_ROWS, () => ['Face recognition', 'SAME-SN-0001', 'AA:BB:CC:DD:EE:FF']);
await measure(`${BIG_ROWS} identical rows`, big);
const valid = await workbook('valid.xlsx', VALID_ROWS, (i) => [
  'Dust monitor',
  `BENCHIMP${String(i).padStart(6, '0')}`,
  mac(i),
  `Device ${i}`,
]);
await measure(`${VALID_ROWS} valid rows (${database.kind})`, valid);
fs.rmSync(dir, { recursive: true, force: true });
await app.close();
await database.close();
