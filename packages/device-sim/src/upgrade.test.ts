import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimUpgrade, type UpgradeFault, type UpgradeHost } from './upgrade.ts';
import { parseUpgradeFlags } from './upgradeFlags.ts';

describe('upgrade fault flags', () => {
  it('map each step to its fault, and hang and interrupt to theirs', () => {
    expect(parseUpgradeFlags({})).toEqual({ fault: undefined, faulty: undefined });
    expect(parseUpgradeFlags({ 'upgrade-fail': 'download' }).fault).toBe('breakDownload');
    expect(parseUpgradeFlags({ 'upgrade-fail': 'verify' }).fault).toBe('corrupt');
    expect(parseUpgradeFlags({ 'upgrade-fail': 'install' }).fault).toBe('refuseInstall');
    expect(parseUpgradeFlags({ 'upgrade-fail': 'reboot' }).fault).toBe('oldVersion');
    expect(parseUpgradeFlags({ 'upgrade-hang': true }).fault).toBe('hang');
    expect(parseUpgradeFlags({ 'upgrade-interrupt': true }).fault).toBe('cutDownload');
    expect(parseUpgradeFlags({ 'upgrade-hang': true, 'upgrade-faulty': '3' })).toEqual({ fault: 'hang', faulty: 3 });
  });

  it('refuse an unknown step, two faults at once and a bad or lone device count, saying why', () => {
    expect(() => parseUpgradeFlags({ 'upgrade-fail': 'flash' })).toThrow(
      '--upgrade-fail must be one of download, verify, install, reboot (got "flash")',
    );
    expect(() => parseUpgradeFlags({ 'upgrade-fail': 'toString' })).toThrow('must be one of');
    expect(() => parseUpgradeFlags({ 'upgrade-fail': 'install', 'upgrade-hang': true })).toThrow('at most one');
    expect(() => parseUpgradeFlags({ 'upgrade-hang': true, 'upgrade-faulty': '-1' })).toThrow('whole number');
    expect(() => parseUpgradeFlags({ 'upgrade-hang': true, 'upgrade-faulty': '2.5' })).toThrow('whole number');
    expect(() => parseUpgradeFlags({ 'upgrade-faulty': '2' })).toThrow('needs --upgrade-fail');
  });
});

/** A firmware server with Range support, as the real one (send.ts), over loopback. */
const firmware = randomBytes(256 * 1024);
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const m = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const start = m ? Number(m[1]) : 0;
    res.writeHead(m ? 206 : 200, {
      'content-length': String(firmware.length - start),
      ...(m && { 'content-range': `bytes ${start}-${firmware.length - 1}/${firmware.length}` }),
    });
    res.end(firmware.subarray(start));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/gateway`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** Run one upgrade job with `fault`; answers what the device reported and whether (into what) it rebooted. */
async function runJob(fault: UpgradeFault | undefined) {
  const reports: { state: string; reason?: string; percent?: number }[] = [];
  let rebootedInto: string | undefined | null = null;
  const host: UpgradeHost = {
    gatewayUrl: base,
    fault: () => fault,
    report: (p) => reports.push(p),
    reboot: (v) => (rebootedInto = v),
    log: () => {},
  };
  const job = new SimUpgrade(
    {
      jobId: 'job-1',
      url: '/fw.bin',
      size: firmware.length,
      checkType: 'SHA256',
      checkSum: createHash('sha256').update(firmware).digest('hex'),
      version: '9.9.9',
    },
    host,
  );
  await job.run();
  return { reports, states: reports.map((r) => r.state), rebootedInto, rangeStarts: job.rangeStarts };
}

const failure = (r: Awaited<ReturnType<typeof runJob>>) => r.reports.find((x) => x.state === 'failed')?.reason;

describe('a simulated device upgrading', () => {
  it('without a fault downloads, verifies, installs and reboots into the new version', async () => {
    const r = await runJob(undefined);
    expect(r.states.slice(-3)).toEqual(['verifying', 'installing', 'rebooting']);
    expect(r.rebootedInto).toBe('9.9.9');
  });

  it('--upgrade-fail download: the download breaks every time and it gives up, never rebooting', async () => {
    const r = await runJob('breakDownload');
    expect(failure(r)).toBe('download');
    expect(r.rangeStarts.length).toBe(5);
    expect(r.states).not.toContain('verifying');
    expect(r.rebootedInto).toBeNull();
  });

  it('--upgrade-fail verify: the checksum does not match', async () => {
    const r = await runJob('corrupt');
    expect(r.states.slice(-2)).toEqual(['verifying', 'failed']);
    expect(failure(r)).toBe('checksum');
    expect(r.rebootedInto).toBeNull();
  });

  it('--upgrade-fail install: the installer refuses', async () => {
    const r = await runJob('refuseInstall');
    expect(r.states.slice(-2)).toEqual(['installing', 'failed']);
    expect(failure(r)).toBe('install');
    expect(r.rebootedInto).toBeNull();
  });

  it('--upgrade-fail reboot: it reboots but comes back on the version it had', async () => {
    const r = await runJob('oldVersion');
    expect(r.states.at(-1)).toBe('rebooting');
    expect(failure(r)).toBeUndefined();
    expect(r.rebootedInto).toBeUndefined();
  });

  it('--upgrade-hang: says it started downloading, then nothing', async () => {
    const r = await runJob('hang');
    await new Promise((res) => setTimeout(res, 200));
    expect(r.reports).toEqual([{ state: 'downloading', percent: 0 }]);
    expect(r.rebootedInto).toBeNull();
  });

  it('--upgrade-interrupt: the download breaks once, resumes with a Range request and succeeds', async () => {
    const r = await runJob('cutDownload');
    expect(r.rangeStarts).toEqual([0, Math.floor(firmware.length * 0.4)]);
    expect(failure(r)).toBeUndefined();
    expect(r.rebootedInto).toBe('9.9.9');
  });
});
