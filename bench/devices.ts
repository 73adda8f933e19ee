/**
 * The device registry at scale: seeds 100,000 devices, then reports
 *  - p50/p95 of filtered GET /api/device/listAll (admin and agent),
 *  - a 10,000-row xlsx import (create, then the same file again: update),
 *  - a 100,000-row streamed xlsx export over real HTTP: time, size and RSS growth.
 * On PGlite (default, in memory) or PostgreSQL (BENCH_DATABASE_URL=postgres://… an EMPTY database it may fill).
 *
 *   node --import tsx bench/devices.ts [devices=100000] [requests=100] [importRows=10000]
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { desc, sql } from 'drizzle-orm';
import { DEVICE_IMPORT_COLUMNS } from '../packages/contracts/src/device/sheet.ts';
import { DEVICE_TYPES } from '../packages/contracts/src/device-protocol.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { agents, devices, projects, users } from '../apps/server/src/db/schema/index.ts';
import { hashPassword } from '../apps/server/src/auth/passwords.ts';
import { deviceFilter } from '../apps/server/src/modules/device/service.ts';
import { benchConfig } from './lib.ts';

const N = Number(process.argv[2] ?? 100_000);
const REQUESTS = Number(process.argv[3] ?? 100);
const IMPORT_ROWS = Number(process.argv[4] ?? 10_000);
const AGENTS = 20;
const PROJECTS_PER_AGENT = 10;
const PASSWORD = 'Bench@12345';

const config = benchConfig({
  DATA_DIR: '.tmp/bench-devices',
  PII_KEY: 'be'.repeat(32),
  UPLOAD_MAX_BYTES: String(50 * 1024 * 1024),
});
const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir: 'memory://' });
await database.migrate();
const { db } = database;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const results: Record<string, unknown> = { db: database.kind, devices: N };

// ---- seed -------------------------------------------------------------------------------------------
const password = await hashPassword(PASSWORD);
const t0 = performance.now();
const agentRows = await db
  .insert(agents)
  .values(
    Array.from({ length: AGENTS }, (_, i) => ({
      name: `Bench agent ${i}`,
      linkName: 'Li',
      linkPhone: '13900000000',
      expDate: '2099-12-31',
    })),
  )
  .returning({ id: agents.id });
const projectRows = await db
  .insert(projects)
  .values(
    agentRows.flatMap((a, i) =>
      Array.from({ length: PROJECTS_PER_AGENT }, (_, j) => ({
        name: `Site ${i}-${j}`,
        code: `B-${i}-${j}`,
        agentId: a.id,
      })),
    ),
  )
  .returning({ id: projects.id, agentId: projects.agentId, code: projects.code });
await db.insert(users).values([
  { userName: 'admin', password, realName: 'Admin', role: 'admin' },
  { userName: 'agent0', password, realName: 'Agent 0', role: 'agent', agentId: agentRows[0].id, isAgent: true },
]);
const FACTORIES = Array.from({ length: 20 }, (_, i) => `Factory ${i}`);
const mac = (i: number) => (0x020000000000 + i).toString(16).padStart(12, '0').toUpperCase().match(/.{2}/g)!.join(':');
const BATCH = 2000;
const yearMs = 365 * 86_400_000;
for (let start = 0; start < N; start += BATCH) {
  const rows = [];
  for (let i = start; i < Math.min(N, start + BATCH); i++) {
    // 80% of devices belong to an agent (spread over 20), half of those to one of its projects.
    const agent = i % 5 === 4 ? null : agentRows[i % AGENTS];
    const project =
      agent && i % 2 === 0 ? projectRows[(i % AGENTS) * PROJECTS_PER_AGENT + (i % PROJECTS_PER_AGENT)] : null;
    rows.push({
      type: DEVICE_TYPES[i % DEVICE_TYPES.length],
      sn: `BENCH${String(i).padStart(8, '0')}`,
      mac: mac(i),
      devName: `Device ${i % 10_000}`,
      factoryName: FACTORIES[i % FACTORIES.length],
      ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      version: `1.${i % 7}.${i % 13}`,
      agentId: agent?.id ?? null,
      projectId: project?.id ?? null,
      // Independent of the type (i % 9), so a type + status filter matches about a 27th of the rows.
      authStatus: ['unknown', 'authorize', 'forbidden'][Math.floor(i / 9) % 3],
      onlineStatus: Math.floor(i / 27) % 4 === 0 ? 'online' : 'offline',
      installSite: `Building ${i % 50}`,
      additionDatetime: new Date(Date.now() - (i / N) * yearMs),
    });
  }
  await db.insert(devices).values(rows);
}
results.seedSeconds = +((performance.now() - t0) / 1000).toFixed(1);
console.log(`seeded ${N} devices in ${results.seedSeconds} s (${database.kind})`);
if (process.env.BENCH_ANALYZE !== '0') await db.execute(sql.raw(process.env.BENCH_ANALYZE ?? 'vacuum analyze'));

const app = await buildApp({ config, db, logger: false });
await app.ready();
const login = async (username: string) =>
  (await app.inject({ method: 'POST', url: '/api/user/login', payload: { username, password: PASSWORD } })).json().data
    .token as string;
const admin = await login('admin');
const agent = await login('agent0');

// ---- list -------------------------------------------------------------------------------------------
const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)];
const cases: [string, string, () => string][] = [
  ['first page (default sort)', admin, () => '/api/device/listAll?page=1&pageSize=20'],
  ['type + auth status (filtered)', admin, () => `/api/device/listAll?type=${pick(DEVICE_TYPES)}&authStatus=authorize`],
  [
    'type + online + sort added',
    admin,
    () =>
      `/api/device/listAll?type=${pick(DEVICE_TYPES)}&onlineStatus=online&sortField=additionDatetime&sortOrder=desc`,
  ],
  ['agent filter, page 10', admin, () => `/api/device/listAll?agentId=${pick(agentRows).id}&page=10`],
  [
    'devName contains',
    admin,
    () => `/api/device/listAll?devName=${encodeURIComponent(`Device ${Math.floor(Math.random() * 10_000)}`)}`,
  ],
  ['sn contains', admin, () => `/api/device/listAll?sn=${String(Math.floor(Math.random() * N)).padStart(8, '0')}`],
  ['added-date range (1 month)', admin, () => '/api/device/listAll?addedFrom=2026-01-01&addedTo=2026-01-31'],
  ['agent: own devices, type', agent, () => `/api/device/listAll?type=${pick(DEVICE_TYPES)}`],
  ['page 200 of 100 per page', admin, () => '/api/device/listAll?page=200&pageSize=100'],
];
const list: Record<string, { p50: number; p95: number }> = {};
for (const [name, token, url] of cases) {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const s = performance.now();
    const res = await app.inject({ method: 'GET', url: url(), headers: { authorization: `Bearer ${token}` } });
    times.push(performance.now() - s);
    if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
  }
  times.sort((a, b) => a - b);
  const p = (q: number) => +times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
  list[name] = { p50: p(0.5), p95: p(0.95) };
  console.log(`list ${name.padEnd(34)} p50 ${p(0.5)} ms  p95 ${p(0.95)} ms  (${REQUESTS} requests)`);
}
results.list = list;

if (process.env.BENCH_EXPLAIN === '1') {
  // The plans behind the list figures: the page query and the count, as listAll builds them.
  const explain = async (label: string, q: { toSQL(): { sql: string; params: unknown[] } }) => {
    const { sql: text, params } = q.toSQL();
    const inlined = text.replace(/\$(\d+)/g, (_, n) => {
      const v = params[Number(n) - 1];
      return typeof v === 'number'
        ? String(v)
        : `'${String(v instanceof Date ? v.toISOString() : v).replace(/'/g, "''")}'`;
    });
    const res = await db.execute(sql.raw(`explain (analyze, buffers) ${inlined}`));
    const rows = (res as unknown as { rows: Record<string, string>[] }).rows;
    console.log(`\n-- ${label}\n${inlined}\n${rows.map((r) => Object.values(r)[0]).join('\n')}`);
  };
  const caller = { id: 1, role: 'admin' as const, agentId: null };
  const agentCaller = { id: 2, role: 'agent' as const, agentId: agentRows[0].id };
  for (const [label, c, q] of [
    ['type + auth status', caller, { type: 'face', authStatus: 'authorize' }],
    ['first page', caller, {}],
    ['devName contains', caller, { devName: 'Device 123' }],
    ['agent: own, type', agentCaller, { type: 'dust' }],
  ] as const) {
    const where = deviceFilter(c, q as Parameters<typeof deviceFilter>[1]);
    await explain(`${label}: page`, db.select().from(devices).where(where).orderBy(desc(devices.id)).limit(20));
    await explain(
      `${label}: count`,
      db
        .select({ n: sql`count(*)` })
        .from(devices)
        .where(where),
    );
  }
}

// ---- import -----------------------------------------------------------------------------------------
async function importFile(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Devices');
  ws.addRow(DEVICE_IMPORT_COLUMNS.map((c) => c['en-US']));
  const tag = randomBytes(3).toString('hex').toUpperCase();
  for (let i = 0; i < IMPORT_ROWS; i++) {
    const p = projectRows[i % projectRows.length];
    const cells: Record<string, string> = {
      type: DEVICE_TYPES[i % DEVICE_TYPES.length],
      sn: `IMP${tag}${String(i).padStart(6, '0')}`,
      mac: mac(0x100000 + i),
      devName: `Imported ${i}`,
      factoryName: FACTORIES[i % FACTORIES.length],
      ip: `172.16.${(i >> 8) & 255}.${i & 255}`,
      installSite: `Gate ${i % 30}`,
      direction: i % 2 ? 'in' : 'out',
      version: '2.0.0',
      projectCode: p.code,
    };
    ws.addRow(DEVICE_IMPORT_COLUMNS.map((c) => cells[c.key] ?? null));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
function multipart(file: Buffer, mode: string) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  return {
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="mode"\r\n\r\n${mode}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${admin}` },
  };
}
const file = await importFile();
const importTimes: Record<string, unknown> = { rows: IMPORT_ROWS, fileMB: +mb(file.length) };
for (const run of ['create', 'update (same file again)'] as const) {
  const s = performance.now();
  const res = await app.inject({ method: 'POST', url: '/api/device/import', ...multipart(file, 'all-or-nothing') });
  const ms = performance.now() - s;
  const data = res.json().data;
  if (res.statusCode !== 200 || !data.committed || data.failed) throw new Error(`import: ${res.body.slice(0, 500)}`);
  importTimes[run] = { seconds: +(ms / 1000).toFixed(2), created: data.created, updated: data.updated };
  console.log(
    `import ${IMPORT_ROWS} rows, ${run}: ${(ms / 1000).toFixed(2)} s (created ${data.created}, updated ${data.updated})`,
  );
}
results.import = importTimes;

// ---- export (real HTTP, the client reads as fast as it can) ------------------------------------------
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;
global.gc?.();
const rssBefore = process.memoryUsage().rss;
let rssPeak = rssBefore;
const sampler = setInterval(() => {
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
}, 20);
const s = performance.now();
const bytes = await new Promise<number>((resolve, reject) => {
  http
    .get(
      { host: '127.0.0.1', port, path: '/api/device/export?lang=en-US', headers: { authorization: `Bearer ${admin}` } },
      (res) => {
        if (res.statusCode !== 200) reject(new Error(`export: HTTP ${res.statusCode}`));
        let n = 0;
        res.on('data', (chunk: Buffer) => (n += chunk.length));
        res.on('end', () => resolve(n));
        res.on('error', reject);
      },
    )
    .on('error', reject);
});
const exportMs = performance.now() - s;
clearInterval(sampler);
const exported = N + IMPORT_ROWS;
results.export = {
  rows: exported,
  seconds: +(exportMs / 1000).toFixed(2),
  MB: +mb(bytes),
  rssBeforeMB: +mb(rssBefore),
  rssPeakMB: +mb(rssPeak),
  rssGrowthMB: +mb(rssPeak - rssBefore),
};
console.log(
  `export ${exported} rows: ${(exportMs / 1000).toFixed(2)} s, ${mb(bytes)} MB xlsx, RSS ${mb(rssBefore)} -> peak ${mb(rssPeak)} MB (growth ${mb(rssPeak - rssBefore)} MB)`,
);

console.log(`RESULT ${JSON.stringify(results)}`);
await app.close();
await database.close();
