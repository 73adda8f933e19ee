import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CN,
  Hj212Receiver,
  encodePacket,
  getRtdInterval,
  getTime,
  parseHjTime,
  setMinInterval,
  setRtdInterval,
  setTime,
  toDustReading,
  type Hj212Packet,
} from '@siteops/contracts/hj212';
import { TELEMETRY_FIELDS } from '@siteops/contracts/device-protocol';
import { nthMn } from './hj212Cli.ts';
import { Hj212Monitor } from './hj212Monitor.ts';

const MN = 'SIMDUST00000000000000001';
const PW = '123456';
const unit = { st: '22', pw: PW, mn: MN };

/** A platform stand-in: reads what the monitor sends with the contracts' receiver, acks uploads. */
class FakePlatform {
  readonly packets: Hj212Packet[] = [];
  readonly rx = new Hj212Receiver();
  readonly server = net.createServer((s) => this.#accept(s));
  socket?: net.Socket;
  ack = true;

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as net.AddressInfo).port;
  }

  send(p: Hj212Packet | string) {
    this.socket!.write(typeof p === 'string' ? p : encodePacket(p));
  }

  /** The packets with this CN (and QN, when given). */
  of(cn: string, qn?: string): Hj212Packet[] {
    return this.packets.filter((p) => p.cn === cn && (qn === undefined || p.qn === qn));
  }

  async close() {
    this.socket?.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }

  #accept(s: net.Socket) {
    this.socket = s;
    s.on('data', (chunk) => {
      const got = this.rx.push(chunk);
      if (got.errors.length > 0) throw new Error(`monitor sent bad frames: ${JSON.stringify(got.errors)}`);
      this.packets.push(...got.packets);
      if (this.ack) for (const a of got.answers) this.send(a);
    });
  }
}

