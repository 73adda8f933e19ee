import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSimDevice, type SimDevice } from '@siteops/device-sim/device';
import { CloseCode, LINK_RATE, MAX_PICTURE_BYTES, type DeviceType } from '@siteops/contracts/device-protocol';
import { rawDevice, type RawDevice } from './raw-device.ts';
import { startTestGateway, until, type TestGateway } from './testkit.ts';

// Writes every 400 ms, so an event stays in the write batch long enough for a reconnect and a resend.
const FLUSH_MS = 400;

let gw: TestGateway;
const open: { stop(): unknown }[] = [];
let counter = 0;

beforeAll(async () => {
  gw = await startTestGateway({ heartbeatSeconds: 1, options: { telemetryFlushMs: FLUSH_MS } });
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.stop()));
});

afterAll(async () => {
  await gw?.close();
});

function register(type: DeviceType = 'face') {
  const n = ++counter;
  const d = {
    sn: `P${type.toUpperCase()}${n}`,
    mac: `02:00:00:01:00:${String(n).padStart(2, '0')}`,
    secret: randomUUID(),
    type,
  };
  return { ...d, id: gw.directory.add(d).id };
}

async function connect(d: ReturnType<typeof register>): Promise<RawDevice> {
  const raw = await rawDevice(gw.url, d);
  open.push({ stop: () => raw.ws.terminate() });
  return raw;
}

const pass = (id = randomUUID(), extra: object = {}) => ({
  type: 'event',
  id,
  ts: Date.now(),
  kind: 'pass',
  level: 'info',
  data: { personId: 'P1', personName: 'Zhang Wei', direction: 'in', verifyMode: 'face', similarity: 0.9 },
  ...extra,
});

const acked = (raw: RawDevice, id: string) => raw.next('event.ack', (m) => m.ids.includes(id), 3 * FLUSH_MS + 1_000);

describe('events: every event is acknowledged once the server is done with it', () => {
  it('an event resent on a new link while the first copy still waits for its write is acknowledged there, stored once', async () => {
    const d = register();
    const first = await connect(d);
    const event = pass();
    first.send(event);
    await gw.waitFor('event', d.id, 1_000, 0, (b) => b.id === event.id);
    first.ws.terminate(); // the link drops before the write, so before the ack
    await gw.waitFor('offline', d.id, 1_000);
    const second = await connect(d);
    second.send(event);
    await acked(second, event.id);
    expect(gw.telemetry.events.get(event.id)).toMatchObject({ deviceId: d.id, kind: 'pass' });
    expect(gw.log.filter((e) => e.kind === 'event' && 'id' in e.body && e.body.id === event.id)).toHaveLength(1);
  });

  it('an event with a picture over 512 KiB is stored without it, acknowledged, and the device told why', async () => {
    const d = register();
    const raw = await connect(d);
    const big = Buffer.alloc(MAX_PICTURE_BYTES + 1, 0xff).toString('base64');
    const event = pass(randomUUID(), { picture: big });
    raw.send(event);
    const error = await raw.next('error', (m) => m.ref === `event ${event.id}`);
    expect(error).toMatchObject({ code: 'tooLarge', message: expect.stringMatching(/picture/) });
    await acked(raw, event.id);
    const stored = gw.telemetry.events.get(event.id);
    expect(stored).toMatchObject({ kind: 'pass', data: { personName: 'Zhang Wei' } });
    expect(stored?.picture).toBeUndefined();
  });

  it('an event in a text frame over 1 MiB is acknowledged too, and the link stays up', async () => {
    const d = register();
    const raw = await connect(d);
    const event = pass(randomUUID(), { picture: Buffer.alloc(900 * 1024, 1).toString('base64') });
    raw.send(event);
    await acked(raw, event.id);
    expect(gw.telemetry.events.get(event.id)?.picture).toBeUndefined();
    raw.send({ type: 'heartbeat' });
    await raw.next('heartbeat.ack');
  });

  it('a malformed event (bad level) is answered invalid and acknowledged, so it is not resent for ever', async () => {
    const d = register();
    const raw = await connect(d);
    const event = pass(randomUUID(), { level: 'panic' });
    raw.send(event);
    expect(await raw.next('error', (m) => m.ref === `event ${event.id}`)).toMatchObject({ code: 'invalid' });
    await acked(raw, event.id);
    expect(gw.telemetry.events.has(event.id)).toBe(false);
  });
});

