/**
 * p95 latency of GET /api/user/listAll at 100,000 users, on PGlite (default) or PostgreSQL
 * (BENCH_DATABASE_URL=postgres://… points at an empty database it may fill).
 *
 *   node --import tsx bench/users-list.ts [users=100000] [requests=200]
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { users } from '../apps/server/src/db/schema/index.ts';
import { hashPassword } from '../apps/server/src/auth/passwords.ts';
import { Pii } from '../apps/server/src/crypto/pii.ts';
import { loadMasterKey } from '../apps/server/src/crypto/keys.ts';
import { benchConfig } from './lib.ts';

const N = Number(process.argv[2] ?? 100_000);
const REQUESTS = Number(process.argv[3] ?? 200);
const PII_KEY = 'be'.repeat(32);

const config = benchConfig({ DATA_DIR: '.tmp/bench', PII_KEY });
const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir: 'memory://' });
await database.migrate();
const pii = new Pii(loadMasterKey(config));
const password = await hashPassword('Bench@12345');

const t0 = performance.now();
await database.db.insert(users).values({ userName: 'admin', password, realName: 'Admin', role: 'admin' });
const BATCH = 2000;
for (let start = 0; start < N; start += BATCH) {
  const rows = [];
  for (let i = start; i < Math.min(N, start + BATCH); i++) {
    const idNo = `1101051990${String(i).padStart(7, '0')}X`;
    rows.push({
      userName: `user${i}`,
      password,
      realName: `Real ${i % 5000}`,
      nickName: `n${i}`,
      phone: `138${String(i).padStart(8, '0')}`,
      email: `u${i}@example.com`,
      sex: i % 2 ? 'male' : 'female',
      birthday: '1990-01-01',
      idNo: pii.encrypt(idNo, 'users.id_no'),
      idNoHash: pii.searchHash(idNo),
      cardNo: pii.encrypt(`62220202${String(i).padStart(11, '0')}`, 'users.card_no'),
      role: 'user',
      enabled: i % 10 ? 'enable' : 'disable',
      createdAt: new Date(Date.now() - i * 60_000),
    });
  }
  await database.db.insert(users).values(rows);
}
console.log(`seeded ${N} users in ${((performance.now() - t0) / 1000).toFixed(1)} s (${database.kind})`);
if (process.env.BENCH_ANALYZE !== '0')
  await database.db.execute(sql.raw(process.env.BENCH_ANALYZE ?? 'vacuum analyze'));

const app = await buildApp({ config, db: database.db, logger: false });
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/api/user/login',
  payload: { username: 'admin', password: 'Bench@12345' },
});
const token = login.json().data.token as string;

const cases: Record<string, () => string> = {
  'first page (default sort)': () => '/api/user/listAll?page=1&pageSize=20',
  'page 50, 100 per page': () => '/api/user/listAll?page=50&pageSize=100',
  'real name contains': () => `/api/user/listAll?realName=Real%20${Math.floor(Math.random() * 5000)}`,
  'enabled=disable, sort userName': () => '/api/user/listAll?enabled=disable&sortField=userName&sortOrder=asc',
  'exact ID number': () =>
    `/api/user/listAll?idNo=1101051990${String(Math.floor(Math.random() * N)).padStart(7, '0')}X`,
};
for (const [name, url] of Object.entries(cases)) {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const s = performance.now();
    const res = await app.inject({ method: 'GET', url: url(), headers: { authorization: `Bearer ${token}` } });
    times.push(performance.now() - s);
    if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
  }
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
  console.log(`${name.padEnd(32)} p50 ${p(0.5)} ms  p95 ${p(0.95)} ms  (${REQUESTS} requests)`);
}
await app.close();
await database.close();
