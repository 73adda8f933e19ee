import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import jpeg from 'jpeg-js';
import { createSimDevice, type SimDevice, type SimDeviceOptions } from '@siteops/device-sim/device';
import { CloseCode, type DeviceType } from '@siteops/contracts/device-protocol';
import { quietSim, startTestGateway, until, type TestGateway } from './testkit.ts';
import { RpcError } from './types.ts';

const HEARTBEAT_MS = 200;

let gw: TestGateway;
const sims: SimDevice[] = [];
let counter = 0;

beforeAll(async () => {
  gw = await startTestGateway({ heartbeatSeconds: HEARTBEAT_MS / 1000 });
});

afterEach(async () => {
  await Promise.all(sims.splice(0).map((s) => s.stop()));
});

afterAll(async () => {
  await gw?.close();
});

/** Register a device in the directory and start a simulated one with its licence secret. */
function device(type: DeviceType = 'dust', extra: Partial<SimDeviceOptions> & { register?: boolean } = {}) {
  const n = ++counter;
  const sn = `T${type.toUpperCase()}${String(n).padStart(4, '0')}`;
  const mac = `02:00:00:00:${String(Math.floor(n / 100)).padStart(2, '0')}:${String(n % 100).padStart(2, '0')}`;
  const secret = randomUUID();
  const record = extra.register === false ? undefined : gw.directory.add({ sn, mac, type, secret });
  const sim = createSimDevice({
    url: gw.url,
    sn,
    mac,
    secret,
    type,
    telemetryMs: 0,
    eventRate: 0,
    retryScale: 1,
    backoffBaseMs: 50,
    backoffMaxMs: 200,
    rebootMs: 100,
    pingIntervalMs: 20,
    ...extra,
  });
  sims.push(sim);
  return { sim, id: record?.id ?? -1, sn, mac, secret };
}

async function linked(type: DeviceType = 'dust', extra: Partial<SimDeviceOptions> = {}) {
  const d = device(type, extra);
  await d.sim.waitFor('up', 10_000);
  return d;
}

async function rpcError(p: Promise<unknown>): Promise<RpcError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(RpcError);
    return err as RpcError;
  }
  throw new Error('expected the call to fail');
}

