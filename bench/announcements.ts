/**
 * Announcements and the message box at scale (issue 13), on PGlite (default) or PostgreSQL
 * (BENCH_DATABASE_URL=postgres://… points at an empty database it may fill).
 *
 *   node --import tsx bench/announcements.ts fanout [users=10000] [runs=5]
 *     PUT /api/announcement/publish of an announcement to everyone: the notifier's one INSERT … SELECT
 *     (a tenth of the users muted announcements, so the preference check is exercised), the audit entry
 *     and one live frame per recipient. Goal: < 2 s at 10,000 users.
 *
 *   node --import tsx bench/announcements.ts read [users=10000] [perUser=1000] [requests=500]
 *     10,000 users with 1,000 notifications each (10 M rows, made by generate_series; half unread, the
 *     three tabs mixed), then GET /api/notification/counts (the bell) and the first page of
 *     /api/notification/listAll for random users. Goal: p95 < 20 ms on PostgreSQL.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { rowsOf } from '../apps/server/src/db/rows.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { hashPassword } from '../apps/server/src/auth/passwords.ts';
import { benchConfig } from './lib.ts';

const [mode = 'fanout', a1, a2, a3] = process.argv.slice(2);
const N = Number(a1 ?? 10_000);
const PASSWORD = 'Bench@12345';

const config = benchConfig({ DATA_DIR: '.tmp/bench', PII_KEY: 'be'.repeat(32) });
const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir: 'memory://' });
await database.migrate();
const { db } = database;
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

// Users bench0 … bench{N-1} (and admin), one password hash for all, in one statement.
let t0 = performance.now();
const hash = await hashPassword(PASSWORD);
await db.execute(sql`insert into users (user_name, password, real_name, role)
  values ('admin', ${hash}, 'Admin', 'admin') on conflict do nothing`);
await db.execute(sql`insert into users (user_name, password, real_name, role)
  select 'bench' || g, ${hash}, 'Bench ' || g, 'user' from generate_series(0, ${N - 1}) g
  on conflict do nothing`);
console.log(`seeded ${N} users in ${seconds(t0)} s (${database.kind})`);

const app = await buildApp({ config, db, logger: false, databaseKind: database.kind });
await app.ready();
const login = async (username: string) => {
  const res = await app.inject({ method: 'POST', url: '/api/user/login', payload: { username, password: PASSWORD } });
  if (res.json().code !== 200) throw new Error(`login ${username}: ${res.body}`);
  return res.json().data.token as string;
};
const call = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) => {
  const res = await app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json().data;
};
const pct = (times: number[], q: number) =>
  [...times].sort((x, y) => x - y)[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);

if (mode === 'fanout') {
  const RUNS = Number(a2 ?? 5);
  await db.execute(sql`insert into notification_preferences (user_id, kind, console)
    select id, 'announcement', false from users where user_name like 'bench%' and id % 10 = 0
    on conflict do nothing`);
  if (database.kind === 'postgres') await db.execute(sql`vacuum analyze`);
  const admin = await login('admin');
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const { id } = await call('POST', '/api/announcement/add', admin, {
      title: `Bench ${run}`,
      body: 'The water is off on Tuesday from 9:00 to 12:00 in every building.',
      audience: 'everyone',
    });
    const s = performance.now();
    const { recipients } = await call('PUT', '/api/announcement/publish', admin, { id });
    times.push(performance.now() - s);
    console.log(`publish #${run + 1}: ${recipients} recipients in ${times[run].toFixed(0)} ms`);
  }
  console.log(
    `fan-out to ${N} users: p50 ${pct(times, 0.5)} ms, max ${Math.max(...times).toFixed(0)} ms (${RUNS} runs)`,
  );
} else {
  const PER_USER = Number(a2 ?? 1000);
  const REQUESTS = Number(a3 ?? 500);
  const SLICE = 100;
  t0 = performance.now();
  const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int n from notifications`));
  if (n < N * PER_USER) {
    // Per slice of 100 users, one statement (the pool's read timeout is 30 s on a busy machine); ids grow
    // with time as in production (created_at by row).
    const ids = rowsOf<{
      id: number;
    }>(await db.execute(sql`select id from users where user_name like 'bench%' order by id`));
    for (let i = 0; i < ids.length; i += SLICE) {
      const from = ids[i].id;
      const to = ids[Math.min(ids.length, i + SLICE) - 1].id;
      await db.execute(sql`insert into notifications (user_id, tab, level, title, body, link, read_at, created_at)
        select u, (array['message','notice','todo'])[1 + k % 3], 'info',
          jsonb_build_object('key', 'notification.deviceOffline', 'params', jsonb_build_object('name', 'Door ' || k)),
          jsonb_build_object('key', 'notification.deviceOffline.body',
            'params', jsonb_build_object('sn', 'SN' || k, 'since', '2026-11-01 08:00')),
          '/device/device-list?sn=SN' || k,
          case when k % 2 = 0 then now() - interval '1 day' end,
          now() - make_interval(mins => ${PER_USER}::int - k)
        from generate_series(${from}::int, ${to}::int) u, generate_series(1, ${PER_USER}::int) k
        order by k, u`);
      process.stdout.write(`\r${Math.min(ids.length, i + SLICE)} users' notifications (${seconds(t0)} s)`);
    }
    console.log();
  }
  if (database.kind === 'postgres') await db.execute(sql`vacuum analyze notifications`);
  const [{ rows, size }] = rowsOf<{ rows: number; size: string }>(
    await db.execute(
      sql`select count(*)::int rows, pg_size_pretty(pg_total_relation_size('notifications')) size from notifications`,
    ),
  );
  console.log(`${rows} notifications, ${size} with indexes, ready in ${seconds(t0)} s`);

  const tokens: string[] = [];
  for (let i = 0; i < 50; i++) tokens.push(await login(`bench${Math.floor((i * N) / 50)}`));
  const random = () => tokens[Math.floor(Math.random() * tokens.length)];
  const cases: Record<string, () => string> = {
    'unread counts (the bell)': () => '/api/notification/counts',
    'first page, all tabs': () => '/api/notification/listAll?page=1&pageSize=20',
    'first page, notice tab': () => '/api/notification/listAll?page=1&pageSize=20&tab=notice',
    'first page, unread only': () => '/api/notification/listAll?page=1&pageSize=20&unread=true',
  };
  for (const [name, url] of Object.entries(cases)) {
    for (let i = 0; i < 20; i++) await call('GET', url(), random()); // warm-up
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const s = performance.now();
      await call('GET', url(), random());
      times.push(performance.now() - s);
    }
    console.log(`${name.padEnd(28)} p50 ${pct(times, 0.5)} ms  p95 ${pct(times, 0.95)} ms  p99 ${pct(times, 0.99)} ms`);
  }
  // The same statements without HTTP, session and rendering: what the database itself takes, to tell
  // it apart from CPU contention on a shared machine.
  const userIds = rowsOf<{ id: number }>(await db.execute(sql`select id from users where user_name like 'bench%'`)).map(
    (r) => r.id,
  );
  const someone = () => userIds[Math.floor(Math.random() * userIds.length)];
  const statements: Record<string, (u: number) => ReturnType<typeof sql>> = {
    'SQL: unread counts': (u) =>
      sql`select tab, count(*)::int n from notifications where user_id = ${u} and read_at is null group by tab`,
    'SQL: first page + total': (u) =>
      sql`select n.*, (select count(*)::int from notifications c where c.user_id = ${u}) total
        from notifications n where n.user_id = ${u} order by n.id desc limit 20`,
  };
  for (const [name, statement] of Object.entries(statements)) {
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const s = performance.now();
      await db.execute(statement(someone()));
      times.push(performance.now() - s);
    }
    console.log(`${name.padEnd(28)} p50 ${pct(times, 0.5)} ms  p95 ${pct(times, 0.95)} ms  p99 ${pct(times, 0.99)} ms`);
  }
}
await app.close();
await database.close();
