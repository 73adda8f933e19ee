// The device simulator's command line: `node --import tsx packages/device-sim/src/cli.ts --help`.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { verifyLicence } from '@siteops/contracts/licence/verify';
import type { DeviceType } from '@siteops/contracts/device-protocol';
import { SimFleet, parseTypes, simIdentity, type FleetDevice, type FleetStats } from './fleet.ts';
import { RegisterError, grantLicences, loadLicenceDir, saveLicence } from './licences.ts';
import { playLine } from './speaker.ts';
import { COMMANDS_HELP, runCommand } from './commands.ts';
import readline from 'node:readline';
import { UPGRADE_FLAGS_HELP, UPGRADE_FLAG_OPTIONS, parseUpgradeFlags } from './upgradeFlags.ts';
import { HJ212_HELP, HJ212_USAGE, runHj212 } from './hj212Cli.ts';
import { Hj212Monitor } from './hj212Monitor.ts';
import { hj212IdentityOf, registerHj212Identities } from './hj212Identity.ts';

const HELP = `SiteOps device simulator: devices of every type speaking docs/device-protocol.md.

Usage:
  siteops-sim --licences DIR [options]              run the devices whose licence files (<sn>.lic) are in DIR
  siteops-sim --register [--licences DIR] [options] grant licences through the API first, then run
  siteops-sim verify --key PUBLIC.pem FILE.lic...   check licence files offline
${HJ212_USAGE}

Options:
  --url URL              gateway (default ws://localhost:8080/gateway)
  --transport T          ws (default), mqtt, hj212 (dust monitors over HJ 212-2017, the rest over
                         WebSocket), or mixed (every other device over MQTT, the other dust monitors
                         over HJ 212)
  --mqtt URL             the MQTT broker for --transport mqtt|mixed (default mqtt://<--url's host>:1884)
  --hj212 HOST:PORT      the HJ 212 listener for --transport hj212|mixed (default <--url's host>:9212).
                         A monitor's MN is its serial number, its PW six digits from its secret; with
                         API credentials they are entered on the device records, else printed
  --count N              how many devices (default: all licences in DIR; with --register 9)
  --types LIST           all, or a comma list of: face,dust,broadcast,aiBox,towerCrane,elevator,
                         towerElevatorFace,plate,gateway (default all). Types are dealt round-robin;
                         a licence whose attachInfo names a type ({"type":"dust"} or type=dust) keeps it.
  --licences DIR         licence directory (with --register default ./sim-licences; granted ones are saved there)
  --register             grant missing licences with POST /api/device/grant (needs the device registry API)
  --api URL              API base for --register (default: --url with http(s) and no path)
  --token TOKEN          admin bearer token (or env SITEOPS_TOKEN), or:
  --admin NAME:PASS      admin login and password in one (e.g. admin:Secret123), or:
  --username NAME        admin login (default admin) with --password PASS (or env SITEOPS_PASSWORD)
  --prefix P             serial number prefix of registered devices (default SIM: SIMDUST000001)
  --telemetry-seconds S  telemetry period (default 5)
  --event-rate X         multiplies the chance of events (default 1; 0 none)
  --no-pictures          events without pictures
  --connect-rate N       new connections per second while starting (default 200)
  --stats-seconds N      print metrics every N seconds (default 10; 0 never)
  --verbose              log every device's connection events
  -h, --help

${UPGRADE_FLAGS_HELP}

${COMMANDS_HELP}

${HJ212_HELP}
`;

function fail(message: string, code = 2): never {
  console.error(`siteops-sim: ${message}`);
  process.exit(code);
}