describe('presence', () => {
  it('a device that connects is online within 1 s, in the events and in the presence sink', async () => {
    const started = Date.now();
    const { sim, id } = device('dust');
    const online = await gw.waitFor('online', id, 1_000);
    expect(online.at - started).toBeLessThan(1_000);
    await sim.waitFor('up', 10_000);
    expect(online.body).toMatchObject({
      deviceId: id,
      type: 'dust',
      ip: '127.0.0.1',
      instanceId: gw.gateway.instanceId,
    });
    expect(sim.state).toBe('up');
    expect(sim.heartbeatSeconds).toBe(HEARTBEAT_MS / 1000);
    expect(gw.gateway.isOnline(id)).toBe(true);
    const row = await until(() => gw.presence.state.get(id), 1_000, 'presence row');
    expect(row).toMatchObject({ online: true, ip: '127.0.0.1', versions: sim.versions });
  });

  it('a killed device (connection cut) is offline at once', async () => {
    const { sim, id } = await linked();
    const killedAt = Date.now();
    sim.kill();
    const offline = await gw.waitFor('offline', id, 2 * HEARTBEAT_MS);
    expect(offline.at - killedAt).toBeLessThan(2 * HEARTBEAT_MS);
    expect(offline.body).toMatchObject({ reason: 'closed' });
    expect(gw.gateway.isOnline(id)).toBe(false);
    await until(() => gw.presence.state.get(id)?.online === false, 1_000, 'presence offline');
  });

  it('a hung device (socket open, silent) is offline after two missed heartbeats, not before', async () => {
    const { sim, id } = await linked();
    // Freeze right after a heartbeat, so "two missed intervals" starts now.
    const sent = sim.counters.heartbeats;
    await until(() => sim.counters.heartbeats > sent, 2 * HEARTBEAT_MS, 'a heartbeat');
    const frozenAt = Date.now();
    sim.freeze();
    const offline = await gw.waitFor('offline', id, 4 * HEARTBEAT_MS);
    const elapsed = offline.at - frozenAt;
    expect(offline.body).toMatchObject({ reason: 'heartbeatTimeout' });
    expect(elapsed).toBeGreaterThanOrEqual(2 * HEARTBEAT_MS - 30);
    // Two intervals from the last heartbeat, plus one sweep (interval / 4) and scheduling slack.
    expect(elapsed).toBeLessThanOrEqual(2 * HEARTBEAT_MS + HEARTBEAT_MS / 4 + 60);
    await until(() => gw.presence.state.get(id)?.online === false, 1_000, 'presence offline');
    await until(() => sim.lastClose?.code === CloseCode.heartbeatTimeout, 3_000, 'close 4008 at the device');
  });

  it('stays online across heartbeats, and presence is written in batches, not per heartbeat', async () => {
    const { id } = await linked();
    const batchesBefore = gw.presence.batches.length;
    const started = Date.now();
    await new Promise((r) => setTimeout(r, 1_000));
    const elapsed = Date.now() - started;
    expect(gw.gateway.isOnline(id)).toBe(true);
    expect(gw.log.some((e) => e.kind === 'offline' && e.deviceId === id)).toBe(false);
    const batches = gw.presence.batches.slice(batchesBefore);
    // One flush per 50 ms period at most, whatever the number of heartbeats and devices.
    expect(batches.length).toBeLessThanOrEqual(Math.ceil(elapsed / 50) + 1);
    for (const b of batches) expect(new Set(b.map((r) => r.deviceId)).size).toBe(b.length);
    const mine = batches.flat().filter((r) => r.deviceId === id);
    expect(mine.length).toBeGreaterThanOrEqual(3); // ~5 heartbeats in 1 s
    expect(mine.every((r) => r.online)).toBe(true);
  });

  it('a second link for the same sn replaces the first without an offline', async () => {
    const first = await linked('face');
    const since = Date.now();
    const second = quietSim(gw.url, first, 'face');
    sims.push(second);
    await second.waitFor('up', 10_000);
    await until(() => first.sim.lastClose, 2_000, 'first link closed');
    expect(first.sim.lastClose).toEqual({ code: CloseCode.replaced, reason: 'replaced' });
    expect(first.sim.state).toBe('waiting'); // 60 s before it dials again
    await new Promise((r) => setTimeout(r, 3 * HEARTBEAT_MS));
    expect(gw.log.filter((e) => e.deviceId === first.id && e.at >= since && e.kind === 'offline')).toEqual([]);
    expect(gw.gateway.isOnline(first.id)).toBe(true);
    expect(gw.presence.state.get(first.id)?.online).toBe(true);
    // The new link is the one that answers.
    const reply = await gw.gateway.call(first.id, 'openDoor', {}, 2_000);
    expect(reply.result.door).toBe(1);
    expect(second.counters.rpcs).toBe(1);
    expect(first.sim.counters.rpcs).toBe(0);
  });

  it('a rebooted device goes offline, comes back and reports the boot', async () => {
    const { sim, id } = await linked('towerCrane');
    const since = Date.now();
    const reply = await gw.gateway.call(id, 'reboot', { delayMs: 0 }, 2_000);
    expect(Date.parse(reply.result.rebootAt)).toBeGreaterThan(0);
    await gw.waitFor('offline', id, 2_000, since);
    await gw.waitFor('online', id, 2_000, since);
    await sim.waitFor('up', 10_000);
    const isReboot = (b: Record<string, unknown>) =>
      b.kind === 'boot' && (b.data as { reason: string }).reason === 'reboot';
    const boot = await gw.waitFor('event', id, 2_000, since, isReboot);
    expect(boot.body).toMatchObject({ kind: 'boot', level: 'info', hasPicture: false });
  });
});