async function until(what: string, check: () => boolean, ms = 5_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

let cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

async function setUp(opts: { dataFlag?: string } = {}) {
  const platform = new FakePlatform();
  const port = await platform.listen();
  // One monitor second is 10 ms: real-time every 20 ms, minute data every 600 ms.
  const monitor = new Hj212Monitor({ host: '127.0.0.1', port, mn: MN, pw: PW, rtdIntervalS: 2, secondMs: 10, ...opts });
  cleanup.push(
    () => platform.close(),
    () => monitor.stop(),
  );
  await until('the connection', () => platform.socket !== undefined && monitor.connected);
  return { platform, monitor };
}

describe('HJ 212 monitor', () => {
  it('uploads 2011 and 2051 frames that the codec decodes, with every dust field, and counts 9014 acks', async () => {
    const { platform, monitor } = await setUp({ dataFlag: 'M' });
    await until('a minute upload', () => platform.of(CN.minute).length >= 1);
    const realtime = platform.of(CN.realtime);
    expect(realtime.length).toBeGreaterThan(5);
    expect(Object.values(platform.rx.decoder.errors).every((n) => n === 0)).toBe(true);
    const dustKeys = TELEMETRY_FIELDS.dust.map((f) => f.key).sort();
    for (const p of [...realtime, ...platform.of(CN.minute)]) {
      expect(p).toMatchObject({ st: '22', pw: PW, mn: MN, flag: 5 });
      expect(p.qn).toMatch(/^\d{17}$/);
      expect(parseHjTime(p.cp.dataTime ?? '')).not.toBeNull();
      expect(Object.keys(p.cp.values).sort()).toEqual(dustKeys);
      for (const v of Object.values(p.cp.values)) expect(v.Flag).toBe('M');
    }
    const rt = toDustReading(realtime[0].cp).data;
    expect(rt.a34002).toBeGreaterThan(rt.a34004);
    expect(rt.LA).toBeGreaterThan(30);
    const minute = platform.of(CN.minute)[0];
    for (const v of Object.values(minute.cp.values)) {
      expect(v.Min).toBeLessThanOrEqual(v.Avg! + 0.05);
      expect(v.Avg).toBeLessThanOrEqual(v.Max! + 0.05);
    }
    const qns = platform.packets.map((p) => p.qn);
    expect(new Set(qns).size).toBe(qns.length);
    const received = platform.packets.length;
    await until('the acks', () => monitor.counters.acked >= received);
    expect(monitor.counters.uploads).toBeGreaterThanOrEqual(received);
  });

  it('without acks from the server, none are counted', async () => {
    const { platform, monitor } = await setUp();
    platform.ack = false;
    const before = monitor.counters.acked;
    await until('uploads', () => platform.of(CN.realtime).length > 3);
    expect(monitor.counters.acked).toBe(before);
  });

  it('answers the interval commands with 9011, the reply, 9012, and follows the new interval', async () => {
    const { platform, monitor } = await setUp();
    const set = setRtdInterval(unit, 5, { qn: '20261129120000001' });
    platform.send(set);
    await until('9012 to 1062', () => platform.of(CN.executionResult, set.qn).length === 1);
    expect(platform.of(CN.requestAnswer, set.qn)[0].cp.other).toEqual({ QnRtn: '1' });
    expect(platform.of(CN.executionResult, set.qn)[0].cp.other).toEqual({ ExeRtn: '1' });
    expect(monitor.rtdIntervalS).toBe(5);

    const get = getRtdInterval(unit, { qn: '20261129120000002' });
    platform.send(get);
    await until('9012 to 1061', () => platform.of(CN.executionResult, get.qn).length === 1);
    const sequence = platform.packets.filter((p) => p.qn === get.qn).map((p) => p.cn);
    expect(sequence).toEqual([CN.requestAnswer, CN.getRtdInterval, CN.executionResult]);
    expect(platform.of(CN.getRtdInterval, get.qn)[0].cp.other).toEqual({ RtdInterval: '5' });

    // The 2011s now come every 5 monitor seconds (50 ms), not every 2.
    const from = platform.of(CN.realtime).length;
    await new Promise((r) => setTimeout(r, 400));
    expect(platform.of(CN.realtime).length - from).toBeLessThanOrEqual(10);

    const bad = setMinInterval(unit, 0, { qn: '20261129120000003' });
    platform.send(bad);
    await until('9012 to 1064', () => platform.of(CN.executionResult, bad.qn).length === 1);
    expect(platform.of(CN.executionResult, bad.qn)[0].cp.other).toEqual({ ExeRtn: '3' });
    expect(monitor.minIntervalMin).toBe(1);
  });

  it('sets and reads its clock (1012, 1011)', async () => {
    const { platform, monitor } = await setUp();
    const at = Date.parse('2030-01-01T00:00:00Z');
    const set = setTime(unit, at, { qn: '20261129120000004' });
    platform.send(set);
    await until('9012 to 1012', () => platform.of(CN.executionResult, set.qn).length === 1);
    expect(Math.abs(monitor.now() - at)).toBeLessThan(2_000);

    const get = getTime(unit, { qn: '20261129120000005' });
    platform.send(get);
    await until('the 1011 reply', () => platform.of(CN.getTime, get.qn).length === 1);
    const reported = parseHjTime(platform.of(CN.getTime, get.qn)[0].cp.other.SystemTime)!;
    expect(Math.abs(reported.getTime() - at)).toBeLessThan(2_000);
    // The uploads' DataTime follows the clock it was given.
    await until('an upload on the new clock', () =>
      platform.of(CN.realtime).some((p) => parseHjTime(p.cp.dataTime!)!.getTime() >= at),
    );
  });

  it('refuses a wrong password or an unknown command, and counts frames it cannot read', async () => {
    const { platform, monitor } = await setUp();
    const wrong = setRtdInterval({ ...unit, pw: '000000' }, 60, { qn: '20261129120000006' });
    platform.send(wrong);
    await until('9011 to the wrong password', () => platform.of(CN.requestAnswer, wrong.qn).length === 1);
    expect(platform.of(CN.requestAnswer, wrong.qn)[0].cp.other).toEqual({ QnRtn: '3' });
    expect(platform.of(CN.executionResult, wrong.qn)).toEqual([]);
    expect(monitor.rtdIntervalS).toBe(2);

    const unknown = { ...getTime(unit, { qn: '20261129120000007' }), cn: '3020' };
    platform.send(unknown);
    await until('9011 to 3020', () => platform.of(CN.requestAnswer, unknown.qn).length === 1);
    expect(platform.of(CN.requestAnswer, unknown.qn)[0].cp.other).toEqual({ QnRtn: '8' });
    const inherited = { ...getTime(unit, { qn: '20261129120000009' }), cn: 'constructor' };
    platform.send(inherited);
    await until('9011 to "constructor"', () => platform.of(CN.requestAnswer, inherited.qn).length === 1);
    expect(platform.of(CN.requestAnswer, inherited.qn)[0].cp.other).toEqual({ QnRtn: '8' });

    platform.send('garbage\r\n##0010xxxxxxxxxx0000\r\n');
    await until('the bad frames counted', () => monitor.counters.badFrames === 2);
    // And the link still works.
    const get = getRtdInterval(unit, { qn: '20261129120000008' });
    platform.send(get);
    await until('9012 after the bad frames', () => platform.of(CN.executionResult, get.qn).length === 1);
  });

  it('reconnects when the server drops the link', async () => {
    const { platform, monitor } = await setUp();
    const first = platform.socket!;
    first.destroy();
    await until('a second connection', () => monitor.counters.connects === 2 && platform.socket !== first, 10_000);
  });
});

describe('siteops-sim hj212', () => {
  it('numbers the monitors by counting up the MN, its width kept', () => {
    expect(nthMn('SIMDUST00000000000000001', 0)).toBe('SIMDUST00000000000000001');
    expect(nthMn('SIMDUST00000000000000001', 9)).toBe('SIMDUST00000000000000010');
    expect(nthMn('ABC', 2)).toBe('ABC2');
  });
});
