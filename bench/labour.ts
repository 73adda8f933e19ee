/**
 * Issue 35's attendance measures, on one server instance (the whole app, buildApp):
 *  - W workers over P projects (one of them, the measured one, with --big workers), D days of passes:
 *    an in-pass about 08:00 and an out-pass about 17:30 local per worker and day (2·W·D rows of
 *    labour_passes, written directly: the trigger from device_events is what the API tests cover);
 *  - GET /api/labour/monthSheet of the big project for a whole month, GET /api/labour/daySheet of one
 *    day, GET /api/labour/exportMonthSheet: p50/p95/p99 over --requests calls (goals: month sheet p95
 *    < 500 ms, day sheet < 200 ms on PostgreSQL); GET /api/labour/figures, an admin's Workplace figures
 *    over every project.
 *
 *   node --import tsx bench/labour.ts [--workers 20000] [--projects 100] [--big 500] [--days 60]
 *       [--requests 50] [--pg postgres://…]
 *
 * The database: embedded PGlite in a temporary data directory (default), or a fresh PostgreSQL database
 * made on the server `--pg` (else BENCH_DATABASE_URL) names and dropped afterwards.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { benchConfig, freshPgDatabase, percentiles } from './lib.ts';

const { values: args } = parseArgs({
  options: {
    workers: { type: 'string', default: '20000' },
    projects: { type: 'string', default: '100' },
    big: { type: 'string', default: '500' },
    days: { type: 'string', default: '60' },
    requests: { type: 'string', default: '50' },
    pg: { type: 'string' },
    /** Keep the database (print its URL), or measure one a --keep run left (no seeding). */
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
  },
});
const W = Number(args.workers);
const P = Number(args.projects);
const BIG = Number(args.big);
const D = Number(args.days);
const REQUESTS = Number(args.requests);

const { buildApp } = await import('../apps/server/src/app.ts');
const { openDatabase } = await import('../apps/server/src/db/client.ts');
const { agents, projects, users } = await import('../apps/server/src/db/schema/index.ts');
const { rowsOf } = await import('../apps/server/src/db/rows.ts');
const { hashPassword } = await import('../apps/server/src/auth/passwords.ts');
const { sql } = await import('drizzle-orm');

const pgdb = args.reuse
  ? { url: args.reuse, drop: async () => {} }
  : await freshPgDatabase(args.pg ?? (process.env.BENCH_DATABASE_URL || undefined));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siteops-bench-labour-'));
