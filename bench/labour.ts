/**
 * Issue 35's labour measures, on one server instance (the whole app, buildApp, listening on loopback):
 *  - sheets: W workers over P projects (the first, the measured one, with --big workers), D days of
 *    passes up to yesterday plus today's: an in-pass about 08:00 and an out-pass about 17:30 local per
 *    worker and day (2·W·D rows of labour_passes, written directly in time order, one INSERT … SELECT a
 *    day: the trigger from device_events is what the API tests cover). Then GET /api/labour/monthSheet of
 *    the big project for the last whole month, GET /api/labour/daySheet of a day in it,
 *    GET /api/labour/exportMonthSheet (the xlsx): p50/p95/p99 over --requests calls (goals: month sheet
 *    p95 < 500 ms, day sheet < 200 ms on PostgreSQL), GET /api/labour/figures (an admin's Workplace
 *    figures over every project), and the plans (EXPLAIN ANALYZE) of the statements the sheets and the figures run;
 *  - enrol: a project of --enrol on-site workers, each with its own face photo, and --terminals
 *    simulated face terminals (packages/device-sim over the real device link, in --fleets simulator child
 *    processes); the time until every terminal holds every worker (person W<id>) and every outbox row is
 *    on its device and settled (goal < 60 s at 2,000 workers and 20 terminals), measured two ways
 *    (--enrol-by): `publish`, the workers registered first and the terminals then authorised to the
 *    project (PUT /api/visitor/publishConfig, as the console does); `register`, the terminals authorised
 *    first and the workers then registered one by one with their photos (POST /api/labour/add, 4 at a
 *    time), timed from the first registration.
 * Each figure is printed with the load average (1, 5, 15 min) when it was taken.
 *
 *   node --import tsx bench/labour.ts [--workers 20000] [--projects 100] [--big 500] [--days 60]
 *       [--requests 50] [--enrol 2000] [--terminals 20] [--enrol-by publish,register] [--fleets 2]
 *       [--timeout 600] [--skip-sheets] [--skip-enrol] [--pg postgres://…]
 *
 * The database: embedded PGlite in a temporary data directory (default), or a fresh PostgreSQL database
 * made on the server `--pg` (else BENCH_DATABASE_URL) names and dropped afterwards. `--keep` keeps it
 * (printing its URL); `--reuse <url>` measures one a --keep run left, without seeding the sheets.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import { DEFAULT_CUTOFF_HOUR, DEFAULT_UTC_OFFSET_MINUTES } from '../packages/contracts/src/labour/schemas.ts';
import {
  awaitFaceSync,
  benchConfig,
  benchIdentities,
  freshPgDatabase,
  loadAverage,
  percentiles,
  runFaceFleet,
  seedDevices,
  seedFacePhotos,
  startFaceTerminals,
  stopFleets,
} from './lib.ts';

const ENROL_MODES = ['publish', 'register'] as const;
type EnrolMode = (typeof ENROL_MODES)[number];

/** Each enrolment mode's terminals: their own serial numbers (the simulator process is told the mode). */
const identities = (n: number, mode: string) =>
  benchIdentities(mode === 'register' ? 'BLBR' : 'BLBP', 'siteops-bench-labour', n, () => 'face');

if (process.argv[2] === '--fleet') await runFaceFleet((n) => identities(n, process.argv[6]));
else await main();

