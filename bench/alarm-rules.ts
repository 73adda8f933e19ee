/**
 * 10,000 alarm rules over 1,000 projects judged against 3,000 readings/s (issue 32's benchmark). The alarm
 * engine (modules/alarm/engine.ts) is fed as the device link feeds it: a stored batch every 500 ms, here of
 * 1,500 dust-monitor readings (3 monitors per project, one reading a second each). Each project has ten
 * reading rules (PM10, PM2.5, TSP, noise by day and by night, wind, temperature, humidity...), its agent a
 * few, and some monitors one of their own; 1 % of the monitors go over their project's PM10 limit (held
 * 10 s) and come back, so alarms are raised and cleared all along.
 *
 * Measured over the run (after a warm-up): the process's CPU (user + system, of one core) with the rules
 * against the same feed with none (the difference is the rules' cost; PGlite runs in this process, so its
 * work counts; on PostgreSQL the database's own CPU is another process, not counted), how long after the
 * reading that completes a duration its alarm row exists (p50/p95/max: a batch's queueing and judging),
 * and RSS growth.
 *
 *   node --import tsx bench/alarm-rules.ts [--rules 10000] [--projects 1000] [--rate 3000] [--seconds 60]
 *       [--pg postgres://…]   (a fresh database on that server, dropped afterwards)
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { freshPgDatabase, percentiles, sleep } from './lib.ts';

const { values: args } = parseArgs({
  options: {
    rules: { type: 'string', default: '10000' },
    projects: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '3000' },
    seconds: { type: 'string', default: '60' },
    pg: { type: 'string' },
  },
});
const RULES = Number(args.rules);
const PROJECTS = Number(args.projects);
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const DEVICES = PROJECTS * 3;
const AGENTS = 10;
const BATCH_MS = 500;
const HOT_SHARE = 0.01;
const HOLD_SECONDS = 10;

const { openDatabase } = await import('../apps/server/src/db/client.ts');
const { AlarmEngine } = await import('../apps/server/src/modules/alarm/engine.ts');
const { rowsOf } = await import('../apps/server/src/db/rows.ts');
type Point = Parameters<InstanceType<typeof AlarmEngine>['feed']>[0][number];

const pg = await freshPgDatabase(args.pg ?? process.env.BENCH_DATABASE_URL);
const database = await openDatabase({ databaseUrl: pg.url, dataDir: 'memory://', poolMax: 8 });
await database.migrate();
const { db } = database;

// Agents, projects (each of an agent), three dust monitors a project.
await db.execute(sql`insert into agents (name, link_name, link_phone, exp_date)
  select 'Bench agent ' || g, 'x', '13800000000', '2099-12-31' from generate_series(1, ${AGENTS}) g`);
await db.execute(sql`insert into projects (name, code, agent_id)
  select 'Bench project ' || g, 'BP' || g, (select min(id) from agents) + (g % ${AGENTS})
  from generate_series(1, ${PROJECTS}) g`);
await db.execute(sql`insert into devices (type, sn, agent_id, project_id)
  select 'dust', 'BENCH-DUST-' || g, p.agent_id, p.id
  from generate_series(0, ${DEVICES - 1}) g
  join projects p on p.code = 'BP' || (g / 3 + 1)`);

/** The rules: per project PM10 (held 10 s, the hot one), then others round-robin; agent and device rules. */
const term = (field: string, threshold: number) => ({ logic: 'and', terms: [{ field, operator: 'gt', threshold }] });
const templates = [
  { field: 'pm10', threshold: 150, hold: HOLD_SECONDS, clear: 120 },
  { field: 'pm25', threshold: 75, hold: 600 },
  { field: 'tsp', threshold: 300, hold: 600 },
  { field: 'noise', threshold: 70, hold: 300, window: { from: '06:00', to: '22:00', utcOffsetMinutes: 480 } },
  { field: 'noise', threshold: 55, hold: 300, window: { from: '22:00', to: '06:00', utcOffsetMinutes: 480 } },
  { field: 'windSpeed', threshold: 20, hold: 60 },
  { field: 'temperature', threshold: 45, hold: 600 },
  { field: 'humidity', threshold: 98, hold: 600 },
  { field: 'pressure', threshold: 1100, hold: 600 },
  { field: 'pm1', threshold: 60, hold: 600 },
];
const ruleRows: Record<string, unknown>[] = [];
const projectIds = rowsOf<{ id: number; agent_id: number }>(
  await db.execute(sql`select id, agent_id from projects order by id`),
);
const deviceIds = rowsOf<{ id: number }>(await db.execute(sql`select id from devices order by id`));
const agentIds = [...new Set(projectIds.map((p) => p.agent_id))];
const ruleOf = (i: number, tpl: (typeof templates)[number], scope: Record<string, unknown>) => ({
  name: `Bench ${tpl.field} ${i}`,
  ...scope,
  device_type: 'dust',
  condition: { ...term(tpl.field, tpl.threshold), ...(tpl.window ? { window: tpl.window } : {}) },
  clear_condition:
    tpl.clear === undefined
      ? null
      : { logic: 'and', terms: [{ field: tpl.field, operator: 'lt', threshold: tpl.clear }] },
  duration_seconds: tpl.hold,
  severity: 'major',
});
// Nine in ten rules are a project's own (PM10 first); the rest its agent's or one monitor's, never PM10,
// so the hot monitors' PM10 alarms come from their project's rule.
const perProject = Math.max(1, Math.min(templates.length - 1, Math.floor((RULES * 0.9) / PROJECTS)));
for (const p of projectIds) {
  for (let k = 0; k < perProject && ruleRows.length < RULES; k++) {
    ruleRows.push(ruleOf(ruleRows.length, templates[k]!, { scope: 'project', project_id: p.id }));
  }
}
for (let i = 0; ruleRows.length < RULES; i++) {
  const tpl = templates[1 + (i % (templates.length - 1))]!;
  const scope =
    i % 2
      ? { scope: 'agent', agent_id: agentIds[i % agentIds.length] }
      : { scope: 'device', device_id: deviceIds[(i * 7) % deviceIds.length]!.id };
  ruleRows.push(ruleOf(ruleRows.length, tpl, scope));
}
const insertRules = async (rows: Record<string, unknown>[]) => {
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await db.execute(sql`insert into alarm_rules (name, scope, agent_id, project_id, device_id, device_type,
        condition, clear_condition, duration_seconds, severity)
      select x.name, x.scope, x.agent_id, x.project_id, x.device_id, x.device_type, x.condition,
        x.clear_condition, x.duration_seconds, x.severity
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x(name text, scope text, agent_id int,
        project_id int, device_id int, device_type text, condition jsonb, clear_condition jsonb,
        duration_seconds int, severity text)`);
  }
};