describe('authentication', () => {
  it('an unknown sn is recorded as unknown and refused with reason unknown', async () => {
    const { sim, sn } = device('plate', { register: false });
    await until(() => sim.lastRefusal, 2_000, 'refusal');
    expect(sim.lastRefusal?.reason).toBe('unknown');
    await until(() => sim.lastClose, 2_000, 'close');
    expect(sim.lastClose).toEqual({ code: CloseCode.refused, reason: 'unknown' });
    expect(sim.state).toBe('waiting');
    expect(gw.directory.get(sn)).toMatchObject({ authStatus: 'unknown', type: 'plate' });
  });

  it('a forbidden device is refused', async () => {
    const { sim, sn } = device('face', { autoStart: false });
    gw.directory.get(sn)!.authStatus = 'forbidden';
    sim.start();
    await until(() => sim.lastRefusal, 2_000, 'refusal');
    expect(sim.lastRefusal?.reason).toBe('forbidden');
  });

  it('a wrong secret is refused', async () => {
    const { sn, mac } = device('face', { autoStart: false });
    const sim = createSimDevice({ url: gw.url, sn, mac, secret: 'not-the-secret', type: 'face', telemetryMs: 0 });
    sims.push(sim);
    await until(() => sim.lastRefusal, 2_000, 'refusal');
    expect(sim.lastRefusal?.reason).toBe('badSecret');
  });

  it('an expired licence and a MAC mismatch are refused', async () => {
    const a = device('elevator', { autoStart: false });
    gw.directory.get(a.sn)!.licenceExpiresAt = new Date(Date.now() - 1000);
    a.sim.start();
    const b = device('elevator', { autoStart: false });
    const wrongMac = createSimDevice({
      url: gw.url,
      sn: b.sn,
      mac: '02:FF:FF:FF:FF:FF',
      secret: b.secret,
      type: 'elevator',
    });
    sims.push(wrongMac);
    await until(() => a.sim.lastRefusal && wrongMac.lastRefusal, 2_000, 'refusals');
    expect(a.sim.lastRefusal?.reason).toBe('expired');
    expect(wrongMac.lastRefusal?.reason).toBe('mismatch');
  });

  it('anything but auth first is a protocol error (4000); silence is an auth timeout (4001)', async () => {
    const close = (ws: WebSocket) => new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    const ws = new WebSocket(gw.url);
    await new Promise((r) => ws.once('open', r));
    const closed = close(ws);
    ws.send(JSON.stringify({ type: 'heartbeat' }));
    expect(await closed).toBe(CloseCode.protocol);

    const quick = await startTestGateway({ options: { authTimeoutMs: 100 } });
    try {
      const silent = new WebSocket(quick.url);
      const code = await close(silent);
      expect(code).toBe(CloseCode.authTimeout);
    } finally {
      await quick.close();
    }
  });
});

