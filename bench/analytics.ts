/**
 * Fleet analytics at scale (issue 14): seeds `devices` devices (half dust monitors, a quarter tower cranes,
 * a quarter face terminals) over 20 agents with a reading every 5 minutes for `days` days, a pass per face
 * terminal per hour and an alarm per crane per day, then reports p50/p95 of the analysis (all four series,
 * one call of fleet()) for the admin and one agent, per hour over 1 day and per day over the whole range.
 * The seeding goes through the rollup's triggers; the rollup job then catches up (timed) before measuring.
 * On PGlite (default, in memory) or PostgreSQL (BENCH_DATABASE_URL=postgres://… an EMPTY database it may fill).
 *
 *   node --import tsx bench/analytics.ts [devices=1000] [days=30] [requests=20]
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { analyticsQuery } from '../packages/contracts/src/analytics/schemas.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { DEFAULT_PG_TIMEOUTS } from '../apps/server/src/db/postgres.ts';
import { rowsOf } from '../apps/server/src/db/rows.ts';
import { agents, devices } from '../apps/server/src/db/schema/index.ts';
import { fleet } from '../apps/server/src/modules/analytics/fleet.ts';
import { rollupGroups } from '../apps/server/src/modules/analytics/rollup.ts';
import { percentiles } from './lib.ts';

const N = Number(process.argv[2] ?? 1000);
const DAYS = Number(process.argv[3] ?? 30);
const REQUESTS = Number(process.argv[4] ?? 20);
const AGENTS = 20;

// A long query timeout: the raw rows alone (BENCH_RAW) take tens of seconds on a loaded machine.
const database = await openDatabase({
  databaseUrl: process.env.BENCH_DATABASE_URL,
  dataDir: 'memory://',
  timeouts: { ...DEFAULT_PG_TIMEOUTS, queryMs: 600_000 },
});
await database.migrate();
const { db } = database;

const t0 = performance.now();
const end = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
const start = new Date(end.getTime() - DAYS * 86_400_000);
// BENCH_REUSE=1 on PostgreSQL: measure a database an earlier run seeded (same devices and days; its range
// then ends at that run's hour, so the newest hours are empty and the same work is done).
let agentRows = rowsOf<{ id: number }>(
  await db.execute(sql`select id from agents where name like 'Bench agent %' order by id`),
);
if (!process.env.BENCH_REUSE || agentRows.length === 0) {
  agentRows = await db
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
  const typeOf = (i: number) => (i % 4 < 2 ? 'dust' : i % 4 === 2 ? 'towerCrane' : 'face');
  await db.insert(devices).values(
    Array.from({ length: N }, (_, i) => ({
      sn: `BENCH-ANL-${i}`,
      type: typeOf(i),
      agentId: agentRows[i % AGENTS].id,
      authStatus: 'authorize',
    })),
  );
  // One day per statement, so PGlite's memory holds one day's rows at a time.
  for (let d = 0; d < DAYS; d++) {
    const from = new Date(start.getTime() + d * 86_400_000).toISOString();
    await db.execute(sql`insert into device_telemetry (device_id, at, data)
      select dv.id, g, case dv.type
        when 'dust' then jsonb_build_object('a34004', round((random() * 150)::numeric, 1), 'a34002', round((random() * 300)::numeric, 1), 'LA', round((45 + random() * 35)::numeric, 1))
        when 'towerCrane' then jsonb_build_object('load', round((random() * 6)::numeric, 2))
        else jsonb_build_object('passesToday', 0) end
      from devices dv, generate_series(${from}::timestamptz, ${from}::timestamptz + interval '1 day' - interval '1 second', interval '5 minutes') g`);
    await db.execute(sql`insert into device_events (id, device_id, type, kind, level, at, received_at, data)
      select gen_random_uuid(), dv.id, dv.type, case dv.type when 'face' then 'pass' else 'alarm' end,
        case dv.type when 'face' then 'info' else 'alarm' end, g, g, '{}'::jsonb
      from devices dv, generate_series(${from}::timestamptz, ${from}::timestamptz + interval '1 day' - interval '1 second',
        interval '1 hour') g
      where dv.type = 'face' or (dv.type = 'towerCrane' and extract(hour from g) = 12)`);
  }
}
await db.execute(sql`analyze`);
const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from device_telemetry`));
const seedS = ((performance.now() - t0) / 1000).toFixed(1);
// The rollup job catching up on every hour the seeding marked (as after a month of downtime).
const t1 = performance.now();
const rolledHours = await rollupGroups(db);
await db.execute(sql`analyze`);
const rollupS = ((performance.now() - t1) / 1000).toFixed(1);

// Each line as soon as it is measured: a run on a loaded machine may not get to the end.
async function measure(
  label: string,
  caller: Parameters<typeof fleet>[1],
  query: Record<string, unknown>,
  opts: { rollup?: boolean; requests?: number } = {},
) {
  const q = analyticsQuery.parse(query);
  const times: number[] = [];
  for (let i = 0; i < (opts.requests ?? REQUESTS); i++) {
    const t = performance.now();
    await fleet(db, caller, q, opts);
    times.push(performance.now() - t);
  }
  const { p50, p95 } = percentiles(times);
  console.log(`${label.padEnd(32)} p50 ${String(p50).padStart(7)} ms  p95 ${String(p95).padStart(7)} ms`);
}
console.log(
  JSON.stringify({
    db: database.kind,
    devices: N,
    days: DAYS,
    telemetryRows: n,
    seedS,
    rolledHours,
    rollupS,
    requests: REQUESTS,
  }),
);
const admin = { id: 1, role: 'admin' as const, agentId: null };
const agent = { id: 2, role: 'agent' as const, agentId: agentRows[0].id };
const lastDay = { from: new Date(end.getTime() - 86_400_000).toISOString(), to: end.toISOString(), bucket: 'hour' };
const whole = { from: start.toISOString(), to: end.toISOString(), bucket: 'day' };
// A range that does not start and end on whole hours (read from the raw rows at both ends), in China's
// wall time (days cut at 16:00 UTC).
const ragged = {
  from: new Date(start.getTime() + 17 * 60_000).toISOString(),
  to: new Date(end.getTime() - 23 * 60_000).toISOString(),
  bucket: 'day',
  tzOffset: 480,
};
await measure('admin, 1 day per hour', admin, lastDay);
await measure('agent, 1 day per hour', agent, lastDay);
await measure(`admin, ${DAYS} days per day`, admin, whole);
await measure(`agent, ${DAYS} days per day`, agent, whole);
await measure(`admin, ${DAYS} days, part hours`, admin, ragged);
// BENCH_RAW=1: the raw rows alone as well (what every request read before the rollup), 3 requests each.
if (process.env.BENCH_RAW) {
  await measure(`admin, ${DAYS} days per day, raw`, admin, whole, { rollup: false, requests: 3 });
  await measure(`agent, ${DAYS} days per day, raw`, agent, whole, { rollup: false, requests: 3 });
}
await database.close();
