/**
 * Issue 14's search benchmark on large data: GET /api/deviceSearch/listAll (the console's "search table"
 * page, apps/web/src/features/device-search) through the whole server (buildApp, app.inject), p50/p95/p99
 * after a warm-up, as admin and as an agent, for the queries the page's form issues: the default page
 * (last 24 hours, newest first, 20 a page), by device type, by sn/name keyword, a 7-day range, a value
 * threshold (dust PM2.5 above a bound), events only at alarm level, sorted by sn, and a deep page of
 * the 7-day range (page 250) by page number and by the console's "next page" (the cursor page 249 answered).
 *
 * Seeds `devices` devices (half dust monitors, a quarter tower cranes, a quarter face terminals) over
 * 10 agents with 2 projects each, then `telemetry` readings and `events` events spread evenly over the
 * last `days` days (each device in turn), in SQL (INSERT … SELECT generate_series, 500,000 rows a
 * statement), then ANALYZE.
 *
 *   node --import tsx bench/device-search.ts [--devices 2000] [--telemetry 5000000] [--events 500000]
 *       [--days 30] [--requests 200] [--pg postgres://…]
 *
 * The database: embedded PGlite in a temporary data directory (default), or a fresh PostgreSQL database
 * made on the server `--pg` (else BENCH_DATABASE_URL, else DATABASE_URL) names and dropped afterwards.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { benchIdentities, freshPgDatabase, percentiles, seedDevices, benchConfig } from './lib.ts';

const { values: args } = parseArgs({
  args: process.argv.slice(2),
  options: {
    devices: { type: 'string', default: '2000' },
    telemetry: { type: 'string', default: '5000000' },
    events: { type: 'string', default: '500000' },
    days: { type: 'string', default: '30' },
    requests: { type: 'string', default: '200' },
    pg: { type: 'string' },
  },
});
const N = Number(args.devices);
const TELEMETRY = Number(args.telemetry);
const EVENTS = Number(args.events);
const DAYS = Number(args.days);
const REQUESTS = Number(args.requests);
const WARMUP = Math.max(10, Math.round(REQUESTS / 10));
const AGENTS = 10;
const PROJECTS_PER_AGENT = 2;
const CHUNK = 500_000;
const PASSWORD = 'Bench@12345';

const { buildApp } = await import('../apps/server/src/app.ts');
const { openDatabase } = await import('../apps/server/src/db/client.ts');
const { DEFAULT_PG_TIMEOUTS } = await import('../apps/server/src/db/postgres.ts');
const { agents, projects, users } = await import('../apps/server/src/db/schema/index.ts');
const { hashPassword } = await import('../apps/server/src/auth/passwords.ts');
const { rowsOf } = await import('../apps/server/src/db/rows.ts');
const { sql } = await import('drizzle-orm');

const typeOf = (i: number) => (i % 4 < 2 ? 'dust' : i % 4 === 2 ? 'towerCrane' : 'face');
const ids = benchIdentities('BSRCH', 'siteops-bench-device-search', N, typeOf, (i) => i + 1);

const pgdb = await freshPgDatabase(
  args.pg ?? (process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || undefined),
);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siteops-bench-search-'));
const config = benchConfig({ DATA_DIR: dataDir, PII_KEY: 'be'.repeat(32) });
// A long query timeout for the seeding statements (the server's own requests keep theirs).
const database = await openDatabase({
  databaseUrl: pgdb.url,
  dataDir,
  timeouts: { ...DEFAULT_PG_TIMEOUTS, queryMs: 600_000 },
});
const result: Record<string, unknown> = {
  db: database.kind,
  devices: N,
  telemetry: TELEMETRY,
  events: EVENTS,
  days: DAYS,
  requests: REQUESTS,
};
try {
  await database.migrate();
  const { db } = database;

  // ---- seed ---------------------------------------------------------------------------------------
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
      Array.from({ length: AGENTS * PROJECTS_PER_AGENT }, (_, i) => ({
        name: `Site ${i}`,
        code: `BS-${i}`,
        agentId: agentRows[i % AGENTS].id,
      })),
    )
    .returning({ id: projects.id, agentId: projects.agentId });
  // Device i: agent i % 10, that agent's project (i / 10) % 2, named after its project.
  for (let k = 0; k < projectRows.length; k++) {
    const agent = k % AGENTS;
    const part = Math.floor(k / AGENTS);
    const mine = ids.filter((_, i) => i % AGENTS === agent && Math.floor(i / AGENTS) % PROJECTS_PER_AGENT === part);
    if (mine.length === 0) continue;
    await seedDevices(db, mine, {
      agentId: projectRows[k].agentId,
      projectId: projectRows[k].id,
      devName: `Site ${k} device`,
    });
  }
  const password = await hashPassword(PASSWORD);
  await db.insert(users).values([
    { userName: 'admin', password, realName: 'Admin', role: 'admin' },
    { userName: 'agent', password, realName: 'Agent', role: 'agent', agentId: agentRows[0].id },
  ]);

  // Rows spread evenly over [end - days, end): row g at end - (g + 1) * step, device g % n in id order.
  const end = Date.now();
  const spanMs = DAYS * 86_400_000;
  const seedRows = async (total: number, insert: (lo: number, hi: number, step: number) => Promise<unknown>) => {
    for (let lo = 0; lo < total; lo += CHUNK) await insert(lo, Math.min(total, lo + CHUNK) - 1, spanMs / total);
  };
  const endAt = new Date(end).toISOString();
  const DEV = sql.raw(`(select array_agg(id order by id) as id, array_agg(type order by id) as type, count(*)::int as n
    from devices where sn like 'BSRCH%')`);
  await seedRows(TELEMETRY, (lo, hi, step) =>
    db.execute(sql`insert into device_telemetry (device_id, at, data)
      select dv.id[1 + g % dv.n], ${endAt}::timestamptz - (g + 1) * ${step}::float8 * interval '1 millisecond',
        case dv.type[1 + g % dv.n]
          when 'dust' then jsonb_build_object('a34004', round((random() * 150)::numeric, 1), 'a34002', round((random() * 300)::numeric, 1), 'LA', round((45 + random() * 35)::numeric, 1))
          when 'towerCrane' then jsonb_build_object('load', round((random() * 6)::numeric, 2), 'windSpeed', round((random() * 15)::numeric, 1))
          else jsonb_build_object('passesToday', (random() * 500)::int) end
      from ${DEV} dv, generate_series(${lo}::int, ${hi}::int) g`),
  );
  // Events: a face terminal's passes (1 in 20 a stranger), a dust monitor's over-limit alarms, a crane's
  // alarms (1 in 2) and lifts.
  await seedRows(EVENTS, (lo, hi, step) =>
    db.execute(sql`insert into device_events (id, device_id, type, kind, level, at, received_at, data)
      select gen_random_uuid(), x.id, x.type, x.kind, x.level, x.at, x.at, x.data from (
        select dv.id[1 + g % dv.n] as id, dv.type[1 + g % dv.n] as type,
          ${endAt}::timestamptz - (g + 1) * ${step}::float8 * interval '1 millisecond' as at,
          case dv.type[1 + g % dv.n] when 'face' then case when g % 20 = 0 then 'stranger' else 'pass' end
            when 'dust' then 'overLimit' else case when g % 2 = 0 then 'alarm' else 'lift' end end as kind,
          case dv.type[1 + g % dv.n] when 'face' then case when g % 20 = 0 then 'warning' else 'info' end
            when 'dust' then 'alarm' else case when g % 2 = 0 then 'alarm' else 'info' end end as level,
          case dv.type[1 + g % dv.n] when 'face' then jsonb_build_object('personId', g % 5000, 'direction', 'in')
            when 'dust' then jsonb_build_object('code', 'a34004', 'value', round((75 + random() * 75)::numeric, 1), 'limit', 75)
            else jsonb_build_object('load', round((random() * 6)::numeric, 2)) end as data
        from ${DEV} dv, generate_series(${lo}::int, ${hi}::int) g) x`),
  );
  await db.execute(sql`analyze`);
  const [counted] = rowsOf<{ t: number; e: number }>(
    await db.execute(
      sql`select (select count(*)::int from device_telemetry) as t, (select count(*)::int from device_events) as e`,
    ),
  );
  result.seedSeconds = +((performance.now() - t0) / 1000).toFixed(1);
  console.log(
    `seeded ${N} devices, ${counted.t} readings, ${counted.e} events over ${DAYS} days in ${result.seedSeconds} s (${database.kind})`,
  );

  // ---- measure ------------------------------------------------------------------------------------
  const app = await buildApp({ config, db, logger: false });
  try {
    await app.ready();
    const login = async (username: string) =>
      (await app.inject({ method: 'POST', url: '/api/user/login', payload: { username, password: PASSWORD } })).json()
        .data.token as string;
    const tokens = { admin: await login('admin'), agent: await login('agent') };
    // The page's default range: the last 24 hours to the minute (searchFilters.defaultRange).
    const minute = Math.ceil(end / 60_000) * 60_000;
    const range = (fromMs: number, toMs: number) =>
      `from=${new Date(fromMs).toISOString()}&to=${new Date(toMs).toISOString()}`;
    const day = range(minute - 86_400_000, minute);
    const week = range(minute - 10 * 86_400_000, minute - 3 * 86_400_000);
    const rnd = (n: number) => Math.floor(Math.random() * n);
    // An agent-0 device's sn (device i with i % 10 = 0), so both callers find it: the last 6 characters.
    const snPart = () => ids[rnd(Math.ceil(N / AGENTS)) * AGENTS].sn.slice(-6);
    // The deep page: by its number (OFFSET), and as the console's "next page" asks it, with the cursor
    // page 249 answered (read once before timing; a server without cursors answers none, so OFFSET).
    const deep = `pageSize=20&${week}`;
    const cursorAfter = async (token: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/deviceSearch/listAll?page=249&${deep}`,
        headers: { authorization: `Bearer ${token}` },
      });
      const next = (res.json().data as { next?: string | null }).next;
      return next ? `&after=${encodeURIComponent(next)}` : '';
    };
    const cases: [string, (after: string) => string, boolean?][] = [
      ['default page (24 h)', () => `page=1&pageSize=20&${day}`],
      ['device type dust (24 h)', () => `page=1&pageSize=20&deviceType=dust&${day}`],
      ['sn keyword (24 h)', () => `page=1&pageSize=20&device=${snPart()}&${day}`],
      ['7-day range, page 3', () => `page=3&pageSize=20&${week}`],
      ['dust a34004 > 120 (24 h)', () => `page=1&pageSize=20&deviceType=dust&field=a34004&above=120&${day}`],
      ['events, level alarm (24 h)', () => `page=1&pageSize=20&source=event&level=alarm&${day}`],
      ['sorted by sn asc (24 h)', () => `page=1&pageSize=20&sortField=sn&sortOrder=asc&${day}`],
      ['7-day range, page 250', () => `page=250&${deep}`],
      ['7-day range, page 250 by next page', (after) => `page=250&${deep}${after}`, true],
    ];
    const out: Record<string, ReturnType<typeof percentiles> & { total: number }> = {};
    console.log(`${'case'.padEnd(40)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)}  total`);
    for (const role of ['admin', 'agent'] as const) {
      for (const [name, query, byCursor] of cases) {
        const after = byCursor ? await cursorAfter(tokens[role]) : '';
        const times: number[] = [];
        let total = 0;
        for (let i = 0; i < WARMUP + REQUESTS; i++) {
          const s = performance.now();
          const res = await app.inject({
            method: 'GET',
            url: `/api/deviceSearch/listAll?${query(after)}`,
            headers: { authorization: `Bearer ${tokens[role]}` },
          });
          const ms = performance.now() - s;
          if (res.statusCode !== 200) throw new Error(`${role} ${name}: ${res.statusCode} ${res.body}`);
          if (i >= WARMUP) times.push(ms);
          total = Math.max(total, res.json().data.total as number);
        }
        const p = percentiles(times);
        out[`${role}: ${name}`] = { ...p, total };
        console.log(
          `${`${role}: ${name}`.padEnd(40)} ${String(p.p50).padStart(8)} ${String(p.p95).padStart(8)} ${String(p.p99).padStart(8)}  ${total}`,
        );
      }
    }
    result.list = out;
    result.loadAverage = os.loadavg().map((x) => +x.toFixed(2));
    console.log(`RESULT ${JSON.stringify(result)}`);
  } finally {
    await app.close();
  }
} finally {
  await database.close().catch(() => {});
  await pgdb.drop().catch((err) => console.error(`dropping the bench database: ${err}`));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