async function main() {
  const { values: args } = parseArgs({
    options: {
      workers: { type: 'string', default: '20000' },
      projects: { type: 'string', default: '100' },
      big: { type: 'string', default: '500' },
      days: { type: 'string', default: '60' },
      requests: { type: 'string', default: '50' },
      enrol: { type: 'string', default: '2000' },
      terminals: { type: 'string', default: '20' },
      'enrol-by': { type: 'string', default: ENROL_MODES.join(',') },
      fleets: { type: 'string', default: '2' },
      timeout: { type: 'string', default: '600' },
      'skip-sheets': { type: 'boolean', default: false },
      'skip-enrol': { type: 'boolean', default: false },
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
  const E = Number(args.enrol);
  const M = Number(args.terminals);
  const FLEETS = Math.max(1, Math.min(M, Number(args.fleets)));
  const TIMEOUT_S = Number(args.timeout);
  const modes = args['enrol-by'].split(',').map((m) => m.trim());
  for (const m of modes) {
    if (!(ENROL_MODES as readonly string[]).includes(m))
      throw new Error(`--enrol-by: ${m}? (${ENROL_MODES.join(', ')})`);
  }

  const { buildApp } = await import('../apps/server/src/app.ts');
  const { openDatabase } = await import('../apps/server/src/db/client.ts');
  const { agents, labourTeams, labourWorkers, projects, users } = await import('../apps/server/src/db/schema/index.ts');
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
  const result: Record<string, unknown> = { db: database.kind, cpus: os.cpus().length };
  const db = database.db;
  /** One line of figures, with the load average beside it. */
  const report = (name: string, figures: Record<string, unknown>, note = '') => {
    const load = loadAverage();
    result[name] = { ...figures, load };
    const text = Object.entries(figures)
      .map(([k, v]) => `${k} ${typeof v === 'number' ? v : JSON.stringify(v)}`)
      .join('  ');
    console.log(`${name.padEnd(28)} ${text}${note ? `  ${note}` : ''}  (load ${load.join(' ')})`);
  };

  try {
    if (!args.reuse) {
      const [agent] = await db
        .insert(agents)
        .values({ name: 'Bench agent', linkName: 'Bench', linkPhone: '13900000000', expDate: '2099-12-31' })
        .returning({ id: agents.id });
      await db
        .insert(users)
        .values({ userName: 'admin', password: await hashPassword(PASSWORD), realName: 'Admin', role: 'admin' });
      if (!args['skip-sheets']) await seedSheets(agent.id);
    } else {
      // A reused database met another data directory's generated keys: forget them (nothing here is signed).
      await db.execute(sql`delete from key_fingerprints`);
    }
    const app = await buildApp({ config, db, logger: false });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const token = (
        await app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'admin', password: PASSWORD } })
      ).json().data.token as string;
      const get = async (url: string) => {
        const s = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        const ms = performance.now() - s;
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        return { res, ms };
      };

      if (!args['skip-sheets']) await measureSheets();
      if (!args['skip-enrol'] && E > 0 && M > 0) {
        for (const mode of modes as EnrolMode[]) result[`enrol by ${mode}`] = await measureEnrolment(mode);
      }
      result.loadAverage = loadAverage();
      console.log(`RESULT ${JSON.stringify(result)}`);

      // ---- sheets -------------------------------------------------------------------------------------
      async function measureSheets() {
        const [{ big }] = rowsOf<{ big: number }>(
          await db.execute(sql`select min(id) as big from projects where code like 'BL-%'`),
        );
        // The last whole month in the window, and a day in it.
        const today = new Date(workDay());
        const lastMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1))
          .toISOString()
          .slice(0, 7);
        const day = `${lastMonth}-15`;
        const { monthSheetOf } = await import('../apps/server/src/modules/labour/monthSheet.ts');
        const { attendanceOf, sheetWorkers } = await import('../apps/server/src/modules/labour/attendance.ts');
        const { settingsOf } = await import('../apps/server/src/modules/labour/service.ts');
        const { labourFigures } = await import('../apps/server/src/modules/labour/figures.ts');
        const admin = { id: 1, role: 'admin' as const, agentId: null };
        const settings = await settingsOf(db, big);

        // The handler's work without HTTP, then the plans of what it runs.
        const direct: number[] = [];
        for (let i = 0; i < 15; i++) {
          const s = performance.now();
          await monthSheetOf(db, settings, lastMonth);
          if (i >= 5) direct.push(performance.now() - s);
        }
        report('month sheet, handler only', percentiles(direct), '(10 calls)');
        for (const [what, run] of [
          ['month sheet', (spy: Db) => monthSheetOf(spy, settings, lastMonth)],
          [
            'day sheet',
            async (spy: Db) => {
              const attendance = await attendanceOf(spy, settings, day, 1);
              await sheetWorkers(spy, big, day, day, [...attendance.keys()]);
            },
          ],
          // The handler with a bare context: all it reads is the database and the caller.
          ['workplace figures', (spy: Db) => labourFigures({ db: spy, caller: admin } as never, {} as never)],
        ] as const) {
          for (const [i, plan] of (await plansOf(run)).entries())
            console.log(`-- plan: ${what}, statement ${i + 1}\n${plan}`);
        }

        const cases: [string, string][] = [
          ['month sheet', `/api/labour/monthSheet?projectId=${big}&month=${lastMonth}`],
          ['day sheet', `/api/labour/daySheet?projectId=${big}&date=${day}`],
          ['month sheet xlsx', `/api/labour/exportMonthSheet?projectId=${big}&month=${lastMonth}`],
          // The Workplace's labour figures of an admin: every project, each on its own work day.
          ['workplace figures', '/api/labour/figures'],
        ];
        for (const [name, url] of cases) {
          const xlsx = name.endsWith('xlsx');
          const runs = xlsx ? Math.max(5, Math.round(REQUESTS / 5)) : REQUESTS;
          const times: number[] = [];
          let size = '';
          for (let i = 0; i < runs + 5; i++) {
            const { res, ms } = await get(url);
            if (i === 0) {
              const data = xlsx ? undefined : (res.json().data as { rows?: unknown[]; projects?: unknown[] });
              size = xlsx ? `${res.rawPayload.length} bytes` : `${(data!.rows ?? data!.projects ?? []).length} rows`;
            }
            if (i >= 5) times.push(ms);
          }
          report(name, percentiles(times), `(${runs} requests, ${size})`);
        }
      }

      // ---- enrolment ----------------------------------------------------------------------------------
      async function measureEnrolment(mode: EnrolMode) {
        const t0 = performance.now();
        const [{ agentId, adminId }] = rowsOf<{ agentId: number; adminId: number }>(
          await db.execute(sql`select (select min(id) from agents) as "agentId",
            (select id from users where user_name = 'admin') as "adminId"`),
        );
        const [project] = await db
          .insert(projects)
          .values({ name: `Enrol by ${mode}`, code: `BE-${mode}-${Date.now().toString(36)}`, agentId })
          .returning({ id: projects.id });
        const [team] = await db
          .insert(labourTeams)
          .values({ projectId: project.id, name: 'Team 1' })
          .returning({ id: labourTeams.id });
        const photos = await seedFacePhotos(db, path.join(dataDir, 'files'), E, adminId);
        const worker = (i: number) => ({
          projectId: project.id,
          realName: `Worker ${mode} ${i}`,
          idType: 'passport' as const,
          idNo: `E${project.id}X${String(i).padStart(7, '0')}`,
          phone: '13800000000',
          trade: 'carpenter' as const,
          teamId: team.id,
          entryDate: '2020-01-01',
          photo: photos[i],
        });
        if (mode === 'publish') {
          for (let i = 0; i < E; i += 1000) {
            await db.insert(labourWorkers).values(
              Array.from({ length: Math.min(1000, E - i) }, (_, k) => ({
                ...worker(i + k),
                // Not a real ciphertext and hash: nothing here reads the number back.
                idNo: 'v1.bench',
                idNoHash: createHash('sha256')
                  .update(worker(i + k).idNo)
                  .digest('hex'),
                status: 'on_site',
              })),
            );
          }
        }
        const ids = identities(M, mode);
        const deviceIds = await seedDevices(db, ids, { projectId: project.id, devName: 'Gate' });
        const seedSeconds = (performance.now() - t0) / 1000;
        const { port } = app.server.address() as AddressInfo;
        const { children, reports, linkSeconds } = await startFaceTerminals({
          script: fileURLToPath(import.meta.url),
          db,
          gateway: app.deviceLink.gateway,
          port,
          projectId: project.id,
          ids,
          processes: FLEETS,
          more: [mode],
        });
        try {
          const publish = async () => {
            const s = performance.now();
            const res = await app.inject({
              method: 'PUT',
              url: '/api/visitor/publishConfig',
              headers: { authorization: `Bearer ${token}` },
              payload: {
                projectId: project.id,
                requiredFields: [],
                defaultVisitHours: 4,
                autoApprove: false,
                deviceIds,
              },
            });
            if (res.json().code !== 200) throw new Error(`publishConfig: ${res.body}`);
            return Math.round(performance.now() - s);
          };
          let start: number;
          const figures: Record<string, unknown> = {};
          if (mode === 'publish') {
            start = performance.now();
            figures.publishConfigMs = await publish();
            console.log(`enrol by publish: publishConfig answered in ${figures.publishConfigMs} ms`);
          } else {
            figures.publishConfigMs = await publish();
            // The terminals are authorised and hold nobody; now the workers are registered, 4 at a time.
            start = performance.now();
            const addTimes: number[] = [];
            let next = 0;
            const registrar = async () => {
              while (next < E) {
                const i = next++;
                const s = performance.now();
                const res = await app.inject({
                  method: 'POST',
                  url: '/api/labour/add',
                  headers: { authorization: `Bearer ${token}` },
                  payload: worker(i),
                });
                addTimes.push(performance.now() - s);
                if (res.json().code !== 200) throw new Error(`add: ${res.body}`);
              }
            };
            await Promise.all(Array.from({ length: 4 }, registrar));
            figures.registerSeconds = +((performance.now() - start) / 1000).toFixed(1);
            figures.addMs = percentiles(addTimes);
            console.log(
              `enrol by register: ${E} workers registered in ${figures.registerSeconds} s, POST /api/labour/add ${JSON.stringify(figures.addMs)} ms`,
            );
          }
          const sync = await awaitFaceSync({
            db,
            projectId: project.id,
            terminals: M,
            persons: E,
            reports,
            start,
            timeoutS: TIMEOUT_S,
          });
          const out = {
            workers: E,
            terminals: M,
            ...sync,
            ...figures,
            linkSeconds: +linkSeconds.toFixed(1),
            seedSeconds: +seedSeconds.toFixed(1),
          };
          report(`enrol by ${mode}`, {
            seconds: sync.seconds,
            terminalsHoldAllSeconds: sync.terminalsHoldAllSeconds,
            failedAttempts: sync.failedAttempts,
          });
          return { ...out, load: loadAverage() };
        } finally {
          await stopFleets(children);
        }
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close().catch(() => {});
    if (args.keep) console.log(`kept ${pgdb.url}`);
    else await pgdb.drop().catch((err) => console.error(`dropping the bench database: ${err}`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  /**
   * The date (as 00:00Z, ms) of the projects' work day now, on their wall clock from the cut-off hour (the
   * defaults: UTC+8, 04:00): 08:00 local on it is that instant.
   */
  function workDay() {
    const shift = (DEFAULT_UTC_OFFSET_MINUTES - DEFAULT_CUTOFF_HOUR * 60) * 60_000;
    return Math.floor((Date.now() + shift) / 86_400_000) * 86_400_000;
  }

  /** The plans (EXPLAIN ANALYZE, buffers) of the statements `run` executes through the database, run again. */
  async function plansOf(run: (spy: Db) => Promise<unknown>): Promise<string[]> {
    const seen: SQL[] = [];
    const spy = new Proxy(db, {
      get(target, p) {
        if (p === 'execute') {
          return (q: SQL) => {
            seen.push(q);
            return target.execute(q);
          };
        }
        const v = Reflect.get(target, p, target) as unknown;
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    await run(spy);
    const plans: string[] = [];
    for (const q of seen) {
      const res = await db.execute(sql`explain (analyze, buffers) ${q}`);
      plans.push(
        rowsOf<Record<string, string>>(res)
          .map((r) => Object.values(r)[0])
          .join('\n'),
      );
    }
    return plans;
  }

  async function seedSheets(agentId: number) {
    const t0 = performance.now();
    await db
      .insert(projects)
      .values(Array.from({ length: P }, (_, i) => ({ name: `Site ${i}`, code: `BL-${i}`, agentId })));
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
    // minutes of jitter; one statement a day (a statement has DATABASE_QUERY_TIMEOUT_MS), in time order as
    // terminals send them, so a project's passes are spread over the table as they would be.
    const today = workDay();
    for (let i = D; i >= 1; i--) {
      const d = new Date(today - i * 86_400_000).toISOString();
      await db.execute(sql`
        insert into labour_passes (worker_id, at, device_id, project_id, direction)
        select * from (
          select w.id, ${d}::timestamptz + make_interval(mins => (w.id * 7 + ${i}) % 40) as at, 1, w.project_id, 'in'
          from labour_workers w
          union all
          select w.id, ${d}::timestamptz + interval '9 hours 30 minutes' + make_interval(mins => (w.id * 11 + ${i}) % 40),
            2, w.project_id, 'out'
          from labour_workers w) p
        order by at`);
      if (i % 10 === 0)
        console.log(`  passes: ${D - i + 1}/${D} days (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    }
    // Today so far (the projects' work day now), for the Workplace figures: each worker's in-pass of this
    // morning (now, before 08:00), and the out-pass of one in three (who left already).
    await db.execute(sql`
      insert into labour_passes (worker_id, at, device_id, project_id, direction)
      select w.id, least(now(), ${new Date(today).toISOString()}::timestamptz + make_interval(mins => (w.id * 7) % 40)), 1,
        w.project_id, 'in'
      from labour_workers w
      union all
      select w.id, now() - make_interval(secs => w.id % 60), 2, w.project_id, 'out'
      from labour_workers w where w.id % 3 = 0
      on conflict do nothing`);
    // As autovacuum would have left a table of 60 days: statistics and the visibility map.
    await db.execute(sql`vacuum analyze`);
    const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from labour_passes`));
    const seconds = +((performance.now() - t0) / 1000).toFixed(1);
    Object.assign(result, { workers: W, projects: P, big: BIG, days: D, passes: n });
    report('seed', { seconds, passes: n });
  }
}
