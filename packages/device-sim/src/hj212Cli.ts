import { parseArgs } from 'node:util';
import { Hj212Monitor } from './hj212Monitor.ts';

export const HJ212_USAGE =
  '  siteops-sim hj212 --to HOST:PORT [options]        HJ 212-2017 dust/noise monitors over TCP';

export const HJ212_HELP = `HJ 212 options (siteops-sim hj212):
  --to HOST:PORT         the platform's HJ 212 listener
  --mn MN                the first monitor's MN (default SIMDUST + zeros + 1, 24 characters); more count up
  --pw PW                access password (default 123456)
  --count N              how many monitors (default 1)
  --rtd-seconds S        real-time (2011) interval (default 30)
  --min-minutes M        minute-data (2051) interval (default 1)
  --flag F               data flag of every value: N normal (default), M maintenance, C calibration...
  --no-ack               upload with Flag=4 (no 9014 asked)`;

/** The MN of monitor `i`: the first one's trailing number counted up, the width kept. */
export function nthMn(first: string, i: number): string {
  const m = /^(.*?)(\d+)$/.exec(first);
  if (!m) return i === 0 ? first : `${first}${i}`;
  return m[1] + String(Number(m[2]) + i).padStart(m[2].length, '0');
}

/** `siteops-sim hj212 ...`: run monitors until interrupted, printing their counters now and then. */
export async function runHj212(argv: string[], fail: (message: string) => never) {
  const { values } = parseArgs({
    args: argv,
    options: {
      to: { type: 'string' },
      mn: { type: 'string', default: 'SIMDUST00000000000000001' },
      pw: { type: 'string', default: '123456' },
      count: { type: 'string', default: '1' },
      'rtd-seconds': { type: 'string', default: '30' },
      'min-minutes': { type: 'string', default: '1' },
      flag: { type: 'string', default: 'N' },
      'no-ack': { type: 'boolean', default: false },
    },
  });
  const to = /^(.+):(\d+)$/.exec(values.to ?? '');
  if (!to) fail(`--to HOST:PORT is required\n\n${HJ212_USAGE}\n\n${HJ212_HELP}`);
  const whole = (name: 'count' | 'rtd-seconds' | 'min-minutes') => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < 1) fail(`--${name} must be a whole number from 1`);
    return n;
  };
  const count = whole('count');
  const rtdIntervalS = whole('rtd-seconds');
  const minIntervalMin = whole('min-minutes');
  const monitors = Array.from(
    { length: count },
    (_, i) =>
      new Hj212Monitor({
        host: to[1],
        port: Number(to[2]),
        mn: nthMn(values.mn, i),
        pw: values.pw,
        rtdIntervalS,
        minIntervalMin,
        dataFlag: values.flag,
        ack: !values['no-ack'],
      }),
  );
  const stats = setInterval(() => {
    const sum = (k: keyof Hj212Monitor['counters']) => monitors.reduce((n, m) => n + m.counters[k], 0);
    const up = monitors.filter((m) => m.connected).length;
    console.log(
      `[hj212 ${new Date().toTimeString().slice(0, 8)}] ${up}/${count} connected | uploads ${sum('uploads')},` +
        ` acked ${sum('acked')} | commands ${sum('commands')} | bad frames ${sum('badFrames')}`,
    );
  }, 10_000);
  await new Promise<void>((resolve) => process.once('SIGINT', resolve));
  clearInterval(stats);
  await Promise.all(monitors.map((m) => m.stop()));
}