const PASSWORD = 'Bench@12345';
const config = benchConfig({ DATA_DIR: dataDir, PII_KEY: 'be'.repeat(32) });
const database = await openDatabase({ databaseUrl: pgdb.url, dataDir });
await database.migrate();
const result: Record<string, unknown> = { db: database.kind, workers: W, projects: P, big: BIG, days: D };
try {
  const db = database.db;
  if (!args.reuse) await seed(db);
  // A reused database met another data directory's generated keys: forget them (nothing here is signed).
  else await db.execute(sql`delete from key_fingerprints`);
  const [big] = rowsOf<{ big: number }>(await db.execute(sql`select min(id) as big from projects`));
  await measure(big.big);
} finally {
  await database.close().catch(() => {});
  if (args.keep) console.log(`kept ${pgdb.url}`);
  else await pgdb.drop().catch((err) => console.error(`dropping the bench database: ${err}`));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function seed(db: typeof database.db) {
  const t0 = performance.now();
  const [agent] = await db
    .insert(agents)
    .values({ name: 'Bench agent', linkName: 'Bench', linkPhone: '13900000000', expDate: '2099-12-31' })
    .returning({ id: agents.id });
  await db
    .insert(projects)
    .values(Array.from({ length: P }, (_, i) => ({ name: `Site ${i}`, code: `BL-${i}`, agentId: agent.id })))
    .returning({ id: projects.id });
  await db
    .insert(users)
    .values({ userName: 'admin', password: await hashPassword(PASSWORD), realName: 'Admin', role: 'admin' });
  // Workers: BIG on the first project, the rest spread over the others; ten teams a project.
  await db.execute(sql`
    insert into labour_teams (project_id, name) select p.id, 'Team ' || n from projects p, generate_series(1, 10) n`);
  await db.execute(sql`
    with ps as (select id, (row_number() over (order by id) - 1)::int as k from projects),
    w as (select i, (select ps.id from ps where ps.k = case when i <= ${BIG} then 0 else 1 + (i % ${P - 1}) end) as pid
      from generate_series(1, ${W}) i)
    insert into labour_workers (project_id, real_name, id_type, id_no, id_no_hash, phone, trade, entry_date, team_id)
    select pid, 'Worker ' || i, 'passport', 'v1.bench', md5(i::text), '13800000000', 'carpenter', date '2020-01-01',
      (select t.id from labour_teams t where t.project_id = pid order by t.id offset (i % 10) limit 1)
    from w`);
  // Passes: D days up to yesterday, in ~08:00 and out ~17:30 local (UTC+8, so 00:00Z and 09:30Z), a few
  // minutes of jitter; one statement a day (a statement has DATABASE_QUERY_TIMEOUT_MS).
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  for (let i = D; i >= 1; i--) {
    const d = new Date(today - i * 86_400_000).toISOString();
    await db.execute(sql`
      insert into labour_passes (worker_id, at, device_id, project_id, direction)
      select w.id, ${d}::timestamptz + make_interval(mins => (w.id * 7 + ${i}) % 40), 1, w.project_id, 'in'
      from labour_workers w
      union all
      select w.id, ${d}::timestamptz + interval '9 hours 30 minutes' + make_interval(mins => (w.id * 11 + ${i}) % 40), 1,
        w.project_id, 'out'
      from labour_workers w`);
  }
  // Today so far, for the Workplace figures: each worker's in-pass of this morning, and the out-pass of
  // one in three (who left already), up to now.
  await db.execute(sql`
    insert into labour_passes (worker_id, at, device_id, project_id, direction)
    select w.id, least(now(), ${new Date(today).toISOString()}::timestamptz + make_interval(mins => (w.id * 7) % 40)), 1,
      w.project_id, 'in'
    from labour_workers w
    union all
    select w.id, now() - make_interval(secs => w.id % 60), 2, w.project_id, 'out'
    from labour_workers w where w.id % 3 = 0
    on conflict do nothing`);
  await db.execute(sql`analyze`);
  result.seedSeconds = +((performance.now() - t0) / 1000).toFixed(1);
  const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from labour_passes`));
  result.passes = n;
  console.log(`seeded ${W} workers, ${n} passes in ${result.seedSeconds} s (${database.kind})`);
}

async function measure(big: number) {
  const db = database.db;

  const app = await buildApp({ config, db, logger: false });
  try {
    await app.ready();
    const token = (
      await app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'admin', password: PASSWORD } })
    ).json().data.token as string;
    // The last whole month in the window, and a day in it.
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    const day = `${lastMonth}-15`;
    const cases: [string, string][] = [
      ['month sheet', `/api/labour/monthSheet?projectId=${big}&month=${lastMonth}`],
      ['day sheet', `/api/labour/daySheet?projectId=${big}&date=${day}`],
      ['month sheet xlsx', `/api/labour/exportMonthSheet?projectId=${big}&month=${lastMonth}`],
      // The Workplace's labour figures of an admin: every project, each on its own work day.
      ['workplace figures', '/api/labour/figures'],
    ];
    // The month's SQL alone, and its plan.
    const { monthSheetOf } = await import('../apps/server/src/modules/labour/monthSheet.ts');
    const { settingsOf } = await import('../apps/server/src/modules/labour/service.ts');
    const settings = await settingsOf(db, big);
    const direct: number[] = [];
    for (let i = 0; i < 15; i++) {
      const s = performance.now();
      await monthSheetOf(db, settings, lastMonth);
      if (i >= 5) direct.push(performance.now() - s);
    }
    result['month sheet, handler only'] = percentiles(direct);
    console.log(`month sheet, handler only: ${JSON.stringify(percentiles(direct))}`);
    const plan = await db.execute(sql`explain (analyze, buffers)
      select worker_id, floor((extract(epoch from at) + 14400) / 86400)::int as day, min(at), max(at), count(*)
      from labour_passes where project_id = ${big} and at >= ${`${lastMonth}-01T00:00:00Z`}::timestamptz
        and at < ${`${lastMonth}-01T00:00:00Z`}::timestamptz + interval '1 month' group by 1, 2`);
    console.log(
      rowsOf<Record<string, string>>(plan)
        .map((r) => Object.values(r)[0])
        .join('\n'),
    );
    for (const [name, url] of cases) {
      const times: number[] = [];
      const runs = name.endsWith('xlsx') ? Math.max(5, Math.round(REQUESTS / 5)) : REQUESTS;
      for (let i = 0; i < runs + 5; i++) {
        const s = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        const ms = performance.now() - s;
        if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        if (i === 0 && !name.endsWith('xlsx')) {
          const data = res.json().data as { rows?: unknown[]; projects?: unknown[] };
          console.log(`${name}: ${(data.rows ?? data.projects ?? []).length} rows`);
        }
        if (i >= 5) times.push(ms);
      }
      const p = percentiles(times);
      result[name] = p;
      console.log(`${name.padEnd(18)} p50 ${p.p50} ms  p95 ${p.p95} ms  p99 ${p.p99} ms  (${runs} requests)`);
    }
    result.loadAverage = os.loadavg().map((x) => +x.toFixed(2));
    console.log(`RESULT ${JSON.stringify(result)}`);
  } finally {
    await app.close();
  }
}
