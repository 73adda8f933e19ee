/**
 * Issue 11's measures of the visitor module, on one server instance (the whole app, buildApp):
 *  - list: GET /api/visitor/listAll p50/p95/p99 at N visitors (goal p95 < 50 ms PGlite, < 25 ms
 *    PostgreSQL), as admin and as a manager of 2 of the 5 list projects: default page, a name search,
 *    a phone search, a sort;
 *  - publish: M simulated face terminals (packages/device-sim over the real device link, in simulator
 *    child processes) of a gate project with P valid visitors with photos; the project's visitor
 *    configuration is published through PUT /api/visitor/publishConfig naming the M devices, as the
 *    console does, and the time is taken until every device holds every person and every gate_persons
 *    row is on_device and settled (goal < 60 s at P 10,000 and M 100), with failures and per-device totals.
 *
 *   node --import tsx bench/visitors.ts [--visitors 100000] [--devices 100] [--publish 10000]
 *       [--requests 200] [--photos P] [--fleets 2] [--pg postgres://…] [--skip-list] [--skip-publish]
 *
 * The database: embedded PGlite in a temporary data directory (default), or a fresh PostgreSQL database
 * made on the server `--pg` (else BENCH_DATABASE_URL, else DATABASE_URL) names and dropped afterwards.
 * The N visitors include the P of the gate project. Every visitor's ID number is really encrypted and
 * hashed with the server's PII helper (per row; AES-GCM and HMAC cost microseconds). Each gate visitor
 * has its own photo by default (distinct bytes and SHA-256, so every terminal downloads P photos);
 * `--photos K` shares K photos among them.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  awaitFaceSync,
  benchIdentities,
  freshPgDatabase,
  percentiles,
  runFaceFleet,
  seedDevices,
  seedFacePhotos,
  startFaceTerminals,
  stopFleets,
  benchConfig,
} from './lib.ts';

const identities = (n: number) => benchIdentities('BVIS', 'siteops-bench-visitors', n, () => 'face');

if (process.argv[2] === '--fleet') await runFaceFleet(identities);
else await runServer();

async function runServer() {
  const { values: args } = parseArgs({
    args: process.argv.slice(2),
    options: {
      visitors: { type: 'string', default: '100000' },
      devices: { type: 'string', default: '100' },
      publish: { type: 'string', default: '10000' },
      requests: { type: 'string', default: '200' },
      photos: { type: 'string' },
      fleets: { type: 'string', default: '2' },
      timeout: { type: 'string', default: '600' },
      pg: { type: 'string' },
      'skip-list': { type: 'boolean', default: false },
      'skip-publish': { type: 'boolean', default: false },
    },
  });
  const N = Number(args.visitors);
  const M = Number(args.devices);
  const P = Number(args.publish);
  const REQUESTS = Number(args.requests);
  const WARMUP = Math.max(10, Math.round(REQUESTS / 10));
  const PHOTOS = Math.max(1, Math.min(P, Number(args.photos ?? P)));
  const FLEETS = Math.max(1, Math.min(M, Number(args.fleets)));
  const TIMEOUT_S = Number(args.timeout);
  if (P > N) throw new Error(`--publish (${P}) must not exceed --visitors (${N}): the gate visitors are among them`);

  const { buildApp } = await import('../apps/server/src/app.ts');
  const { openDatabase } = await import('../apps/server/src/db/client.ts');
  const { agents, projectMembers, projects, users, visitors } = await import('../apps/server/src/db/schema/index.ts');
  const { hashPassword } = await import('../apps/server/src/auth/passwords.ts');
  const { Pii } = await import('../apps/server/src/crypto/pii.ts');
  const { loadMasterKey } = await import('../apps/server/src/crypto/keys.ts');
  const { sql } = await import('drizzle-orm');

  const pgBase = args.pg ?? (process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || undefined);
  const pgdb = await freshPgDatabase(pgBase);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siteops-bench-visitors-'));
  const PASSWORD = 'Bench@12345';
  const config = benchConfig({ DATA_DIR: dataDir, PII_KEY: 'be'.repeat(32) });
  const database = await openDatabase({ databaseUrl: pgdb.url, dataDir });
  const cleanup = async () => {
    await database.close().catch(() => {});
    await pgdb.drop().catch((err) => console.error(`dropping the bench database: ${err}`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const result: Record<string, unknown> = {
    db: database.kind,
    visitors: N,
    devices: M,
    publishVisitors: P,
    photos: PHOTOS,
  };
  try {
    await database.migrate();
    const { db } = database;
    const pii = new Pii(loadMasterKey(config));

    // ---- seed: an agent, five list projects and the gate project; an admin and a manager of two ------
    const t0 = performance.now();
    const password = await hashPassword(PASSWORD);
    const [agent] = await db
      .insert(agents)
      .values({ name: 'Bench agent', linkName: 'Li', linkPhone: '13900000000', expDate: '2099-12-31' })
      .returning({ id: agents.id });
    const projectRows = await db
      .insert(projects)
      .values(
        ['Gate site', 'North tower', 'East yard', 'Bridge', 'Depot', 'Harbour'].map((name, i) => ({
          name,
          code: `BV-${i}`,
          agentId: agent.id,
        })),
      )
      .returning({ id: projects.id });
    const [gateProject, ...listProjects] = projectRows.map((p) => p.id);
    const [admin, manager] = await db
      .insert(users)
      .values([
        { userName: 'admin', password, realName: 'Admin', role: 'admin' },
        { userName: 'manager', password, realName: 'Manager', role: 'manager', agentId: agent.id },
      ])
      .returning({ id: users.id });
    await db
      .insert(projectMembers)
      .values(listProjects.slice(0, 2).map((projectId) => ({ projectId, userId: manager.id, role: 'manager' })));

    // Gate visitors' photos: one face JPEG made distinct by a comment segment.
    const photoIds = await seedFacePhotos(db, path.join(dataDir, 'files'), PHOTOS, admin.id);

    // Visitors: the first P valid ones of the gate project with photos, the rest over the list projects
    // (about 50% valid, 30% new, 20% invalid), with names from 20 surnames × 50 given names.
    const SURNAMES = 'Wang Li Zhang Liu Chen Yang Huang Zhao Wu Zhou Xu Sun Ma Zhu Hu Guo He Lin Gao Luo'.split(' ');
    const GIVEN =
      'Wei Fang Na Min Jing Li Qiang Lei Jun Yang Yong Yan Jie Tao Ming Chao Xiu Xia Ping Gang Hui Bo Hong Lan Dan Yu Hao Kai Peng Fei Xin Jian Qing Rui Yun Ting Yi Ning Hua Long Feng Xue Mei Bin Kun Liang Shan Zhen Hai Chen'.split(
        ' ',
      );
    const nameOf = (i: number) => `${SURNAMES[i % 20]} ${GIVEN[Math.floor(i / 20) % 50]}`;
    const phoneOf = (i: number) => `1${3 + (i % 6)}${String((i * 7919) % 1_000_000_000).padStart(9, '0')}`;
    const hour = 3_600_000;
    const now = Date.now();
    const BATCH = 2000;
    for (let start = 0; start < N; start += BATCH) {
      const rows: (typeof visitors.$inferInsert)[] = [];
      for (let i = start; i < Math.min(N, start + BATCH); i++) {
        const gate = i < P;
        const idNo = `${110105 + (i % 900)}19${String(50 + (i % 50))}0${1 + (i % 9)}1${i % 10}${String(i % 1000).padStart(3, '0')}${i % 11 === 10 ? 'X' : i % 10}`;
        const status = gate
          ? 'valid'
          : ['valid', 'valid', 'new', 'valid', 'new', 'invalid', 'valid', 'new', 'invalid', 'valid'][i % 10];
        const startAt = now - ((i * 37) % (90 * 24)) * hour;
        rows.push({
          projectId: gate ? gateProject : listProjects[i % listProjects.length],
          realName: nameOf(i),
          avatar: gate ? photoIds[i % PHOTOS] : null,
          sex: i % 2 ? 'male' : 'female',
          phone: phoneOf(i),
          idNo: pii.encrypt(idNo, 'visitors.id_no'),
          idNoHash: pii.searchHash(idNo),
          visitStart: new Date(gate ? now - hour : startAt),
          visitEnd: new Date(gate ? now + 30 * 24 * hour : startAt + 8 * hour),
          reasons: 'Delivery',
          status,
          auditorId: status === 'new' ? null : admin.id,
          auditedAt: status === 'new' ? null : new Date(startAt),
          createdId: admin.id,
          createdAt: new Date(startAt - hour),
        });
      }
      await db.insert(visitors).values(rows);
    }
    // The valid ones whose visit ended would be the expiry job's to turn invalid: do it now, so the job
    // does not do it under the measurement.
    await db.execute(sql`update visitors set status = 'invalid' where status = 'valid' and visit_end <= now()`);
    result.seedSeconds = +((performance.now() - t0) / 1000).toFixed(1);
    console.log(`seeded ${N} visitors (${PHOTOS} photos) in ${result.seedSeconds} s (${database.kind})`);
    if (process.env.BENCH_ANALYZE !== '0') await db.execute(sql.raw(process.env.BENCH_ANALYZE ?? 'vacuum analyze'));

    const app = await buildApp({ config, db, logger: false });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const login = async (username: string) =>
        (await app.inject({ method: 'POST', url: '/api/user/login', payload: { username, password: PASSWORD } })).json()
          .data.token as string;
      const tokens = { admin: await login('admin'), manager: await login('manager') };

      if (!args['skip-list']) result.list = await measureList();
      if (!args['skip-publish'] && M > 0 && P > 0) result.publish = await measurePublish();
      result.loadAverage = os.loadavg().map((x) => +x.toFixed(2));
      console.log(`RESULT ${JSON.stringify(result)}`);

      // ---- list ---------------------------------------------------------------------------------------
      async function measureList() {
        const rnd = (n: number) => Math.floor(Math.random() * n);
        const cases: [string, () => string][] = [
          ['default page', () => '/api/visitor/listAll?page=1&pageSize=20'],
          ['name search', () => `/api/visitor/listAll?realName=${encodeURIComponent(nameOf(rnd(1000)))}`],
          ['phone search (6 digits)', () => `/api/visitor/listAll?phone=${phoneOf(rnd(N)).slice(-6)}`],
          ['sorted by visit start, page 5', () => '/api/visitor/listAll?page=5&sortField=visitStart&sortOrder=desc'],
        ];
        const out: Record<string, ReturnType<typeof percentiles> & { total: number }> = {};
        for (const role of ['admin', 'manager'] as const) {
          for (const [name, url] of cases) {
            const times: number[] = [];
            let total = 0;
            for (let i = 0; i < WARMUP + REQUESTS; i++) {
              const s = performance.now();
              const res = await app.inject({
                method: 'GET',
                url: url(),
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
              `list ${`${role}: ${name}`.padEnd(40)} p50 ${p.p50} ms  p95 ${p.p95} ms  p99 ${p.p99} ms  (${REQUESTS} requests, largest total ${total})`,
            );
          }
        }
        return out;
      }

      // ---- publish ------------------------------------------------------------------------------------
      async function measurePublish() {
        const ids = identities(M);
        const deviceIds = await seedDevices(db, ids, { projectId: gateProject, devName: 'Gate' });
        const { port } = app.server.address() as AddressInfo;
        const { children, reports, linkSeconds } = await startFaceTerminals({
          script: fileURLToPath(import.meta.url),
          db,
          gateway: app.deviceLink.gateway,
          port,
          projectId: gateProject,
          ids,
          processes: FLEETS,
        });
        try {
          const s = performance.now();
          const res = await app.inject({
            method: 'PUT',
            url: '/api/visitor/publishConfig',
            headers: { authorization: `Bearer ${tokens.admin}` },
            payload: {
              projectId: gateProject,
              requiredFields: [],
              defaultVisitHours: 4,
              autoApprove: false,
              deviceIds,
            },
          });
          const publishMs = performance.now() - s;
          if (res.json().code !== 200) throw new Error(`publishConfig: ${res.body}`);
          console.log(`publishConfig answered in ${publishMs.toFixed(0)} ms; waiting for ${M} × ${P} persons`);

          const sync = await awaitFaceSync({
            db,
            projectId: gateProject,
            terminals: M,
            persons: P,
            reports,
            start: s,
            timeoutS: TIMEOUT_S,
          });
          return { ...sync, publishConfigMs: Math.round(publishMs), linkSeconds: +linkSeconds.toFixed(1) };
        } finally {
          await stopFleets(children);
        }
      }
    } finally {
      await app.close();
    }
  } finally {
    await cleanup();
  }
}