describe('presence', () => {
  it('WebSocket pings do not count as alive: a device that only pings is closed with 4008', async () => {
    const d = register('dust');
    const raw = await connect(d);
    const pings = setInterval(() => raw.ws.ping(), 100);
    try {
      // heartbeatSeconds is 1 here: two intervals, plus a sweep and slack.
      const closed = await Promise.race([raw.closed, new Promise((r) => setTimeout(() => r('open'), 4_000))]);
      expect(closed).toMatchObject({ code: CloseCode.heartbeatTimeout });
    } finally {
      clearInterval(pings);
    }
  });
});

describe('latest readings follow the reading time', () => {
  it('a backlog reading older than the latest does not replace it, in the batch and across writes', async () => {
    const d = register('dust');
    const raw = await connect(d);
    const now = Date.now();
    raw.send({ type: 'telemetry', ts: now, data: { a34004: 50 } });
    // A backlog kept through a 30-minute outage: stored at its own time, which is older than the latest.
    raw.send({ type: 'telemetry', ts: now - 30 * 60_000, data: { a34004: 10, LA: 61 } }); // same batch
    await until(() => gw.telemetry.latest.get(d.id)?.data.LA === 61, 3 * FLUSH_MS, 'first write');
    expect(gw.telemetry.latest.get(d.id)?.data.a34004).toBe(50);
    const backlog = gw.telemetry.points.find((p) => p.deviceId === d.id && p.data.LA === 61);
    expect(backlog?.at.getTime()).toBe(now - 30 * 60_000);
    const points = () => gw.telemetry.points.filter((p) => p.deviceId === d.id).length;
    raw.send({ type: 'telemetry', ts: now - 10 * 60_000, data: { a34004: 20, LA: 40 } }); // a later write
    await until(() => points() === 3, 3 * FLUSH_MS, 'backlog point stored');
    expect(gw.telemetry.latest.get(d.id)?.data).toMatchObject({ a34004: 50, LA: 40 });
    raw.send({ type: 'telemetry', ts: now + 1_000, data: { a34004: 55 } });
    await until(() => gw.telemetry.latest.get(d.id)?.data.a34004 === 55, 3 * FLUSH_MS, 'newer reading');
  });
});

describe('per-link rate limit', () => {
  it('a link flooding thousands of messages is closed with 4029 rateLimited and goes offline', async () => {
    const d = register('dust');
    const raw = await connect(d);
    for (let i = 0; i < LINK_RATE.burst * 3; i++) raw.send({ type: 'heartbeat', seq: i });
    const closed = await raw.closed;
    expect(closed).toEqual({ code: CloseCode.rateLimited, reason: 'rateLimited' });
    const offline = await gw.waitFor('offline', d.id, 1_000);
    expect(offline.body).toMatchObject({ reason: 'rateLimited' });
    const acks = raw.received.filter((m) => m.type === 'heartbeat.ack').length;
    expect(acks).toBeLessThan(LINK_RATE.burst * 2);
  });

  it('a simulated device at its fastest (telemetry, events, a 100-event backlog, a snapshot) is never limited', async () => {
    const limitedBefore = gw.gateway.counters.rateLimited;
    const d = register('face');
    const sim: SimDevice = createSimDevice({ ...d, url: gw.url, telemetryMs: 50, eventRate: 20, autoStart: false });
    open.push(sim);
    for (let i = 0; i < 100; i++) sim.sendEvent({ kind: 'boot', level: 'info', data: { reason: 'power' } });
    sim.start();
    await sim.waitFor('up', 10_000);
    await until(() => sim.pendingEvents === 0, 5_000, 'backlog acknowledged');
    const snap = await gw.gateway.call(d.id, 'snapshot', {});
    expect(snap.result.contentType).toBe('image/jpeg');
    await new Promise((r) => setTimeout(r, 1_500));
    // Only the limit is under test: a close for another reason (a stalled test machine) is not this one.
    expect(sim.lastClose?.code).not.toBe(CloseCode.rateLimited);
    expect(gw.gateway.counters.rateLimited).toBe(limitedBefore);
  });
});
