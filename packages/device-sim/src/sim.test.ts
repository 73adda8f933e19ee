import { generateKeyPairSync, sign } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import jpeg from 'jpeg-js';
import {
  DEVICE_TYPES,
  TELEMETRY_FIELDS,
  eventKindOf,
  telemetryDataSchemas,
  type DeviceType,
} from '@siteops/contracts/device-protocol';
import { canonicalJson, verifyLicence, type LicenceBody } from '@siteops/contracts/licence/verify';
import { DeviceModel } from './model.ts';
import { SimShell, type ShellHost } from './shell.ts';
import { renderSnapshot } from './snapshot.ts';
import { handleWebRequest, type WebHost } from './web.ts';
import { macFor, parseTypes, simIdentity } from './fleet.ts';
import { loadLicenceDir, saveLicence } from './licences.ts';

describe('telemetry and events of every type follow the protocol', () => {
  for (const type of DEVICE_TYPES) {
    it(type, () => {
      const model = new DeviceModel(type, `TEST-${type}`, 5);
      const seenFields = new Set<string>();
      const kinds = new Set<string>();
      let t = Date.parse('2026-11-23T08:00:00Z');
      for (let i = 0; i < 2000; i++) {
        t += 5000;
        const { data, events } = model.sample(5, t);
        const parsed = telemetryDataSchemas[type].safeParse(data);
        expect(parsed.success, `${type} telemetry ${JSON.stringify(data)}: ${parsed.error?.message}`).toBe(true);
        expect(parsed.data).toEqual(data); // no field outside the contract
        Object.keys(data).forEach((k) => seenFields.add(k));
        for (const e of events) {
          const def = eventKindOf(type, e.kind);
          expect(def, `${type} event kind ${e.kind}`).toBeDefined();
          const ok = def!.data.safeParse(e.data);
          expect(ok.success, `${type} ${e.kind} ${JSON.stringify(e.data)}: ${ok.error?.message}`).toBe(true);
          kinds.add(e.kind);
        }
      }
      expect([...seenFields].sort()).toEqual(TELEMETRY_FIELDS[type].map((f) => f.key).sort());
      if (type !== 'broadcast') expect(kinds.size).toBeGreaterThan(0);
    });
  }

  it('readings drift but stay plausible', () => {
    const model = new DeviceModel('dust', 'DRIFT', 0);
    const pm = Array.from({ length: 100 }, (_, i) => model.sample(5, Date.now() + i * 5000).data.a34004 as number);
    expect(new Set(pm).size).toBeGreaterThan(50);
    for (let i = 1; i < pm.length; i++) expect(Math.abs(pm[i] - pm[i - 1])).toBeLessThan(40);
  });
});

describe('snapshot', () => {
  it('is a decodable JPEG of the asked size for every type', () => {
    for (const type of DEVICE_TYPES as readonly DeviceType[]) {
      const bytes = renderSnapshot({ type, title: 'North gate', lines: ['SN1', '2026-11-23 08:00:00'] });
      expect([bytes[0], bytes[1], bytes.at(-2), bytes.at(-1)]).toEqual([0xff, 0xd8, 0xff, 0xd9]);
      const img = jpeg.decode(bytes);
      expect([img.width, img.height]).toEqual([320, 180]);
    }
    const big = jpeg.decode(renderSnapshot({ type: 'plate', title: 'x', lines: [], width: 640, height: 360 }));
    expect(big.width).toBe(640);
  });

  it('draws the text (the overlay band is not empty)', () => {
    const plain = jpeg.decode(renderSnapshot({ type: 'gateway', title: '', lines: [] }));
    const text = jpeg.decode(renderSnapshot({ type: 'gateway', title: 'HELLO WORLD', lines: [] }));
    const bright = (d: Uint8Array) => {
      let n = 0;
      for (let y = 5; y < 20; y++) for (let x = 6; x < 140; x++) if (d[(y * 320 + x) * 4] > 180) n++;
      return n;
    };
    expect(bright(plain.data)).toBe(0);
    expect(bright(text.data)).toBeGreaterThan(100);
  });
});

describe('shell', () => {
  const host: ShellHost = {
    sn: 'SN42',
    name: 'Crane 1',
    type: 'towerCrane',
    mac: '02:00:00:00:00:42',
    ip: () => '10.0.0.42',
    uptimeS: () => 93_784,
    config: () => ({ name: 'Crane 1', timezone: 'Asia/Shanghai' }),
    versions: () => ({ version: '3.4.0' }),
    latest: () => ({ load: 2.5 }),
    pingIntervalMs: 1,
  };
  const open = () => {
    let out = '';
    let exited = '';
    const sh = new SimShell(
      host,
      (t) => (out += t),
      (r) => (exited = r),
      { cols: 80, rows: 24 },
    );
    return { sh, out: () => out, exited: () => exited };
  };

  it('prompts, echoes input and runs commands', () => {
    const s = open();
    expect(s.out()).toContain('SN42@siteops:~$ ');
    s.sh.input('echo hello  world\r');
    expect(s.out()).toContain('echo hello  world\r\nhello world\r\nSN42@siteops:~$ ');
    s.sh.input('cat config\n');
    expect(s.out()).toContain('"timezone": "Asia/Shanghai"');
    s.sh.input('ifconfig\r\n');
    expect(s.out()).toContain('HWaddr 02:00:00:00:00:42');
    expect(s.out()).toContain('inet addr:10.0.0.42');
    s.sh.input('uptime\r');
    expect(s.out()).toContain('up 1 days,  2:03');
    s.sh.input('nosuch\r');
    expect(s.out()).toContain('sh: nosuch: not found');
  });

  it('handles backspace, cursor keys, Ctrl-C and resize', () => {
    const s = open();
    s.sh.input('echo abX\x7fc\x1b[A\x1b[D\r');
    expect(s.out()).toContain('\r\nabc\r\n');
    s.sh.input('half a line\x03');
    expect(s.out()).toContain('^C\r\nSN42@siteops:~$ ');
    s.sh.resize(132, 43);
    s.sh.input('stty size\r');
    expect(s.out()).toContain('\r\n43 132\r\n');
  });

  it('pings (simulated) and exits', async () => {
    const s = open();
    s.sh.input('ping -c 3 gateway.local\r');
    // Until the summary, not a fixed wait: on a loaded machine three 1 ms timers can take longer than 50 ms.
    await vi.waitFor(() => expect(s.out()).toContain('3 packets transmitted, 3 packets received'));
    expect(s.out()).toMatch(/PING gateway\.local \([\d.]+\): 56 data bytes/);
    s.sh.input('exit\r');
    expect(s.exited()).toBe('exit');
  });
});

