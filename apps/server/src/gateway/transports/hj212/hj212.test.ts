import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { deviceApi } from '@siteops/contracts/device/api';
import { deviceLinkApi } from '@siteops/contracts/device-link/api';
import {
  CN,
  Hj212StreamDecoder,
  QnRtn,
  encodePacket,
  encodePacketFrames,
  parseDataSegment,
  ExeRtn,
  QnRtn as QnRtnCodes,
  executionResult,
  hourData,
  realtimeData,
  requestAnswer,
  rtdIntervalReply,
  type Hj212Packet,
} from '@siteops/contracts/hj212';
import { Hj212Monitor, type Hj212MonitorOptions } from '@siteops/device-sim/hj212Monitor';
import { alarmApi } from '@siteops/contracts/alarm/api';
import { alarms, devices, hj212Aggregates, notifications, telemetryHourly } from '../../../db/schema/index.ts';
import { FAST, readingsOf, rowOf, startLinkApp } from '../../../modules/device-link/testkit.ts';

/** Short enough that a monitor keeping quiet past it shows the listener waits for its first upload. */
const AUTH_TIMEOUT_MS = 300;
const t = await startLinkApp({
  env: { HJ212_PORT: '0' },
  deviceLink: { ...FAST, gateway: { ...FAST.gateway, authTimeoutMs: AUTH_TIMEOUT_MS } },
});
const listener = t.app.deviceLink.hj212!;
const port = listener.port;
const admin = await t.login();
const monitors: Hj212Monitor[] = [];
const sockets: net.Socket[] = [];
afterAll(async () => {
  await Promise.all(monitors.map((m) => m.stop()));
  for (const s of sockets) s.destroy();
  await t.close();
});

let serial = 0;
const newMn = () => `SIT${String(process.pid).padStart(8, '0')}${String(++serial).padStart(5, '0')}${'0'.repeat(8)}`;

/** A dust device registered with an HJ 212 MN and PW through the device form's endpoint. */
async function monitorDevice(pw = '123456') {
  const d = await t.addDevice({ type: 'dust' });
  const mn = newMn();
  const res = await t.api(deviceApi.update, { id: d.id, hj212Mn: mn, hj212Pw: pw }, admin);
  expect(res.body.code, res.body.msg).toBe(200);
  return { ...d, mn, pw };
}

function monitor(d: { mn: string; pw: string }, extra: Partial<Hj212MonitorOptions> = {}) {
  const m = new Hj212Monitor({
    host: '127.0.0.1',
    port,
    mn: d.mn,
    pw: d.pw,
    rtdIntervalS: 1,
    secondMs: 100,
    minIntervalMin: 60,
    backoffBaseMs: 50,
    backoffMaxMs: 200,
    ...extra,
  });
  monitors.push(m);
  return m;
}

/** The notices (one per recipient) about the monitor of this serial number or MN. */
const noticesAbout = (sn: string) =>
  t.database.db
    .select({ body: notifications.body, userId: notifications.userId })
    .from(notifications)
    .where(sql`${notifications.title}->'params'->>'sn' = ${sn}`);

/** A raw TCP peer: writes frames, reads the server's packets. */
async function rawPeer() {
  const socket = net.connect({ host: '127.0.0.1', port });
  sockets.push(socket);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const decoder = new Hj212StreamDecoder();
  const got: Hj212Packet[] = [];
  let closed = false;
  socket.on('data', (chunk) => {
    for (const item of decoder.push(chunk)) {
      if (!item.ok) continue;
      const p = parseDataSegment(item.data);
      if (p.ok) got.push(p.packet);
    }
  });
  socket.on('close', () => (closed = true));
  return { socket, got, isClosed: () => closed };
}

const rtd = (mn: string, pw: string, value: number, flag = 'N') =>
  realtimeData({ st: '22', mn, pw }, Date.now(), { a34004: { Rtd: value, Flag: flag } });

