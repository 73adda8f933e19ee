import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jpeg from 'jpeg-js';
import { FaceLibrary } from './faces.ts';
import { runCommand } from './commands.ts';
import { SimDevice } from './device.ts';

/** A face terminal's reader: who passes, who is refused, who is a stranger, and the typed commands. */
const photo = jpeg.encode({ data: Buffer.alloc(120 * 160 * 4, 128), width: 120, height: 160 }, 70).data;
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((_, res) => res.end(photo));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

const hour = 3_600_000;
const person = (personId: string, from: number, to: number) => ({
  personId,
  name: `Person ${personId}`,
  role: 'visitor' as const,
  validFrom: new Date(from).toISOString(),
  validTo: new Date(to).toISOString(),
  photo: { url: '/p.jpg', sha256: createHash('sha256').update(photo).digest('hex'), size: photo.length },
});

describe('a face shown at the terminal', () => {
  it('a held person inside the window passes with a pass event naming it; outside it is refused; unknown is a stranger', async () => {
    const lib = new FaceLibrary(() => base);
    const now = Date.now();
    const { added } = await lib.add([person('V1', now - hour, now + hour), person('V2', now + hour, now + 2 * hour)]);
    expect(added.sort()).toEqual(['V1', 'V2']);

    const ok = lib.present('V1', 'out');
    expect(ok.passed).toBe(true);
    expect(ok.event).toMatchObject({
      kind: 'pass',
      data: { personId: 'V1', personName: 'Person V1', direction: 'out', verifyMode: 'face', role: 'visitor' },
    });
    expect(lib.present('V2')).toEqual({ passed: false, reason: 'outsideWindow' });
    const stranger = lib.present('V9');
    expect(stranger).toMatchObject({ passed: false, reason: 'unknown', event: { kind: 'stranger' } });
    lib.remove(['V1']);
    expect(lib.present('V1').passed).toBe(false);
  });

  it('a member of the project (`U…`, a worker with the open-ended window) passes as a worker', async () => {
    const lib = new FaceLibrary(() => base);
    const worker = {
      ...person('U87', 0, 0),
      name: 'Zhao Gong',
      role: 'worker' as const,
      validFrom: '2000-01-01T00:00:00.000Z',
      validTo: '2037-12-31T23:59:59.000Z',
    };
    expect((await lib.add([worker])).added).toEqual(['U87']);
    expect(lib.present('U87').event).toMatchObject({
      kind: 'pass',
      data: { personId: 'U87', personName: 'Zhao Gong', role: 'worker' },
    });
  });

  it('a photo sent inside the call is kept without a download; bytes that do not match the hash are refused', async () => {
    const lib = new FaceLibrary(() => 'http://127.0.0.1:9');
    const now = Date.now();
    const inline = person('V3', now - hour, now + hour);
    const bad = person('V4', now - hour, now + hour);
    const { added, failed } = await lib.add([
      { ...inline, photo: { ...inline.photo, data: photo.toString('base64') } },
      { ...bad, photo: { ...bad.photo, data: Buffer.from('not the photo').toString('base64') } },
    ]);
    expect(added).toEqual(['V3']);
    expect(failed).toEqual([{ personId: 'V4', code: 'failed', message: 'photo does not match its sha256' }]);
    expect(lib.fetches).toBe(0);
    expect(lib.present('V3').passed).toBe(true);
  });

  it('a photo already held is not downloaded again, until no held person uses it', async () => {
    const lib = new FaceLibrary(() => base);
    const now = Date.now();
    await lib.add([person('V5', now - hour, now + hour)]);
    await lib.add([person('V6', now - hour, now + hour)]);
    expect(lib.fetches).toBe(1);
    lib.remove(['V5']);
    await lib.add([person('V7', now - hour, now + hour)]);
    expect(lib.fetches).toBe(1);
    lib.remove(['V6', 'V7']);
    await lib.add([person('V8', now - hour, now + hour)]);
    expect(lib.fetches).toBe(2);
  });

  it('the typed commands name the device and say what happened', () => {
    const face = new SimDevice({
      url: 'ws://127.0.0.1:9/gateway',
      sn: 'SIMFACE1',
      mac: '02:00:00:00:00:01',
      secret: 's',
      type: 'face',
      autoStart: false,
    });
    const dust = new SimDevice({
      url: 'ws://127.0.0.1:9/gateway',
      sn: 'SIMDUST1',
      mac: '02:00:00:00:00:02',
      secret: 's',
      type: 'dust',
      autoStart: false,
    });
    const devices = [face, dust];
    expect(runCommand('faces SIMFACE1', devices)).toBe('SIMFACE1 holds nobody');
    expect(runCommand('pass SIMFACE1 V7', devices)).toMatch(/^SIMFACE1: V7 is not held: stranger event [0-9a-f-]{36}$/);
    expect(face.pendingEvents).toBe(1);
    expect(runCommand('pass SIMDUST1 V7', devices)).toBe('SIMDUST1 is a dust, not a face terminal');
    expect(runCommand('pass NOPE V7', devices)).toBe('no device NOPE');
    expect(runCommand('pass SIMFACE1 V7 sideways', devices)).toBe('direction must be in or out, not sideways');
    expect(runCommand('dance', devices)).toBe('unknown command dance; type help');
  });
});