const hot = new Set(deviceIds.filter((_, i) => i % Math.round(1 / HOT_SHARE) === 0).map((d) => d.id));

/** One monitor's reading at `t` (s since the start): a hot monitor is over PM10 for 30 s of every 60. */
function readingOf(deviceId: number, t: number): Record<string, number> {
  const over = hot.has(deviceId) && t % 60 < 30;
  return {
    pm10: over ? 180 : 60 + (deviceId % 40),
    pm25: 30 + (deviceId % 20),
    tsp: 100,
    pm1: 20,
    noise: 50 + (deviceId % 10),
    windSpeed: 3,
    temperature: 20,
    humidity: 60,
    pressure: 1010,
  };
}

interface Run {
  cpuPercent: number;
  raiseLatency: { p50: number; p95: number; p99: number; max: number; n: number };
  raised: number;
  cleared: number;
  batchMs: { p50: number; p95: number; p99: number };
  /** Over the measured minute, and from before the warm-up (the rules read into memory). */
  rssGrowthMb: number;
  rssGrowthWithWarmupMb: number;
  lagBatches: number;
}

/** Feeds the engine at RATE for SECONDS (after a 10 s warm-up) and measures. */
async function run(label: string): Promise<Run> {
  const engine = new AlarmEngine(db, { warn: (o, m) => console.warn(m, o) });
  const perBatch = Math.round((RATE * BATCH_MS) / 1000);
  const warmup = 10;
  const total = warmup + SECONDS;
  let cursor = 0;
  const batchTimes: number[] = [];
  /** When each reading that completed a hot monitor's hold was fed, by device. */
  const dueAt = new Map<number, number[]>();
  let cpu0 = process.cpuUsage();
  const rssAtStart = process.memoryUsage().rss;
  let rss0 = rssAtStart;
  let measuredFrom = 0;
  const started = Date.now();
  let lag = 0;
  for (let b = 0; b < (total * 1000) / BATCH_MS; b++) {
    const tick = started + b * BATCH_MS;
    const wait = tick - Date.now();
    if (wait > 0) await sleep(wait);
    else lag++;
    if (b === (warmup * 1000) / BATCH_MS) {
      cpu0 = process.cpuUsage();
      rss0 = process.memoryUsage().rss;
      measuredFrom = Date.now();
      dueAt.clear();
      batchTimes.length = 0;
    }
    const t = Math.floor((b * BATCH_MS) / 1000);
    const points: Point[] = [];
    for (let k = 0; k < perBatch; k++) {
      const d = deviceIds[cursor++ % deviceIds.length]!;
      const at = new Date(started + t * 1000);
      points.push({ deviceId: d.id, type: 'dust', at, data: readingOf(d.id, t) } as Point);
      // The hold completes at the first reading 10 s into the over-limit half minute.
      if (hot.has(d.id) && t % 60 === HOLD_SECONDS) dueAt.set(d.id, [...(dueAt.get(d.id) ?? []), Date.now()]);
    }
    const fed = Date.now();
    engine.feed(points);
    void engine.idle().then(() => batchTimes.push(Date.now() - fed));
  }
  await engine.idle();
  const wall = (Date.now() - measuredFrom) / 1000;
  const used = process.cpuUsage(cpu0);
  const rssNow = process.memoryUsage().rss;
  const rssGrowthMb = Math.round((rssNow - rss0) / 1e6);
  const rssGrowthWithWarmupMb = Math.round((rssNow - rssAtStart) / 1e6);
  // Each alarm raised in the measured window against when the reading that completed its hold was fed.
  const since = new Date(measuredFrom).toISOString();
  const rows = rowsOf<{ device_id: number; created_at: string | Date; cleared: boolean }>(
    await db.execute(sql`select device_id, created_at, cleared_at is not null as cleared from alarms
      where created_at >= ${since}::timestamptz`),
  );
  const latencies: number[] = [];
  for (const row of rows) {
    const created = new Date(row.created_at).getTime();
    const fedAt = (dueAt.get(row.device_id) ?? []).filter((f) => f <= created + 5).pop();
    if (fedAt !== undefined) latencies.push(Math.max(0, created - fedAt));
  }
  const raised = rows.length;
  const cleared = rows.filter((r) => r.cleared).length;
  await db.execute(sql`delete from alarm_timeline`);
  await db.execute(sql`delete from alarm_action_runs`).catch(() => undefined);
  await db.execute(sql`delete from alarms`);
  const sorted = [...batchTimes].sort((a, b) => a - b);
  const res: Run = {
    cpuPercent: +(((used.user + used.system) / 1e6 / wall) * 100).toFixed(1),
    raiseLatency: {
      ...percentiles(latencies.length ? latencies : [0]),
      max: Math.max(0, ...latencies),
      n: latencies.length,
    },
    raised,
    cleared,
    batchMs: percentiles(sorted.length ? sorted : [0]),
    rssGrowthMb,
    rssGrowthWithWarmupMb,
    lagBatches: lag,
  };
  console.log(label, JSON.stringify(res));
  return res;
}

console.log(
  JSON.stringify({
    database: pg.url ? 'PostgreSQL' : 'PGlite (in memory)',
    rules: RULES,
    projects: PROJECTS,
    devices: DEVICES,
    readingsPerSecond: RATE,
    seconds: SECONDS,
    load: os.loadavg().map((x) => +x.toFixed(2)),
  }),
);
const without = await run('no rules');
await insertRules(ruleRows);
const withRules = await run(`${RULES} rules`);
console.log(
  JSON.stringify({
    addedCpuPercentOfOneCore: +(withRules.cpuPercent - without.cpuPercent).toFixed(1),
    batchJudgedMs: withRules.batchMs,
    raised: withRules.raised,
    cleared: withRules.cleared,
    rssGrowthMb: withRules.rssGrowthMb,
    rssGrowthWithWarmupMb: withRules.rssGrowthWithWarmupMb,
    load: os.loadavg().map((x) => +x.toFixed(2)),
  }),
);
await database.close();
await pg.drop();
