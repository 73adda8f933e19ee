/**
 * 1,000 alarms escalating at once (issue 32): two server instances (the whole app, buildApp) on one
 * database (PGlite in memory, or PostgreSQL with BENCH_DATABASE_URL), both sweeping; one project whose
 * chain sends step 1 at once and step 2 ten minutes later, through a signed webhook to a receiver here.
 * N alarms are written at once (as the engine writes them); later all of them are made ten minutes old
 * at once, so every step 2 falls due in the same instant. Reports how many sends arrived, duplicates,
 * and how late each arrived after it fell due (p50/p95/max), with the sweep period used.
 *
 *   node --import tsx bench/escalation.ts [alarms=1000] [sweepMs=2000]
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { benchConfig, freshPgDatabase, percentiles, sleep } from './lib.ts';

const N = Number(process.argv[2] ?? 1000);
const SWEEP_MS = process.argv[3] ?? '2000';

const { buildApp } = await import('../apps/server/src/app.ts');
const { openDatabase } = await import('../apps/server/src/db/client.ts');
const { users } = await import('../apps/server/src/db/schema/index.ts');
const { hashPassword } = await import('../apps/server/src/auth/passwords.ts');

// The receiver: when each (alarm, step) arrived, and how often.
const arrived = new Map<string, number[]>();
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const j = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { alarm?: { id: number }; step?: number };
    if (j.alarm) {
      const key = `${j.alarm.id}:${j.step}`;
      arrived.set(key, [...(arrived.get(key) ?? []), Date.now()]);
    }
    res.writeHead(200).end('ok');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

const pg = await freshPgDatabase(process.env.BENCH_DATABASE_URL);
const open = () => openDatabase({ databaseUrl: pg.url, dataDir: 'memory://', poolMax: 8 });
const first = await open();
await first.migrate();
await first.db.insert(users).values({
  userName: 'admin',
  password: await hashPassword('Bench@12345'),
  role: 'admin',
} as typeof users.$inferInsert);
// PGlite is one process's memory: both instances share the one database object; PostgreSQL: two pools.
const second = pg.url ? await open() : first;
const config = benchConfig({
  PII_KEY: 'ab'.repeat(32),
  ALARM_ESCALATION_SWEEP_MS: SWEEP_MS,
  // The receiver is on this machine: webhooks to loopback are refused unless allowed (README).
  ALARM_WEBHOOK_ADDRESSES: 'any',
  DATA_DIR: '.tmp/bench-escalation',
});
const apps = [
  await buildApp({ config, db: first.db, logger: false }),
  await buildApp({ config, db: second.db, logger: false }),
];
const [a] = apps;
const call = async (method: 'POST' | 'GET', url: string, payload?: object, token?: string) => {
  const res = await a.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = res.json();
  if (body.code !== 200) throw new Error(`${url}: ${body.msg}`);
  return body.data;
};
const token = (await call('POST', '/api/user/login', { username: 'admin', password: 'Bench@12345' })).token as string;
const project = await call('POST', '/api/project/add', { name: 'Bench site', code: 'BENCH-ESC' }, token);
const channel = await call(
  'POST',
  '/api/alarmEscalation/channel/add',
  { name: 'Bench hook', kind: 'webhook', scope: 'project', projectId: project.id, url: hookUrl, secret: 'bench' },
  token,
);

// N dust monitors in the project, one rule; the chain comes after the alarms so none is swept early.
const db = first.db;
await db.execute(sql`insert into devices (type, sn, mac, project_id, dev_name)
  select 'dust', 'BESC' || g, null, ${project.id}, 'Bench dust ' || g from generate_series(1, ${N}) g`);
await db.execute(sql`insert into alarm_rules (name, scope, project_id, device_type, condition, severity)
  values ('PM10 over 150', 'project', ${project.id}, 'dust', '{"logic":"and","terms":[{"field":"a34002","operator":"gt","threshold":150}]}', 'major')`);
await call(
  'POST',
  '/api/alarmEscalation/chain/add',
  {
    projectId: project.id,
    name: 'Bench',
    steps: [
      { delayMinutes: 0, channelIds: [channel.id] },
      { delayMinutes: 10, channelIds: [channel.id] },
    ],
  },
  token,
);

async function wave(step: number, dueAt: number) {
  const end = Date.now() + 120_000;
  const count = () => [...arrived.keys()].filter((k) => k.endsWith(`:${step}`)).length;
  while (count() < N && Date.now() < end) await sleep(100);
  const late = [...arrived.entries()].filter(([k]) => k.endsWith(`:${step}`)).map(([, at]) => at[0] - dueAt);
  const duplicates = [...arrived.entries()].filter(([k, at]) => k.endsWith(`:${step}`) && at.length > 1).length;
  const { p50, p95 } = percentiles(late);
  console.log(
    `step ${step}: ${count()}/${N} delivered, ${duplicates} duplicated; late after due p50 ${(p50 / 1000).toFixed(2)} s, p95 ${(p95 / 1000).toFixed(2)} s, max ${(Math.max(...late) / 1000).toFixed(2)} s`,
  );
}

console.log(`${pg.url ? 'PostgreSQL' : 'PGlite'}, 2 instances, sweep every ${SWEEP_MS} ms, ${N} alarms`);
// Step 1: N alarms raised at once.
const raisedAt = Date.now();
await db.execute(sql`insert into alarms (device_id, rule_id, severity, first_value, last_value, first_at, last_at)
  select d.id, r.id, 'major', '{"a34002":210}', '{"a34002":210}', now(), now()
  from devices d, alarm_rules r where d.project_id = ${project.id} and r.project_id = ${project.id}`);
await wave(1, raisedAt);
// Step 2: every alarm ten minutes old at once.
await db.execute(sql`update alarms set created_at = now() - interval '10 minutes'`);
await wave(2, Date.now());

for (const app of apps) await app.close();
await first.close();
if (second !== first) await second.close();
await pg.drop();
receiver.close();