async function verify(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { key: { type: 'string' } },
    allowPositionals: true,
  });
  if (!values.key || positionals.length === 0) fail('usage: siteops-sim verify --key PUBLIC.pem FILE.lic...');
  const key = fs.readFileSync(values.key, 'utf8');
  let bad = 0;
  for (const file of positionals) {
    const r = verifyLicence(fs.readFileSync(file, 'utf8'), key);
    if (r.ok) console.log(`${file}: valid, sn ${r.licence.sn}, expires ${r.licence.expiresAt}`);
    else {
      bad++;
      console.log(`${file}: ${r.reason}`);
    }
  }
  process.exit(bad ? 1 : 0);
}

/** `--admin name:password` (the password may contain `:`), else `--username` / `--password`. */
function adminLogin(admin: string | undefined, username: string, password: string | undefined) {
  if (admin === undefined) return { username, password };
  const colon = admin.indexOf(':');
  if (colon <= 0) fail('--admin must be NAME:PASSWORD');
  return { username: admin.slice(0, colon), password: admin.slice(colon + 1) };
}

function monitorLine(monitors: Hj212Monitor[]) {
  const sum = (k: keyof Hj212Monitor['counters']) => monitors.reduce((n, m) => n + m.counters[k], 0);
  const up = monitors.filter((m) => m.connected).length;
  return `  hj212: ${up}/${monitors.length} connected | uploads ${sum('uploads')}, acked ${sum('acked')} | bad frames ${sum('badFrames')}`;
}

function rate(now: number, prev: number, seconds: number) {
  return ((now - prev) / seconds).toFixed(1);
}