describe('commands', () => {
  it('snapshot answers a JPEG', async () => {
    const { id } = await linked('aiBox');
    const reply = await gw.gateway.call(id, 'snapshot', {}, 5_000);
    const bytes = reply.data!;
    expect(bytes[0]).toBe(0xff);
    expect(bytes[1]).toBe(0xd8);
    expect(bytes.at(-2)).toBe(0xff);
    expect(bytes.at(-1)).toBe(0xd9);
    expect(reply.result).toEqual({ contentType: 'image/jpeg', width: 320, height: 180, size: bytes.length });
    const decoded = jpeg.decode(bytes);
    expect([decoded.width, decoded.height]).toEqual([320, 180]);
  });

  it('openDoor answers the door and the time; a dust monitor has no door', async () => {
    const { id } = await linked('towerElevatorFace');
    const before = Date.now();
    const reply = await gw.gateway.call(id, 'openDoor', { door: 2, holdMs: 3000 }, 2_000);
    expect(reply.result.door).toBe(2);
    expect(Date.parse(reply.result.openedAt)).toBeGreaterThanOrEqual(before - 5);
    expect(Date.parse(reply.result.closesAt) - Date.parse(reply.result.openedAt)).toBe(3000);
    const dust = await linked('dust');
    const started = Date.now();
    const err = await rpcError(gw.gateway.call(dust.id, 'openDoor', {}, 2_000));
    expect(err.code).toBe('unsupported');
    expect(Date.now() - started).toBeLessThan(50);
  });

  it('bad params are refused at once', async () => {
    const { id } = await linked('face');
    const err = await rpcError(gw.gateway.call(id, 'openDoor', { door: 99 } as never, 2_000));
    expect(err.code).toBe('badParams');
  });

  it('a device that does not answer gives a timeout error in time, never a hang', async () => {
    const { id, sim } = await linked('gateway', { ignoreMethods: ['config.get'] });
    const started = Date.now();
    const err = await rpcError(gw.gateway.call(id, 'config.get', {}, 300));
    const elapsed = Date.now() - started;
    expect(err.code).toBe('timeout');
    expect(elapsed).toBeGreaterThanOrEqual(295);
    expect(elapsed).toBeLessThan(300 + 150);
    expect(sim.counters.rpcs).toBe(1); // it did reach the device
    // The link is still fine afterwards.
    expect((await gw.gateway.call(id, 'config.set', { config: { timezone: 'UTC' } }, 2_000)).result.changed).toEqual([
      'timezone',
    ]);
  });

  it('a command to an offline or unknown device answers offline at once', async () => {
    let started = Date.now();
    let err = await rpcError(gw.gateway.call(999_999, 'snapshot', {}, 10_000));
    expect(err.code).toBe('offline');
    expect(Date.now() - started).toBeLessThan(50);
    const { sim, id } = await linked('plate');
    sim.kill();
    await gw.waitFor('offline', id, 1_000);
    started = Date.now();
    err = await rpcError(gw.gateway.call(id, 'snapshot', {}, 10_000));
    expect(err.code).toBe('offline');
    expect(Date.now() - started).toBeLessThan(50);
    err = await rpcError(gw.gateway.openShell(id));
    expect(err.code).toBe('offline');
  });

  it('a pending command fails with linkClosed when the link drops', async () => {
    const { id, sim } = await linked('elevator', { ignoreMethods: ['snapshot'] });
    const pending = gw.gateway.call(id, 'snapshot', {}, 5_000);
    await until(() => sim.counters.rpcs === 1, 1_000, 'rpc delivered');
    const started = Date.now();
    sim.kill();
    const err = await rpcError(pending);
    expect(err.code).toBe('linkClosed');
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('config.get / config.set round trip, and broadcast.play on a speaker', async () => {
    const { id } = await linked('broadcast');
    const set = await gw.gateway.call(id, 'config.set', { config: { volume: 35, name: 'Gate speaker' } }, 2_000);
    expect(set.result.changed.sort()).toEqual(['name', 'volume']);
    const get = await gw.gateway.call(id, 'config.get', { keys: ['volume', 'name'] }, 2_000);
    expect(get.result.config).toEqual({ volume: 35, name: 'Gate speaker' });
    const since = Date.now();
    const play = await gw.gateway.call(id, 'broadcast.play', { text: 'Please wear your helmet' }, 2_000);
    expect(play.result.durationMs).toBeGreaterThan(0);
    const started = await gw.waitFor('event', id, 2_000, since, (b) => b.kind === 'playback');
    expect(started.body).toMatchObject({ data: { state: 'started', playId: play.result.playId } });
  });
});

describe('terminal and tunnel', () => {
  it('terminal round trip: prompt, echo, resize, exit', async () => {
    const { id, sn } = await linked('gateway');
    const shell = await gw.gateway.openShell(id, { cols: 80, rows: 24 });
    let out = '';
    shell.on('data', (chunk) => (out += chunk.toString('utf8')));
    const closed = new Promise<string>((resolve) => shell.on('close', resolve));
    await until(() => out.includes(`${sn}@siteops:~$ `), 2_000, 'prompt');
    shell.write('echo hi\n');
    await until(() => /\r\nhi\r\n/.test(out), 2_000, 'echo output');
    shell.resize(120, 40);
    shell.write('stty size\r');
    await until(() => out.includes('\r\n40 120\r\n'), 2_000, 'stty size');
    shell.write('ping -c 2 example.com\r');
    await until(() => out.includes('2 packets transmitted'), 2_000, 'ping');
    shell.write('exit\r');
    expect(await closed).toBe('exit');
    expect(shell.closed).toBe(true);
  });

  it('closing the terminal from the server side ends it on the device', async () => {
    const { id } = await linked('face');
    const shell = await gw.gateway.openShell(id);
    const link = gw.gateway.registry.get(id)!;
    expect(link.streams.size).toBe(1);
    shell.close('idle');
    expect(link.streams.size).toBe(0);
    shell.write('echo ignored\r'); // harmless after close
  });

  it('the terminal closes when the link drops', async () => {
    const { id, sim } = await linked('face');
    const shell = await gw.gateway.openShell(id);
    const closed = new Promise<string>((resolve) => shell.on('close', resolve));
    sim.kill();
    expect(await closed).toBe('linkClosed');
  });

  it('the tunnel returns the device page, its images and its 404', async () => {
    const { id, sn } = await linked('dust');
    const page = await gw.gateway.tunnelRequest(id, { method: 'GET', path: '/', headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const html = page.body.toString('utf8');
    expect(html).toContain('<!doctype html>');
    expect(html).toContain(sn);
    const img = await gw.gateway.tunnelRequest(id, { method: 'GET', path: '/snapshot.jpg', headers: {} });
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect([img.body[0], img.body[1]]).toEqual([0xff, 0xd8]);
    const form = await gw.gateway.tunnelRequest(id, {
      method: 'POST',
      path: '/config',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: Buffer.from('name=North+gate'),
    });
    expect(form.status).toBe(303);
    expect((await gw.gateway.call(id, 'config.get', { keys: ['name'] })).result.config.name).toBe('North gate');
    const missing = await gw.gateway.tunnelRequest(id, { method: 'GET', path: '/nope', headers: {} });
    expect(missing.status).toBe(404);
  });
});

describe('telemetry and events', () => {
  it('telemetry reaches the sink (series and latest) and the live events', async () => {
    const { sim, id } = await linked('dust');
    const since = Date.now();
    sim.sendTelemetry({ a34004: 41.5, a34002: 80.2, LA: 66.1, a01008: 270 });
    const live = await gw.waitFor('telemetry', id, 1_000, since);
    expect(live.body).toMatchObject({ type: 'dust', data: { a34004: 41.5, a34002: 80.2, LA: 66.1, a01008: 270 } });
    await until(() => gw.telemetry.latest.get(id), 1_000, 'latest');
    expect(gw.telemetry.latest.get(id)?.data).toMatchObject({ a34004: 41.5, LA: 66.1 });
    expect(gw.telemetry.points.filter((p) => p.deviceId === id).length).toBeGreaterThanOrEqual(1);
    sim.sendTelemetry({ a34004: 39 });
    await until(() => gw.telemetry.latest.get(id)?.data.a34004 === 39, 1_000, 'latest merged');
    expect(gw.telemetry.latest.get(id)?.data.LA).toBe(66.1);
  });

  it('a drifting simulated device sends valid telemetry of its type on its own', async () => {
    const { id } = await linked('towerCrane', { telemetryMs: 100 });
    await until(() => gw.telemetry.points.filter((p) => p.deviceId === id).length >= 3, 2_000, 'three points');
    const data = gw.telemetry.latest.get(id)!.data;
    for (const key of ['load', 'radius', 'height', 'slewAngle', 'momentPct', 'windSpeed', 'tilt', 'alarmFlags']) {
      expect(data).toHaveProperty(key);
    }
  });

  it('invalid telemetry is answered with an error and not stored', async () => {
    const { sim, id } = await linked('dust');
    const errors: string[] = [];
    sim.on('serverError', (e) => errors.push(`${e.code} ${e.ref} ${e.message}`));
    sim.sendTelemetry({ a34004: -5 });
    await until(() => errors.length, 1_000, 'error message');
    expect(errors[0]).toMatch(/^invalid telemetry data\.a34004/);
    await new Promise((r) => setTimeout(r, 100));
    expect(gw.telemetry.points.some((p) => p.deviceId === id)).toBe(false);
  });

  it('events with pictures are stored, acknowledged, and emitted live', async () => {
    const { sim, id } = await linked('face');
    const since = Date.now();
    const eventId = sim.sendEvent({
      kind: 'pass',
      level: 'info',
      picture: true,
      data: { personId: 'P1', personName: 'Zhang Wei', direction: 'in', verifyMode: 'face', similarity: 0.93 },
    });
    const live = await gw.waitFor('event', id, 1_000, since, (b) => b.id === eventId);
    expect(live.body).toMatchObject({ kind: 'pass', level: 'info', hasPicture: true });
    const stored = await until(() => gw.telemetry.events.get(eventId), 1_000, 'stored event');
    expect(stored).toMatchObject({ deviceId: id, type: 'face', kind: 'pass', data: { personName: 'Zhang Wei' } });
    expect([stored.picture![0], stored.picture![1]]).toEqual([0xff, 0xd8]);
    await until(() => sim.pendingEvents === 0, 1_000, 'event.ack');
  });

  it('an event of a kind the type does not have is refused but acknowledged', async () => {
    const { sim, id } = await linked('dust');
    const errors: string[] = [];
    sim.on('serverError', (e) => errors.push(e.message));
    const eventId = sim.sendEvent({ kind: 'pass', level: 'info', data: {} });
    await until(() => errors.length && sim.pendingEvents === 0, 1_000, 'error and ack');
    expect(errors[0]).toMatch(/no event pass/);
    expect(gw.telemetry.events.has(eventId)).toBe(false);
    expect(gw.log.some((e) => e.kind === 'event' && e.deviceId === id && 'id' in e.body && e.body.id === eventId)).toBe(
      false,
    );
  });
});

describe('shutdown', () => {
  it('closing the app closes links with 1001, marks them offline and writes presence', async () => {
    const local = await startTestGateway();
    const rec = local.directory.add({ sn: 'SHUT0001', mac: '02:00:00:00:99:01', type: 'gateway', secret: 's3cret' });
    const sim = createSimDevice({
      url: local.url,
      sn: 'SHUT0001',
      mac: '02:00:00:00:99:01',
      secret: 's3cret',
      type: 'gateway',
      telemetryMs: 0,
      backoffBaseMs: 60_000,
    });
    sims.push(sim);
    await sim.waitFor('up');
    await local.close();
    expect(local.presence.state.get(rec.id)?.online).toBe(false);
    expect(local.log.at(-1)).toMatchObject({ kind: 'offline', body: { reason: 'shutdown' } });
    await until(() => sim.lastClose, 2_000, 'close at device');
    expect(sim.lastClose?.code).toBe(CloseCode.goingAway);
  });
});