describe('local web page', () => {
  let config: Record<string, unknown> = { name: 'Dust 7', timezone: 'UTC' };
  const host: WebHost = {
    sn: 'SN7',
    name: () => String(config.name),
    type: 'dust',
    mac: '02:00:00:00:00:07',
    ip: () => '10.0.0.7',
    uptimeS: () => 12,
    versions: () => ({ version: '3.4.0' }),
    latest: () => ({ a34004: 35.5 }),
    config: () => config,
    setConfig: (p) => (config = { ...config, ...p }),
    snapshot: () => renderSnapshot({ type: 'dust', title: 'x', lines: [] }),
  };

  it('serves the status page with relative links, JSON, a picture, a form and 404', () => {
    const page = handleWebRequest(host, { method: 'GET', path: '/', headers: {} });
    const html = page.body.toString();
    expect(page.status).toBe(200);
    expect(html).toContain('Dust 7');
    expect(html).toContain('a34004');
    expect(html).toContain('src="snapshot.jpg"');
    expect(html).not.toMatch(/(src|href|action)="\//);
    const json = JSON.parse(
      handleWebRequest(host, { method: 'GET', path: '/status.json?x=1', headers: {} }).body.toString(),
    );
    expect(json).toMatchObject({ sn: 'SN7', readings: { a34004: 35.5 } });
    const post = handleWebRequest(host, {
      method: 'POST',
      path: '/config',
      headers: {},
      body: Buffer.from('name=%3Cb%3E'),
    });
    expect(post.status).toBe(303);
    expect(handleWebRequest(host, { method: 'GET', path: '/', headers: {} }).body.toString()).toContain('&lt;b&gt;');
    expect(handleWebRequest(host, { method: 'HEAD', path: '/', headers: {} }).body.length).toBe(0);
    expect(handleWebRequest(host, { method: 'GET', path: '/etc/passwd', headers: {} }).status).toBe(404);
    expect(handleWebRequest(host, { method: 'DELETE', path: '/', headers: {} }).status).toBe(405);
  });
});

describe('fleet identities and licences', () => {
  it('makes stable serial numbers and unique MACs', () => {
    expect(simIdentity('SIM', 'dust', 1)).toEqual({ sn: 'SIMDUST000001', mac: macFor('SIMDUST000001'), type: 'dust' });
    expect(macFor('A')).toMatch(/^02(:[0-9A-F]{2}){5}$/);
    const macs = new Set(Array.from({ length: 20_000 }, (_, i) => macFor(`SIMFACE${i}`)));
    expect(macs.size).toBe(20_000);
    expect(parseTypes('all')).toEqual([...DEVICE_TYPES]);
    expect(parseTypes('dust, face')).toEqual(['dust', 'face']);
    expect(() => parseTypes('toaster')).toThrow(/unknown device type toaster/);
  });

  it('reads licence files (type from attachInfo) and the signature checks out', () => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-lic-'));
    try {
      const issue = (sn: string, attachInfo: string | null) => {
        const licence: LicenceBody = {
          licenceId: `L-${sn}`,
          sn,
          mac: macFor(sn),
          platforms: [],
          expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
          attachInfo,
          issuedAt: new Date().toISOString(),
          deviceSecret: `secret-${sn}`,
        };
        const signature = sign(null, Buffer.from(canonicalJson(licence)), privateKey).toString('base64');
        return saveLicence(dir, { format: 'siteops-licence/1', licence, signature });
      };
      const f1 = issue('B1', '{"type":"elevator"}');
      issue('A1', 'site=north; type=plate');
      issue('C1', null);
      fs.writeFileSync(path.join(dir, 'broken.lic'), '{');
      const bad: string[] = [];
      const loaded = loadLicenceDir(dir, (f) => bad.push(path.basename(f)));
      expect(bad).toEqual(['broken.lic']);
      expect(loaded.map((l) => [l.sn, l.type, l.secret])).toEqual([
        ['A1', 'plate', 'secret-A1'],
        ['B1', 'elevator', 'secret-B1'],
        ['C1', undefined, 'secret-C1'],
      ]);
      const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
      expect(verifyLicence(fs.readFileSync(f1, 'utf8'), pem).ok).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
