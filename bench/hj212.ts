/**
 * HJ 212 monitors at scale (issue 31): one server (the whole app, buildApp, PGlite in memory or
 * PostgreSQL with BENCH_DATABASE_URL) with its HJ 212 listener, and N simulated dust monitors (the
 * device-sim Hj212Monitor, real TCP) in a second process, each sending real-time data (2011) every
 * RTD seconds and minute data (2051) every minute, asking for a 9014 for each. Reports the server's CPU
 * and RSS while they report, packets and bad frames the listener counted, and uploads sent against
 * uploads acknowledged (a frame lost is one sent and never answered). Goal: under 10 % of one core at
 * 2,000 monitors every 30 s, 0 frames lost.
 *
 *   node --import tsx bench/hj212.ts [monitors=2000] [seconds=90] [rtdSeconds=30]
 */
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { fork } from 'node:child_process';
import { Hj212Monitor } from '../packages/device-sim/src/hj212Monitor.ts';
import { benchConfig, sleep } from './lib.ts';

const PW = '123456';
const mnOf = (i: number) => `BENCHHJ${String(i).padStart(17, '0')}`;

if (process.argv[2] === '--fleet') await runFleet();
else await runServer();

/** The second process: the monitors. Reports their counters every second; `stop` ends them. */
async function runFleet() {
  const [, , , port, count, rtdS] = process.argv;
  const monitors: Hj212Monitor[] = [];
  for (let i = 0; i < Number(count); i++) {
    monitors.push(
      new Hj212Monitor({ host: '127.0.0.1', port: Number(port), mn: mnOf(i), pw: PW, rtdIntervalS: Number(rtdS) }),
    );
    // 200 new connections a second: a site's monitors do not all dial in the same millisecond.
    if (i % 20 === 19) await sleep(100);
  }
  const report = () => {
    const sum = { connects: 0, uploads: 0, acked: 0, badFrames: 0, connected: 0 };
    for (const m of monitors) {
      sum.connects += m.counters.connects;
      sum.uploads += m.counters.uploads;
      sum.acked += m.counters.acked;
      sum.badFrames += m.counters.badFrames;
      if (m.connected) sum.connected++;
    }
    return sum;
  };
  const timer = setInterval(() => process.send?.(report()), 1000);
  process.on('message', async (m) => {
    if (m !== 'stop') return;
    clearInterval(timer);
    // What is still unanswered after 3 s was lost (the monitors go on uploading; an answer takes ms).
    await sleep(3_000);
    process.send?.(report());
    await Promise.all(monitors.map((m) => m.stop()));
    process.exit(0);
  });
}

async function runServer() {
  const N = Number(process.argv[2] ?? 2000);
  const SECONDS = Number(process.argv[3] ?? 90);
  const RTD = Number(process.argv[4] ?? 30);
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { openDatabase } = await import('../apps/server/src/db/client.ts');
  const { devices } = await import('../apps/server/src/db/schema/index.ts');
  const { Pii } = await import('../apps/server/src/crypto/pii.ts');
  const { loadMasterKey } = await import('../apps/server/src/crypto/keys.ts');
  const { hashDeviceSecret } = await import('../apps/server/src/crypto/deviceSecret.ts');

  const config = benchConfig({ DATA_DIR: '.tmp/bench-hj212', PII_KEY: 'ef'.repeat(32), HJ212_PORT: '0' });
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir: 'memory://' });
  await database.migrate();
  const pw = new Pii(loadMasterKey(config)).encrypt(PW, 'devices.hj212_pw');
  for (let i = 0; i < N; i += 1000) {
    await database.db.insert(devices).values(
      Array.from({ length: Math.min(1000, N - i) }, (_, k) => ({
        sn: `BENCHHJ-${i + k}`,
        type: 'dust',
        authStatus: 'authorize',
        secretHash: hashDeviceSecret(`unused-${i + k}`),
        licenceExpiresAt: new Date(Date.now() + 86_400_000),
        hj212Mn: mnOf(i + k),
        hj212Pw: pw,
      })),
    );
  }
  const app = await buildApp({ config, db: database.db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const listener = app.deviceLink.hj212!;
  const gateway = app.deviceLink.gateway;
  console.log(`HJ 212 listener on :${listener.port}; ${N} monitors, real-time data every ${RTD} s`);

  let fleet = { connects: 0, uploads: 0, acked: 0, badFrames: 0, connected: 0 };
  const child = fork(fileURLToPath(import.meta.url), ['--fleet', String(listener.port), String(N), String(RTD)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.on('message', (m) => (fleet = m as typeof fleet));
  const linkStart = performance.now();
  while (gateway.registry.size < N && performance.now() - linkStart < 180_000) await sleep(250);
  const linkSeconds = (performance.now() - linkStart) / 1000;
  console.log(`${gateway.registry.size}/${N} linked in ${linkSeconds.toFixed(1)} s; measuring for ${SECONDS} s`);

  const p0 = listener.counters.packets;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let rssPeak = 0;
  const rssTimer = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage.rss())), 500);
  await sleep(SECONDS * 1000);
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  clearInterval(rssTimer);
  const packets = listener.counters.packets - p0;

  child.send('stop');
  await new Promise((r) => child.once('exit', r));
  await sleep(1000);
  console.log(
    JSON.stringify(
      {
        monitors: N,
        rtdSeconds: RTD,
        linked: gateway.registry.size,
        linkSeconds: +linkSeconds.toFixed(1),
        packetsPerS: +(packets / wall).toFixed(1),
        serverCpuPctOfOneCore: +(((cpu.user + cpu.system) / 1e6 / wall) * 100).toFixed(1),
        serverRssPeakMB: Math.round(rssPeak / 1048576),
        uploadsSent: fleet.uploads,
        uploadsAcked: fleet.acked,
        uploadsUnanswered3sLater: fleet.uploads - fleet.acked,
        badFramesAtServer: listener.counters.badFrames,
        badFramesAtMonitors: fleet.badFrames,
        reconnects: fleet.connects - N,
        loadAverage: (await import('node:os')).loadavg().map((x) => +x.toFixed(1)),
      },
      null,
      2,
    ),
  );
  await app.close();
  await database.close();
  process.exit(0);
}
