/**
 * Telemetry in day partitions (issue 36 item 5, migration 0045) on PostgreSQL: a fresh database migrated,
 * `--days` UTC days of readings of `--devices` devices written straight into their partitions
 * (generate_series; `--per-day` rows a day), then:
 *  - bytes per stored reading (the partitions' heap + indexes over their rows);
 *  - a device's 24 h chart: the device link's series query (modules/device-link/telemetry.ts), p50/p95 of
 *    `--charts` runs over random devices;
 *  - BRIN against B-tree on `at` in the newest full day: each index's size, and an hour's readings counted
 *    through each (the partition detached in a transaction that is rolled back, so one index can be left out);
 *  - retention dropping the oldest day (telemetry_partitions_drop) while a writer inserts 3,000 readings/s
 *    (one multi-row INSERT of 1,500 every 500 ms, as the device link's sink does): how long the drop took,
 *    and the writer's insert latency p50/p95/max before and during it;
 *  - with `--sustain-minutes M`, the writer goes on for M minutes: its latency minute by minute (flat or not).
 *
 *   node --import tsx bench/telemetry-partitions.ts [--days 5] [--per-day 2000000] [--devices 3000]
 *       [--charts 50] [--sustain-minutes 0] [--pg postgres://postgres@127.0.0.1:5432/test]
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { freshPgDatabase, percentiles, sleep } from './lib.ts';

const { values: args } = parseArgs({
  options: {
    days: { type: 'string', default: '5' },
    'per-day': { type: 'string', default: '2000000' },
    devices: { type: 'string', default: '3000' },
    charts: { type: 'string', default: '50' },
    'sustain-minutes': { type: 'string', default: '0' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
  },
});
const DAYS = Number(args.days);
const PER_DAY = Number(args['per-day']);
const DEVICES = Number(args.devices);
const CHARTS = Number(args.charts);
const SUSTAIN_MS = Number(args['sustain-minutes']) * 60_000;
const load = () => os.loadavg().map((x) => +x.toFixed(2));

const { openDatabase } = await import('../apps/server/src/db/client.ts');
const { rowsOf } = await import('../apps/server/src/db/rows.ts');
const pg = await freshPgDatabase(args.pg);
const database = await openDatabase({ databaseUrl: pg.url, dataDir: 'memory://', poolMax: 4 });
await database.migrate();
const { db } = database;
const DAY = 86_400_000;
const today = Math.floor(Date.now() / DAY) * DAY;
const first = today - DAYS * DAY;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

// The days, then each day's rows written straight into its partition (no rollup trigger: this measures the store).
await db.execute(sql`select telemetry_partitions_ensure(${isoDay(first)}::date, ${isoDay(today)}::date)`);
const seeded = Date.now();
for (let d = 0; d < DAYS; d++) {
  const dayStart = first + d * DAY;
  const part = `device_telemetry_p${isoDay(dayStart).replaceAll('-', '')}`;
  const step = DAY / PER_DAY;
  // In chunks: one statement stays under the pool's statement timeout.
  for (let lo = 0; lo < PER_DAY; lo += 500_000) {
    const hi = Math.min(PER_DAY, lo + 500_000) - 1;
    await db.execute(
      sql.raw(`insert into ${part} (device_id, at, data)
        select 1 + (g % ${DEVICES}), to_timestamp(${dayStart / 1000} + g * ${step / 1000}),
          jsonb_build_object('a34002', 60 + (g % 90), 'a34004', 30 + (g % 50), 'LA', 50 + (g % 30))
        from generate_series(${lo}, ${hi}) g`),
    );
  }
  console.log(`day ${d + 1}/${DAYS} seeded (${Math.round((Date.now() - seeded) / 1000)} s)`);
}
await db.execute(sql`analyze device_telemetry`);
const [size] = rowsOf<{ bytes: string; n: string }>(
  await db.execute(sql`select sum(pg_total_relation_size(c.oid))::bigint as bytes,
      (select count(*) from device_telemetry)::bigint as n
    from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'device_telemetry'::regclass`),
);
const rows = Number(size!.n);
const bytesPerReading = Math.round(Number(size!.bytes) / rows);

// A device's last 24 h as the device link charts it (120 buckets).
const chartTimes: number[] = [];
const to = first + DAYS * DAY - 1;
const from = to - DAY;
const bucketMs = Math.ceil(DAY / 120);
for (let i = 0; i < CHARTS; i++) {
  const device = 1 + Math.floor(Math.random() * DEVICES);
  const t0 = performance.now();
  await db.execute(sql`
    select floor(extract(epoch from at) * 1000 / ${bucketMs}::float8)::bigint as b, avg(v), min(v), max(v)
    from (select at, case jsonb_typeof(data -> 'a34002') when 'number' then (data ->> 'a34002')::float8 end as v
          from device_telemetry
          where device_id = ${device} and at >= ${new Date(from).toISOString()}::timestamptz
            and at <= ${new Date(to).toISOString()}::timestamptz and data ? 'a34002') t
    where v is not null group by b order by b`);
  chartTimes.push(performance.now() - t0);
}

// BRIN against B-tree on `at`, in the newest full day: sizes, and an hour's readings counted through each.
const newest = `device_telemetry_p${isoDay(today - DAY).replaceAll('-', '')}`;
const hourFrom = new Date(today - DAY + 12 * 3_600_000).toISOString();
const hourTo = new Date(today - DAY + 13 * 3_600_000).toISOString();
const countHour = sql.raw(`select count(*) from ${newest} where at >= '${hourFrom}' and at < '${hourTo}'`);
const timeOf = async (runs: number) => {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await db.execute(countHour);
    times.push(performance.now() - t0);
  }
  return percentiles(times);
};
const sizeOf = async (index: string) =>
  Number(rowsOf<{ b: string }>(await db.execute(sql.raw(`select pg_relation_size('${index}')::bigint as b`)))[0]!.b);
const [atIndex] = rowsOf<{ name: string }>(
  await db.execute(
    sql.raw(`select indexname as name from pg_indexes where tablename = '${newest}' and indexdef like '%(at)'`),
  ),
);
const btree = { bytes: await sizeOf(atIndex!.name), hourCountMs: await timeOf(20) };
await db.execute(sql.raw(`create index ${newest}_at_brin on ${newest} using brin (at)`));
let brinTimes: ReturnType<typeof percentiles> | undefined;
await db
  .transaction(async (tx) => {
    // Detached, the partition's own B-tree on `at` can be dropped for the measurement; the rollback restores it.
    await tx.execute(sql.raw(`alter table device_telemetry detach partition ${newest}`));
    await tx.execute(sql.raw(`drop index ${atIndex!.name}`));
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      await tx.execute(countHour);
      times.push(performance.now() - t0);
    }
    brinTimes = percentiles(times);
    tx.rollback();
  })
  .catch(() => {}); // the rollback
const brin = { bytes: await sizeOf(`${newest}_at_brin`), hourCountMs: brinTimes };
await db.execute(sql.raw(`drop index ${newest}_at_brin`));

// A writer at 3,000 readings/s; after 10 s, the oldest day is dropped under it.
const inserts: { at: number; ms: number }[] = [];
let writing = true;
const writer = (async () => {
  let tick = Date.now();
  while (writing) {
    const batch = Array.from({ length: 1500 }, (_, k) => ({
      device_id: 1 + (k % DEVICES),
      at: new Date().toISOString(),
      data: { a34002: 70 },
    }));
    const t0 = performance.now();
    await db.execute(sql`insert into device_telemetry (device_id, at, data)
      select v.device_id, v.at, v.data from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
        as v(device_id int, at timestamptz, data jsonb)`);
    inserts.push({ at: Date.now(), ms: performance.now() - t0 });
    tick += 500;
    await sleep(Math.max(0, tick - Date.now()));
  }
})();
await sleep(10_000);
const dropStart = Date.now();
const t0 = performance.now();
const [dropped] = rowsOf<{ n: string }>(
  await db.execute(sql`select telemetry_partitions_drop(${new Date(first + DAY).toISOString()}::timestamptz) as n`),
);
const dropMs = performance.now() - t0;
const dropEnd = Date.now();
await sleep(Math.max(5_000, SUSTAIN_MS - (Date.now() - dropStart) + 10_000));
writing = false;
await writer;
// Minute by minute from the writer's start: a store that slows as it fills shows here.
const minutes = new Map<number, number[]>();
for (const i of inserts) {
  const m = Math.floor((i.at - inserts[0].at) / 60_000);
  minutes.set(m, [...(minutes.get(m) ?? []), i.ms]);
}
const perMinute = [...minutes].map(([m, ms]) => ({
  minute: m + 1,
  ...percentiles(ms),
  max: +Math.max(...ms).toFixed(1),
}));
const before = inserts.filter((i) => i.at < dropStart).map((i) => i.ms);
const during = inserts.filter((i) => i.at >= dropStart && i.at <= dropEnd + 500).map((i) => i.ms);

console.log(
  JSON.stringify(
    {
      database: 'PostgreSQL',
      days: DAYS,
      rows,
      devices: DEVICES,
      seedSeconds: Math.round((dropStart - seeded) / 1000),
      bytesPerReading,
      chart24hMs: percentiles(chartTimes),
      atIndexInNewestDay: { btree, brin },
      dropOldestDay: { ms: +dropMs.toFixed(1), rowsEstimated: Number(dropped?.n ?? 0) },
      insertOf1500Ms: {
        before: { ...percentiles(before), max: +Math.max(...before).toFixed(1) },
        duringDrop: during.length ? { n: during.length, max: +Math.max(...during).toFixed(1) } : 'none overlapped',
      },
      ...(SUSTAIN_MS ? { sustained3000PerS: { inserts: inserts.length, perMinute } } : {}),
      load: load(),
    },
    null,
    2,
  ),
);
await database.close();
await pg.drop();