describe('HJ 212 monitors over TCP', () => {
  it('a monitor links with its MN and PW: online over hj212, readings stored, uploads answered with 9014; offline when its socket closes', async () => {
    const d = await monitorDevice();
    const m = monitor(d);
    await expect.poll(async () => (await rowOf(t, d.id)).onlineStatus, { timeout: 3_000 }).toBe('online');
    const row = await rowOf(t, d.id);
    expect(row.transport).toBe('hj212');
    expect(row.ip).toBe('127.0.0.1');
    await expect.poll(async () => (await readingsOf(t, d.id)).length, { timeout: 3_000 }).toBeGreaterThan(1);
    const [first] = await readingsOf(t, d.id);
    expect(Object.keys(first.data as object)).toEqual(expect.arrayContaining(['a34002', 'a34004', 'LA']));
    await expect.poll(() => m.counters.acked, { timeout: 2_000 }).toBeGreaterThan(1);
    expect(listener.counters.dataAnswers).toBeGreaterThan(1);

    await m.stop();
    await expect.poll(async () => (await rowOf(t, d.id)).onlineStatus, { timeout: 3_000 }).toBe('offline');
  });

  it('a monitor that dials in and keeps quiet until its next upload is not dropped by the auth timeout', async () => {
    const d = await monitorDevice();
    const peer = await rawPeer();
    await new Promise((r) => setTimeout(r, 3 * AUTH_TIMEOUT_MS));
    expect(peer.isClosed()).toBe(false);
    peer.socket.write(encodePacket(rtd(d.mn, d.pw, 41)));
    await expect.poll(async () => (await rowOf(t, d.id)).onlineStatus, { timeout: 3_000 }).toBe('online');
    expect(peer.isClosed()).toBe(false);
  });

  it('a bad CRC is counted and skipped; the link goes on', async () => {
    const d = await monitorDevice();
    const peer = await rawPeer();
    peer.socket.write(encodePacket(rtd(d.mn, d.pw, 11)));
    await expect.poll(async () => (await readingsOf(t, d.id)).length, { timeout: 3_000 }).toBe(1);
    const before = listener.counters.badFrames;
    const good = encodePacket(rtd(d.mn, d.pw, 22));
    const broken = good.slice(0, -6) + (good.slice(-6, -2) === '0000' ? '0001' : '0000') + '\r\n';
    peer.socket.write(broken);
    peer.socket.write('garbage that is no frame');
    peer.socket.write(encodePacket(rtd(d.mn, d.pw, 33)));
    await expect.poll(async () => (await readingsOf(t, d.id)).length, { timeout: 3_000 }).toBe(2);
    // The bad frame and the garbage after it are one run of unusable bytes.
    expect(listener.counters.badFrames - before).toBeGreaterThanOrEqual(1);
    const values = (await readingsOf(t, d.id)).map((r) => (r.data as { a34004: number }).a34004).sort();
    expect(values).toEqual([11, 33]);
    expect(peer.isClosed()).toBe(false);
    expect((await rowOf(t, d.id)).onlineStatus).toBe('online');
  });

  it('a split upload (PNUM/PNO, each piece in its own frame and TCP write) is one reading; each piece asking is answered', async () => {
    const d = await monitorDevice();
    const peer = await rawPeer();
    const values = Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [`a99${String(i).padStart(3, '0')}`, { Rtd: i + 0.5, Flag: 'N' }]),
    );
    const up = realtimeData({ st: '22', mn: d.mn, pw: d.pw }, Date.now(), {
      a34004: { Rtd: 31, Flag: 'N' },
      ...values,
    });
    const frames = encodePacketFrames(up, 400);
    expect(frames.length).toBeGreaterThan(2);
    for (const f of frames) {
      peer.socket.write(f);
      await new Promise((r) => setTimeout(r, 20));
    }
    await expect.poll(async () => (await readingsOf(t, d.id)).length, { timeout: 3_000 }).toBe(1);
    const [reading] = await readingsOf(t, d.id);
    expect(reading.data).toMatchObject({ a34004: 31, a99000: 0.5, a99039: 39.5 });
    await expect.poll(() => peer.got.filter((p) => p.cn === CN.dataAnswer).length).toBe(frames.length);
  });

  it('an unknown MN is refused (9011 QnRtn=4, closed) and admins hear of it once', async () => {
    const mn = newMn();
    for (let i = 0; i < 2; i++) {
      const peer = await rawPeer();
      peer.socket.write(encodePacket(rtd(mn, '123456', 5)));
      await expect.poll(() => peer.isClosed(), { timeout: 3_000 }).toBe(true);
      expect(peer.got.map((p) => [p.cn, p.cp.other.QnRtn])).toEqual([[CN.requestAnswer, String(QnRtn.badMn)]]);
    }
    await expect.poll(async () => (await noticesAbout(mn)).length, { timeout: 2_000 }).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 200));
    const sent = await noticesAbout(mn);
    // One notice (per recipient) for two refusals within the hour.
    expect(new Set(sent.map((n) => n.userId)).size).toBe(sent.length);
    expect(JSON.stringify(sent[0].body)).toContain('hj212UnknownMn');
  });

  it('a wrong PW is refused (9011 QnRtn=3, closed), nothing stored, and admins are told', async () => {
    const d = await monitorDevice('123456');
    const peer = await rawPeer();
    peer.socket.write(encodePacket(rtd(d.mn, '999999', 5)));
    await expect.poll(() => peer.isClosed(), { timeout: 3_000 }).toBe(true);
    expect(peer.got.map((p) => [p.cn, p.cp.other.QnRtn])).toEqual([[CN.requestAnswer, String(QnRtn.badPassword)]]);
    expect(await readingsOf(t, d.id)).toHaveLength(0);
    expect((await rowOf(t, d.id)).onlineStatus).not.toBe('online');
    await expect.poll(async () => (await noticesAbout(d.sn)).length, { timeout: 2_000 }).toBeGreaterThan(0);
  });

  it('licence and status apply as on every transport: forbidden or expired is refused (QnRtn=2), and a monitor forbidden while linked is cut off', async () => {
    const forbidden = await monitorDevice();
    await t.database.db.update(devices).set({ authStatus: 'forbidden' }).where(eq(devices.id, forbidden.id));
    const expired = await monitorDevice();
    await t.database.db
      .update(devices)
      .set({ licenceExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(devices.id, expired.id));
    for (const d of [forbidden, expired]) {
      const peer = await rawPeer();
      peer.socket.write(encodePacket(rtd(d.mn, d.pw, 5)));
      await expect.poll(() => peer.isClosed(), { timeout: 3_000 }).toBe(true);
      expect(peer.got.map((p) => p.cp.other.QnRtn)).toEqual([String(QnRtn.refused)]);
    }
    const linked = await monitorDevice();
    const peer = await rawPeer();
    peer.socket.write(encodePacket(rtd(linked.mn, linked.pw, 5)));
    await expect.poll(async () => (await rowOf(t, linked.id)).onlineStatus, { timeout: 3_000 }).toBe('online');
    await t.database.db.update(devices).set({ allow: false }).where(eq(devices.id, linked.id));
    await expect.poll(() => peer.isClosed(), { timeout: 3_000 }).toBe(true);
    await expect.poll(async () => (await rowOf(t, linked.id)).onlineStatus, { timeout: 3_000 }).toBe('offline');
  });

  it('the console reads and sets the real-time and minute intervals (1061-1064) and the clock; other commands are refused for the transport', async () => {
    const d = await monitorDevice();
    const m = monitor(d, { rtdIntervalS: 2 });
    await expect.poll(async () => (await rowOf(t, d.id)).onlineStatus, { timeout: 3_000 }).toBe('online');
    const read = await t.api(deviceLinkApi.configGet, { id: d.id }, admin);
    expect(read.body.code, read.body.msg).toBe(200);
    expect(read.body.data.config).toMatchObject({ rtdIntervalS: 2, minIntervalMin: 60 });
    expect(Math.abs(Date.parse(read.body.data.config.systemTime as string) - Date.now())).toBeLessThan(5_000);

    const set = await t.api(
      deviceLinkApi.configSet,
      { id: d.id, config: { rtdIntervalS: 3, minIntervalMin: 5 } },
      admin,
    );
    expect(set.body.code, set.body.msg).toBe(200);
    expect(set.body.data.changed).toEqual(['rtdIntervalS', 'minIntervalMin']);
    expect(m.rtdIntervalS).toBe(3);
    expect(m.minIntervalMin).toBe(5);
    const again = await t.api(deviceLinkApi.configGet, { id: d.id, keys: 'rtdIntervalS' }, admin);
    expect(again.body.data.config).toEqual({ rtdIntervalS: 3 });

    const bad = await t.api(deviceLinkApi.configSet, { id: d.id, config: { volume: 3 } }, admin);
    expect(bad.status).toBe(400);

    const reboot = await t.api(deviceLinkApi.reboot, { id: d.id }, admin);
    expect(reboot.status).toBe(409);
    expect(reboot.body.data).toMatchObject({ reason: 'unsupported' });
    expect(reboot.body.msg).toMatch(/HJ 212.*cannot carry reboot/);
    const terminal = await t.api(deviceLinkApi.ticket, { purpose: 'terminal', deviceId: d.id }, admin);
    expect(terminal.status).toBe(409);
    expect(terminal.body.msg).toMatch(/HJ 212.*cannot carry shell.open/);
    // Offline too: the device record says how it links.
    await m.stop();
    await expect.poll(async () => (await rowOf(t, d.id)).onlineStatus, { timeout: 3_000 }).toBe('offline');
    const snapshot = await t.api(deviceLinkApi.snapshot, { id: d.id }, admin);
    expect(snapshot.body.data).toMatchObject({ reason: 'unsupported' });
  });

  it("keeps each value's data flag: in the stored reading, in devices.latest, and a new normal value clears it", async () => {
    const d = await monitorDevice();
    const m = monitor(d, { dataFlag: 'C', autoStart: false });
    m.start();
    await expect.poll(async () => (await readingsOf(t, d.id)).length, { timeout: 3_000 }).toBeGreaterThan(0);
    const [first] = await readingsOf(t, d.id);
    expect(first.flags).toMatchObject({ a34004: 'C', a34002: 'C', LA: 'C' });
    await expect
      .poll(async () => ((await rowOf(t, d.id)).latest as Record<string, unknown>)['@flag'], { timeout: 2_000 })
      .toMatchObject({ a34004: 'C' });
    const detail = await t.api(deviceApi.detail, { id: d.id }, admin);
    expect(detail.body.data.latestFlags).toMatchObject({ a34004: 'C' });
    expect(detail.body.data.latest).not.toHaveProperty('@flag');
    await m.stop();
    const peer = await rawPeer();
    peer.socket.write(encodePacket(rtd(d.mn, d.pw, 40, 'N')));
    await expect
      .poll(async () => ((await rowOf(t, d.id)).latest as Record<string, Record<string, string>>)['@flag']?.a34004, {
        timeout: 3_000,
      })
      .toBeUndefined();
    const latest = (await rowOf(t, d.id)).latest as Record<string, unknown>;
    expect(latest.a34004).toBe(40);
    // The other fields kept their calibration flag: only a34004 was measured again.
    expect((latest['@flag'] as Record<string, string>).a34002).toBe('C');
  });

  it('a value flagged anything but N raises no alarm and is left out of the hourly averages; the same value flagged N does', async () => {
    const d = await monitorDevice();
    const rule = await t.api.unchecked(
      alarmApi.ruleAdd,
      {
        name: `PM2.5 ${d.mn}`,
        deviceType: 'dust',
        scope: 'device',
        deviceId: d.id,
        condition: { combine: 'all', terms: [{ field: 'a34004', operator: 'gt', threshold: 300 }] },
        durationSeconds: 0,
        severity: 'major',
      },
      admin,
    );
    expect(rule.body.code, rule.body.msg).toBe(200);
    const peer = await rawPeer();
    peer.socket.write(encodePacket(rtd(d.mn, d.pw, 500, 'C')));
    await expect.poll(async () => (await readingsOf(t, d.id)).length, { timeout: 3_000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    const alarmsOf = () => t.database.db.select().from(alarms).where(eq(alarms.deviceId, d.id));
    expect(await alarmsOf()).toHaveLength(0);
    const [hour] = await t.database.db.select().from(telemetryHourly).where(eq(telemetryHourly.deviceId, d.id));
    expect(hour).toMatchObject({ readings: 1, pm25N: 0 });

    peer.socket.write(encodePacket(rtd(d.mn, d.pw, 500, 'N')));
    await expect.poll(async () => (await alarmsOf()).length, { timeout: 3_000 }).toBe(1);
    const [after] = await t.database.db.select().from(telemetryHourly).where(eq(telemetryHourly.deviceId, d.id));
    expect(after).toMatchObject({ pm25N: 1, pm25Sum: 500, pm25Over: 1 });
  });

  it('minute and hour data are stored as the monitor computed them (Avg/Min/Max/Cou and flag per code), acknowledged, and are no telemetry', async () => {
    const d = await monitorDevice();
    const m = monitor(d);
    await expect.poll(async () => (await readingsOf(t, d.id)).length, { timeout: 3_000 }).toBeGreaterThan(1);
    const acked = m.counters.acked;
    m.sendMinute();
    const aggregatesOf = () => t.database.db.select().from(hj212Aggregates).where(eq(hj212Aggregates.deviceId, d.id));
    await expect.poll(async () => (await aggregatesOf()).length, { timeout: 3_000 }).toBeGreaterThan(2);
    const pm25 = (await aggregatesOf()).find((r) => r.code === 'a34004')!;
    expect(pm25).toMatchObject({ period: 'minute', flag: 'N' });
    expect(pm25.min!).toBeLessThanOrEqual(pm25.avg!);
    expect(pm25.avg!).toBeLessThanOrEqual(pm25.max! + 0.05);
    expect(pm25.at.getUTCSeconds()).toBe(0);
    await expect.poll(() => m.counters.acked, { timeout: 2_000 }).toBeGreaterThan(acked);
    await m.stop();

    const peer = await rawPeer();
    const hourAt = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
    const unit = { st: '22', mn: d.mn, pw: d.pw };
    const hour = hourData(unit, hourAt, { a34002: { Avg: 88.5, Min: 40, Max: 130, Flag: 'M' }, w00000: { Cou: 12.5 } });
    peer.socket.write(encodePacket(hour));
    await expect
      .poll(async () => (await aggregatesOf()).filter((r) => r.period === 'hour').length, { timeout: 3_000 })
      .toBe(2);
    const stored = (await aggregatesOf()).filter((r) => r.period === 'hour');
    expect(stored.find((r) => r.code === 'a34002')).toMatchObject({ avg: 88.5, min: 40, max: 130, flag: 'M' });
    expect(stored.find((r) => r.code === 'w00000')).toMatchObject({ cou: 12.5, avg: null });
    expect(stored[0].at.getTime()).toBe(hourAt.getTime());
    await expect.poll(() => peer.got.filter((p) => p.cn === CN.dataAnswer && p.qn === hour.qn).length).toBe(1);
    // The same hour sent again replaces it.
    peer.socket.write(encodePacket({ ...hour, qn: `${hour.qn!.slice(0, -1)}9` }));
    await new Promise((r) => setTimeout(r, 300));
    expect((await aggregatesOf()).filter((r) => r.period === 'hour')).toHaveLength(2);
  });

  it('presence follows the real-time interval the monitor states (1061): silent for two intervals on an open socket is offline', async () => {
    const d = await monitorDevice();
    const peer = await rawPeer();
    const unit = { st: '22', mn: d.mn, pw: d.pw };
    peer.socket.write(encodePacket(rtd(d.mn, d.pw, 20)));
    // The server asks the interval at once; this monitor reports every second.
    const ask = await expect
      .poll(() => peer.got.find((p) => p.cn === CN.getRtdInterval), { timeout: 3_000 })
      .toBeDefined()
      .then(() => peer.got.find((p) => p.cn === CN.getRtdInterval)!);
    for (const answer of [
      requestAnswer(ask, QnRtnCodes.ready),
      rtdIntervalReply(ask, unit, 1),
      executionResult(ask, ExeRtn.ok),
    ])
      peer.socket.write(encodePacket(answer));
    await expect.poll(async () => (await rowOf(t, d.id)).onlineStatus, { timeout: 3_000 }).toBe('online');
    const silentFrom = Date.now();
    await expect.poll(async () => (await rowOf(t, d.id)).onlineStatus, { timeout: 5_000 }).toBe('offline');
    expect(Date.now() - silentFrom).toBeGreaterThan(1_500);
    await expect.poll(() => peer.isClosed(), { timeout: 2_000 }).toBe(true);
  });
});