function line(s: FleetStats, prev: FleetStats | undefined, seconds: number) {
  const st = s.states;
  const refused = Object.entries(s.refused)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const p = prev ?? s;
  return (
    `[sim ${new Date().toTimeString().slice(0, 8)}] links ${st.up}/${s.total} up` +
    `, ${st.connecting + st.authing} connecting, ${st.waiting} waiting${refused ? ` (refused: ${refused})` : ''}` +
    (st.rebooting ? `, ${st.rebooting} rebooting` : '') +
    ` | out ${rate(s.messagesOut, p.messagesOut, seconds)} msg/s (telemetry ${rate(s.telemetry, p.telemetry, seconds)}/s,` +
    ` events ${rate(s.events, p.events, seconds)}/s), in ${rate(s.messagesIn, p.messagesIn, seconds)} msg/s` +
    ` | rpcs ${s.rpcs}`
  );
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv[0] === 'verify') return verify(argv.slice(1));
  if (argv[0] === 'hj212') return runHj212(argv.slice(1), fail);
  if (argv[0] === 'run') argv.shift();
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        url: { type: 'string', default: 'ws://localhost:8080/gateway' },
        transport: { type: 'string', default: 'ws' },
        mqtt: { type: 'string' },
        hj212: { type: 'string' },
        count: { type: 'string' },
        types: { type: 'string', default: 'all' },
        licences: { type: 'string' },
        register: { type: 'boolean', default: false },
        api: { type: 'string' },
        token: { type: 'string' },
        admin: { type: 'string' },
        username: { type: 'string', default: 'admin' },
        password: { type: 'string' },
        prefix: { type: 'string', default: 'SIM' },
        'telemetry-seconds': { type: 'string', default: '5' },
        'event-rate': { type: 'string', default: '1' },
        'no-pictures': { type: 'boolean', default: false },
        'connect-rate': { type: 'string', default: '200' },
        'stats-seconds': { type: 'string', default: '10' },
        verbose: { type: 'boolean', default: false },
        ...UPGRADE_FLAG_OPTIONS,
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (err) {
    fail(`${(err as Error).message}\n\n${HELP}`);
  }
  if (values.help) {
    console.log(HELP);
    return;
  }
  let types: DeviceType[];
  try {
    types = parseTypes(values.types);
  } catch (err) {
    fail((err as Error).message);
  }
  const num = (name: string, v: string | undefined, min = 0) => {
    const n = Number(v);
    if (!Number.isFinite(n) || n < min) fail(`--${name} must be a number >= ${min}`);
    return n;
  };
  let upgrade: ReturnType<typeof parseUpgradeFlags>;
  try {
    upgrade = parseUpgradeFlags(values);
  } catch (err) {
    fail((err as Error).message);
  }
  const count = values.count !== undefined ? num('count', values.count, 1) : undefined;
  if (!values.licences && !values.register) fail(`give --licences DIR or --register\n\n${HELP}`);
  const dir = values.licences ?? './sim-licences';

  const have = loadLicenceDir(dir, (file, why) => console.warn(`siteops-sim: skipping ${file}: ${why}`));
  const api = values.api ?? values.url.replace(/^ws/, 'http').replace(/^(https?:\/\/[^/]+).*$/, '$1');
  if (!['ws', 'mqtt', 'hj212', 'mixed'].includes(values.transport))
    fail('--transport must be ws, mqtt, hj212 or mixed');
  const mqttUrl = values.mqtt ?? `mqtt://${new URL(values.url).hostname}:1884`;
  const overMqtt = (i: number) => values.transport === 'mqtt' || (values.transport === 'mixed' && i % 2 === 1);
  const overHj212 = (d: FleetDevice, i: number) =>
    d.type === 'dust' && (values.transport === 'hj212' || (values.transport === 'mixed' && i % 2 === 0));
  const hj212To = /^(.+):(\d+)$/.exec(values.hj212 ?? `${new URL(values.url).hostname}:9212`);
  if (!hj212To) fail('--hj212 must be HOST:PORT');
  let devices: FleetDevice[];
  if (values.register) {
    const wanted = Array.from({ length: count ?? 9 }, (_, i) =>
      simIdentity(values.prefix, types[i % types.length], Math.floor(i / types.length) + 1),
    );
    const bySn = new Map(have.map((l) => [l.sn, l]));
    const missing = wanted.filter((w) => !bySn.has(w.sn));
    if (missing.length) {
      console.log(`siteops-sim: granting ${missing.length} licences through ${api} (saved in ${dir})`);
      try {
        await grantLicences(
          missing,
          {
            api,
            token: values.token ?? process.env.SITEOPS_TOKEN,
            ...adminLogin(values.admin, values.username, values.password ?? process.env.SITEOPS_PASSWORD),
          },
          (l) => {
            saveLicence(dir, l);
            bySn.set(l.licence.sn, {
              sn: l.licence.sn,
              mac: l.licence.mac,
              secret: l.licence.deviceSecret,
              file: '',
            });
          },
        );
      } catch (err) {
        if (err instanceof RegisterError) fail(err.message);
        fail(`could not reach the API: ${(err as Error).message}`);
      }
    }
    devices = wanted.map((w) => {
      const l = bySn.get(w.sn)!;
      return { sn: w.sn, mac: l.mac, secret: l.secret, type: w.type };
    });
  } else {
    if (have.length === 0) fail(`no licence files (*.lic) in ${dir}; use --register to grant some`);
    const chosen = have.slice(0, count ?? have.length);
    if (count !== undefined && chosen.length < count) {
      console.warn(`siteops-sim: only ${chosen.length} licences in ${dir}, running ${chosen.length} devices`);
    }
    devices = chosen.map((l, i) => ({
      sn: l.sn,
      mac: l.mac,
      secret: l.secret,
      type: l.type ?? types[i % types.length],
    }));
  }

  const monitorDevices = devices
    .filter(overHj212)
    .map((d) => ({ sn: d.sn, identity: hj212IdentityOf(d.sn, d.secret) }));
  if (monitorDevices.length) {
    const credentials = values.token ?? process.env.SITEOPS_TOKEN ?? values.admin ?? values.password;
    if (values.register || credentials) {
      try {
        await registerHj212Identities(monitorDevices, {
          api,
          token: values.token ?? process.env.SITEOPS_TOKEN,
          ...adminLogin(values.admin, values.username, values.password ?? process.env.SITEOPS_PASSWORD),
        });
      } catch (err) {
        fail(`HJ 212 monitors: ${(err as Error).message}`);
      }
    } else {
      console.log(
        'siteops-sim: enter these on the dust devices (HJ 212 MN / password) for their monitors to be accepted:',
      );
      for (const m of monitorDevices) console.log(`  ${m.sn}  MN ${m.identity.mn}  PW ${m.identity.pw}`);
    }
  }
  const telemetryMs = num('telemetry-seconds', values['telemetry-seconds']) * 1000;
  const monitors = monitorDevices.map(
    ({ identity }) =>
      new Hj212Monitor({
        host: hj212To[1],
        port: Number(hj212To[2]),
        mn: identity.mn,
        pw: identity.pw,
        rtdIntervalS: Math.max(1, Math.round(telemetryMs / 1000)),
      }),
  );

  const verbose = values.verbose;
  const fleet = new SimFleet({
    url: values.url,
    httpUrl: api,
    devices: devices.flatMap((d, i) => (overHj212(d, i) ? [] : [overMqtt(i) ? { ...d, url: mqttUrl } : d])),
    telemetryMs,
    eventRate: num('event-rate', values['event-rate']),
    pictures: !values['no-pictures'],
    connectRate: num('connect-rate', values['connect-rate'], 1),
    log: verbose ? (m) => console.log(m) : undefined,
  });
  if (upgrade.fault) {
    const faulty = fleet.devices.slice(0, upgrade.faulty ?? fleet.devices.length);
    for (const d of faulty) d.upgradeFault = upgrade.fault;
    console.log(`siteops-sim: ${faulty.length} devices fail upgrades (${upgrade.fault})`);
  }
  const counts = new Map<string, number>();
  for (const d of devices) counts.set(d.type, (counts.get(d.type) ?? 0) + 1);
  console.log(
    `siteops-sim: ${devices.length} devices (${[...counts].map(([t, n]) => `${n} ${t}`).join(', ')}) -> ${values.url}`,
  );
  if (!verbose) {
    // Say once why a device is refused: that is what someone starting the simulator needs to read.
    const told = new Set<string>();
    for (const d of fleet.devices) {
      d.on('refused', ({ reason, message }) => {
        if (told.has(reason)) return;
        told.add(reason);
        console.warn(
          `siteops-sim: ${d.sn} refused: ${reason} (${message}); further refusals are counted in the metrics`,
        );
      });
      d.on('socketError', (err) => {
        if (told.has(err.message)) return;
        told.add(err.message);
        console.warn(`siteops-sim: ${d.sn} cannot connect: ${err.message} (retrying with backoff)`);
      });
    }
  }
  // What the speakers play is what someone watching a campaign wants to see, verbose or not.
  for (const d of fleet.devices) d.on('played', (p) => console.log(`siteops-sim: ${playLine(d.sn, p)}`));
  for (const d of fleet.devices) {
    d.on('relay', (r) => console.log(`siteops-sim: ${r.at} ${d.sn} relay output ${r.output} ${r.on ? 'on' : 'off'}`));
  }
  await fleet.start();
  // Typed commands (pass, faces): what a person at a gate does, by hand.
  readline.createInterface({ input: process.stdin }).on('line', (l) => {
    const out = runCommand(l, fleet.devices);
    if (out) console.log(out);
  });

  const every = num('stats-seconds', values['stats-seconds']);
  let prev: FleetStats | undefined = fleet.stats();
  const ticker =
    every > 0
      ? setInterval(() => {
          const s = fleet.stats();
          console.log(line(s, prev, every));
          if (monitors.length) console.log(monitorLine(monitors));
          prev = s;
        }, every * 1000)
      : undefined;

  let stopping = false;
  const stop = async () => {
    if (stopping) process.exit(1);
    stopping = true;
    clearInterval(ticker);
    console.log('siteops-sim: stopping');
    await Promise.all([fleet.stop(), ...monitors.map((m) => m.stop())]);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
