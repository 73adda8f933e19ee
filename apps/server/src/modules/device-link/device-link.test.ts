import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { and, eq, sql } from 'drizzle-orm';
import { DeviceLinkCode, TerminalClose } from '@siteops/contracts/device-link';
import { auditLog, constants, deviceEvents, devices } from '../../db/schema/index.ts';
import { openTestDatabase } from '../../../test/harness.ts';
import { createAgent, createSignedInUser } from '../../../test/fixtures.ts';
import { until } from '../../gateway/testkit.ts';
import { DbPresenceSink, DbTelemetrySink, pruneEvents, pruneTelemetry } from './sinks.ts';
import { rowsOf } from '../../db/rows.ts';
import { LiveClose, deviceTopicOf } from '@siteops/contracts/live';
import { HEARTBEAT_S, rowOf, startLinkApp, ticketFor, type LinkTestApp } from './testkit.ts';
import { openLive, type LiveTab } from './liveTestkit.ts';

let t: LinkTestApp;
let admin: string;
let agentA: Awaited<ReturnType<typeof createAgent>>;
let agentB: Awaited<ReturnType<typeof createAgent>>;
/** The admin's tab; the live channel sends only the devices a tab subscribed to, so each test's devices are watched. */
let live: LiveTab;
const HB_MS = HEARTBEAT_S * 1000;

beforeAll(async () => {
  t = await startLinkApp();
  admin = await t.login();
  agentA = await createAgent(t, admin);
  agentB = await createAgent(t, admin);
  live = await openLive(t, admin);
  await live.ready();
});
afterAll(async () => {
  live?.close();
  await t?.close();
});

/** `tab` subscribes to the devices' topics (answered before it returns, so nothing after is missed). */
const watch = (tab: LiveTab, ...ids: number[]) => tab.subscribe(ids.map(deviceTopicOf));

async function linked(type: Parameters<LinkTestApp['addDevice']>[0] extends infer O ? O : never = {}, extra = {}) {
  const d = await t.addDevice(type);
  await watch(live, d.id);
  const sim = t.sim(d, extra);
  await sim.waitFor('up', 10_000);
  return { ...d, sim };
}
const post = (url: string, token: string, body: object = {}) => t.call({ method: 'POST', url, token, body });

describe('presence', () => {
  it('a device that connects is online within 1 s: live event, then the devices row', async () => {
    const d = await t.addDevice({ type: 'dust' });
    await watch(live, d.id);
    const started = Date.now();
    t.sim(d);
    const online = await live.waitFor((m) => m.type === 'presence' && m.data.deviceId === d.id, 1_000, 'online');
    expect(online.data).toMatchObject({ onlineStatus: 'online', ip: '127.0.0.1' });
    expect(online.at - started).toBeLessThan(1_000);
    await expect.poll(async () => (await rowOf(t, d.id)).onlineStatus, { timeout: 1_000 }).toBe('online');
    const fresh = await rowOf(t, d.id);
    expect(fresh.heartbeatDatetime).not.toBeNull();
    expect(fresh.version).toBeTruthy();
  });

  it('a killed device is offline within two heartbeat intervals, live and in the row', async () => {
    const d = await linked({ type: 'plate' });
    await expect.poll(async () => (await rowOf(t, d.id)).onlineStatus, { timeout: 1_000 }).toBe('online');
    const killedAt = Date.now();
    d.sim.kill();
    const off = await live.waitFor(
      (m) => m.type === 'presence' && m.data.deviceId === d.id && m.data.onlineStatus === 'offline',
      2 * HB_MS + 500,
      'offline',
    );
    expect(off.at - killedAt).toBeLessThan(2 * HB_MS + 300);
    await expect.poll(async () => (await rowOf(t, d.id)).onlineStatus, { timeout: 1_000 }).toBe('offline');
  });

  it('a replaced link does not flap: no offline event, the row stays online', async () => {
    const d = await linked({ type: 'face' });
    const since = Date.now();
    const second = t.sim(d, { retryScale: 100 });
    await second.waitFor('up', 10_000);
    await new Promise((r) => setTimeout(r, 3 * HB_MS));
    const flaps = live.seen.filter(
      (m) => m.at >= since && m.type === 'presence' && m.data.deviceId === d.id && m.data.onlineStatus === 'offline',
    );
    expect(flaps).toEqual([]);
    expect((await rowOf(t, d.id)).onlineStatus).toBe('online');
    d.sim.kill();
  });

  it('a device forbidden or deleted while linked is cut off (4010 revoked) and offline', async () => {
    const d = await linked({ type: 'elevator' });
    await t.database.db.update(devices).set({ authStatus: 'forbidden' }).where(eq(devices.id, d.id));
    await until(() => d.sim.lastClose?.code === 4010, 2_000, 'revoked close');
    await live.waitFor(
      (m) => m.type === 'presence' && m.data.deviceId === d.id && m.data.reason === 'revoked',
      1_000,
      'revoked offline',
    );
    await expect.poll(async () => (await rowOf(t, d.id)).onlineStatus, { timeout: 1_000 }).toBe('offline');
  });

  it('a row left online by a crashed instance is marked offline by the sweep, and browsers are told', async () => {
    const d = await t.addDevice({ type: 'gateway' });
    await watch(live, d.id);
    await t.database.db
      .update(devices)
      .set({ onlineStatus: 'online', heartbeatDatetime: new Date(Date.now() - 60_000) })
      .where(eq(devices.id, d.id));
    await live.waitFor((m) => m.type === 'presence' && m.data.deviceId === d.id && m.data.reason === 'stale', 2_000);
    expect((await rowOf(t, d.id)).onlineStatus).toBe('offline');
  });

  it('writes presence of a whole batch with one statement', async () => {
    const a = await t.addDevice();
    const b = await t.addDevice();
    const sink = new DbPresenceSink(t.database.db);
    const at = new Date();
    await sink.flush([
      { deviceId: a.id, online: true, at, heartbeatAt: at, ip: '10.0.0.1', versions: { version: '9.9' } },
      { deviceId: b.id, online: true, at, heartbeatAt: at, ip: '10.0.0.2', versions: {} },
    ]);
    expect(sink.statements).toBe(1);
    expect(await rowOf(t, a.id)).toMatchObject({ onlineStatus: 'online', ip: '10.0.0.1', version: '9.9' });
    expect(await rowOf(t, b.id)).toMatchObject({ onlineStatus: 'online', ip: '10.0.0.2' });
    // An older state never overwrites a newer one (two instances, a late flush).
    await sink.flush([
      { deviceId: a.id, online: false, at, heartbeatAt: new Date(at.getTime() - 5_000), ip: '', versions: {} },
    ]);
    expect((await rowOf(t, a.id)).onlineStatus).toBe('online');
  });
});

describe('authentication against the devices table', () => {
  it('an unknown sn is recorded with authStatus unknown and refused', async () => {
    const sn = `UNKNOWN${Date.now()}`;
    const sim = t.sim({ sn, mac: '02:AA:BB:CC:DD:01', secret: 'x', type: 'aiBox' }, { retryScale: 100 });
    const refused = await new Promise<{ reason: string }>((resolve) => sim.once('refused', resolve));
    expect(refused.reason).toBe('unknown');
    const [row] = await t.database.db.select().from(devices).where(eq(devices.sn, sn));
    expect(row).toMatchObject({ authStatus: 'unknown', type: 'aiBox', mac: '02:AA:BB:CC:DD:01', ip: '127.0.0.1' });
  });

  it.each([
    ['forbidden', { authStatus: 'forbidden' as const }, 'forbidden'],
    ['not allowed', { allow: false }, 'forbidden'],
    ['expired licence', { licenceExpiresAt: new Date(Date.now() - 1000) }, 'expired'],
  ])('%s is refused', async (_name, opts, reason) => {
    const d = await t.addDevice(opts);
    const sim = t.sim(d, { retryScale: 100 });
    const refused = await new Promise<{ reason: string }>((resolve) => sim.once('refused', resolve));
    expect(refused.reason).toBe(reason);
  });

  it('a wrong secret and a MAC mismatch are refused', async () => {
    const d = await t.addDevice();
    const bad = t.sim({ ...d, secret: 'not-the-secret' }, { retryScale: 100 });
    expect((await new Promise<{ reason: string }>((r) => bad.once('refused', r))).reason).toBe('badSecret');
    const other = t.sim({ ...d, mac: '02:00:00:00:00:99' }, { retryScale: 100 });
    expect((await new Promise<{ reason: string }>((r) => other.once('refused', r))).reason).toBe('mismatch');
  });
});

describe('commands', () => {
  it('snapshot answers a JPEG as a data URL, and is audited', async () => {
    const d = await linked({ type: 'plate' });
    const res = await post(`/api/device/${d.id}/snapshot`, admin);
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data.dataUrl).toMatch(/^data:image\/jpeg;base64,/);
    const jpeg = Buffer.from(res.body.data.dataUrl.split(',')[1], 'base64');
    expect([jpeg[0], jpeg[1], jpeg.at(-2), jpeg.at(-1)]).toEqual([0xff, 0xd8, 0xff, 0xd9]);
    expect(res.body.data.size).toBe(jpeg.length);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'device.snapshot'), eq(auditLog.targetId, String(d.id))));
    expect(audit[0]?.detail).toMatchObject({ outcome: 'ok', sn: d.sn });
  });

  it('openDoor answers the door and the time; a dust monitor has no door (409 unsupported)', async () => {
    const d = await linked({ type: 'face' });
    const res = await post(`/api/device/${d.id}/openDoor`, admin, { door: 1 });
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data.door).toBe(1);
    expect(Date.parse(res.body.data.openedAt)).toBeGreaterThan(Date.now() - 10_000);
    const dust = await linked({ type: 'dust' });
    const no = await post(`/api/device/${dust.id}/openDoor`, admin);
    expect(no.status).toBe(409);
    expect(no.body).toMatchObject({ code: DeviceLinkCode.unsupported, data: { reason: 'unsupported' } });
  });

  it('an offline device answers at once with a clear error', async () => {
    const d = await t.addDevice({ type: 'face' });
    const started = Date.now();
    const res = await post(`/api/device/${d.id}/openDoor`, admin);
    expect(Date.now() - started).toBeLessThan(300);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: DeviceLinkCode.offline,
      msg: 'The device is offline',
      data: { reason: 'offline' },
    });
  });

  it('a device that does not answer gives a timeout error in time, never a hung request', async () => {
    const d = await linked({ type: 'face' }, { ignoreMethods: ['reboot'] });
    const started = Date.now();
    const res = await post(`/api/device/${d.id}/reboot`, admin);
    const took = Date.now() - started;
    expect(res.status).toBe(504);
    expect(res.body).toMatchObject({ code: DeviceLinkCode.timeout, data: { reason: 'timeout' } });
    expect(took).toBeGreaterThanOrEqual(1_400);
    expect(took).toBeLessThan(2_500);
  });

  it("an agent commands its own devices; another agent's device is 404", async () => {
    const mine = await linked({ type: 'face', agentId: agentA.id });
    const theirs = await linked({ type: 'face', agentId: agentB.id });
    expect((await post(`/api/device/${mine.id}/openDoor`, agentA.token)).status).toBe(200);
    const res = await post(`/api/device/${theirs.id}/openDoor`, agentA.token);
    expect(res.status).toBe(404);
    expect((await post(`/api/device/${theirs.id}/snapshot`, agentA.token)).status).toBe(404);
    const ticket = await t.call({
      method: 'POST',
      url: '/api/device/ticket',
      token: agentA.token,
      body: { purpose: 'terminal', deviceId: theirs.id },
    });
    expect(ticket.status).toBe(404);
  });

  it("an agent's live channel carries its own devices only", async () => {
    const agentTab = await openLive(t, agentA.token);
    try {
      await agentTab.ready();
      const theirs = await t.addDevice({ type: 'dust', agentId: agentB.id });
      const mine = await t.addDevice({ type: 'dust', agentId: agentA.id });
      // Another agent's device is refused exactly like one that does not exist.
      expect(await watch(agentTab, theirs.id, mine.id)).toMatchObject({
        topics: [deviceTopicOf(mine.id)],
        refused: [deviceTopicOf(theirs.id)],
      });
      await watch(live, theirs.id, mine.id);
      t.sim(theirs);
      t.sim(mine);
      await agentTab.waitFor((m) => m.type === 'presence' && m.data.deviceId === mine.id, 1_000);
      await live.waitFor((m) => m.type === 'presence' && m.data.deviceId === theirs.id, 1_000);
      expect(agentTab.seen.some((m) => m.data.deviceId === theirs.id)).toBe(false);
    } finally {
      agentTab.close();
    }
  });

  it('a manager may neither command nor open a terminal, and its live stream carries no device', async () => {
    const [, token] = await createSignedInUser(t, admin, { role: 'manager' });
    const d = await linked({ type: 'face' });
    expect((await post(`/api/device/${d.id}/openDoor`, token)).status).toBe(403);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/device/ticket',
          token,
          body: { purpose: 'terminal', deviceId: d.id },
        })
      ).status,
    ).toBe(403);
    const managerTab = await openLive(t, token);
    try {
      await managerTab.ready();
      const other = await t.addDevice({ type: 'dust' });
      expect(await watch(managerTab, other.id)).toMatchObject({ topics: [], refused: [deviceTopicOf(other.id)] });
      await watch(live, other.id);
      t.sim(other);
      await live.waitFor((m) => m.type === 'presence' && m.data.deviceId === other.id, 1_000);
      await new Promise((r) => setTimeout(r, 100));
      expect(managerTab.seen.map((m) => m.type)).toEqual(['ready', 'subscribed']);
    } finally {
      managerTab.close();
    }
  });

  it('a forged live ticket, or a ticket for another purpose, is refused (4401)', async () => {
    const refusedWith = async (ticket: string) => {
      const ws = new WebSocket(`${t.base.replace('http', 'ws')}/api/live?ticket=${encodeURIComponent(ticket)}`);
      return new Promise<number>((resolve) => ws.on('close', (c) => resolve(c)));
    };
    expect(await refusedWith('forged.ticket')).toBe(LiveClose.unauthorized);
    const remoteTicket = await ticketFor(t, admin, 'remote', (await t.addDevice()).id);
    expect(await refusedWith(remoteTicket.ticket)).toBe(LiveClose.unauthorized);
  });
});

describe('terminal', () => {
  function openTerminal(url: string) {
    const ws = new WebSocket(url);
    let out = '';
    const texts: Record<string, unknown>[] = [];
    const push = (v: unknown) => texts.push(v as Record<string, unknown>);
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    ws.on('message', (data, isBinary) => {
      if (isBinary) out += data.toString();
      else push(JSON.parse(data.toString()));
    });
    return { ws, closed, texts, output: () => out };
  }

  it('round trip over the browser WebSocket: prompt, command output, resize, exit closes it', async () => {
    const d = await linked({ type: 'towerCrane' });
    const { url } = await ticketFor(t, admin, 'terminal', d.id);
    const term = openTerminal(`${t.base.replace('http', 'ws')}${url}&cols=100&rows=30`);
    await until(() => term.output().includes(`${d.sn}@siteops:~$`), 2_000, 'prompt');
    expect(term.texts[0]).toMatchObject({ type: 'ready' });
    term.ws.send(JSON.stringify({ type: 'resize', cols: 120, rows: 40 }));
    term.ws.send(Buffer.from('stty size\r'), { binary: true });
    await until(() => term.output().includes('40 120'), 2_000, 'stty size after resize');
    term.ws.send(Buffer.from('hostname\r'), { binary: true });
    await until(() => term.output().split(d.sn).length > 3, 2_000, 'hostname output');
    term.ws.send(Buffer.from('exit\r'), { binary: true });
    expect((await term.closed).code).toBe(TerminalClose.normal);
  });

  it('a terminal ticket opens one terminal only: using its URL again is refused (4401)', async () => {
    const d = await linked({ type: 'aiBox' });
    const { url } = await ticketFor(t, admin, 'terminal', d.id);
    const first = openTerminal(`${t.base.replace('http', 'ws')}${url}`);
    await until(() => first.output().includes('@siteops:~$'), 2_000, 'prompt');
    const again = openTerminal(`${t.base.replace('http', 'ws')}${url}`);
    expect((await again.closed).code).toBe(TerminalClose.unauthorized);
    expect(again.output()).toBe('');
    first.ws.close();
  });

  it('closing the browser side ends the shell stream on the device link', async () => {
    const d = await linked({ type: 'face' });
    const { url } = await ticketFor(t, admin, 'terminal', d.id);
    const term = openTerminal(`${t.base.replace('http', 'ws')}${url}`);
    await until(() => term.output().includes('@siteops:~$'), 2_000, 'prompt');
    const link = t.app.deviceLink.gateway.registry.get(d.id)!;
    expect(link.streams.size).toBe(1);
    term.ws.close();
    await until(() => link.streams.size === 0, 1_000, 'stream closed');
  });

  it('refuses a bad ticket (4401), an offline device (4409); closes on idle (4408)', async () => {
    const d = await t.addDevice();
    const bad = openTerminal(`${t.base.replace('http', 'ws')}/api/device/${d.id}/terminal?ticket=nope`);
    expect((await bad.closed).code).toBe(TerminalClose.unauthorized);
    const { url } = await ticketFor(t, admin, 'terminal', d.id);
    const offline = openTerminal(`${t.base.replace('http', 'ws')}${url}`);
    expect((await offline.closed).code).toBe(TerminalClose.offline);
    const live = await linked({ type: 'gateway' });
    const idle = openTerminal(`${t.base.replace('http', 'ws')}${(await ticketFor(t, admin, 'terminal', live.id)).url}`);
    const opened = Date.now();
    const closed = await idle.closed;
    expect(closed.code).toBe(TerminalClose.idle);
    expect(Date.now() - opened).toBeGreaterThanOrEqual(900);
  });
});

describe('remote-control tunnel', () => {
  it('returns the device page sandboxed, and checks the session on every request', async () => {
    const d = await linked({ type: 'dust' });
    const token = await t.login();
    const { url } = await ticketFor(t, token, 'remote', d.id);
    const opened = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'device.remote'), eq(auditLog.targetId, String(d.id))));
    expect(opened).toHaveLength(1);
    const page = await fetch(`${t.base}${url}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toMatch(/^sandbox /);
    expect(await page.text()).toContain(d.sn);
    const img = await fetch(`${t.base}${url}snapshot.jpg`);
    expect(img.headers.get('content-type')).toBe('image/jpeg');
    // Loaded by a sandboxed (opaque-origin) page: a same-origin CORP would break it in the browser.
    expect(img.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const bytes = Buffer.from(await img.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
    // A form POST reaches the device; its redirect to `/` stays inside the tunnel.
    const form = await fetch(`${t.base}${url}config`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=North+gate',
      redirect: 'manual',
    });
    expect(form.status).toBe(303);
    expect(new URL(form.headers.get('location')!, `${t.base}${url}config`).pathname).toBe(url);
    const config = await t.call({ method: 'GET', url: `/api/device/${d.id}/config?keys=name`, token: admin });
    expect(config.body.data.config.name).toBe('North gate');
    // Without the trailing slash: redirected inside the tunnel.
    const bare = await fetch(`${t.base}${url.slice(0, -1)}`, { redirect: 'manual' });
    expect(bare.status).toBe(302);
    await t.call({ method: 'POST', url: '/api/user/logout', token });
    const after = await fetch(`${t.base}${url}`);
    expect(after.status).toBe(401);
  });

  it('an offline device answers 409 in the tab, in the tab’s language', async () => {
    const d = await t.addDevice();
    const { url } = await ticketFor(t, admin, 'remote', d.id);
    const en = await fetch(`${t.base}${url}`);
    expect(en.status).toBe(409);
    expect(await en.text()).toContain('<h1>Device unavailable</h1><p>The device is offline</p>');
    const zh = await fetch(`${t.base}${url}`, { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
    expect(await zh.text()).toContain('<h1>设备不可用</h1><p>设备不在线</p>');
  });
});

describe('telemetry and events', () => {
  it('telemetry is stored (series, latest) and sent live', async () => {
    const d = await linked({ type: 'dust' });
    d.sim.sendTelemetry({ a34004: 40, LA: 60 });
    await new Promise((r) => setTimeout(r, 20));
    d.sim.sendTelemetry({ a34004: 50 });
    // The live channel merges a device's readings within one batch into their newest values, so the
    // tab may get both messages or one merged: either way it ends with a34004 50 and has seen LA 60.
    const readings = (m: { data: Record<string, unknown> }) => m.data.data as Record<string, unknown>;
    const sent = await live.waitFor(
      (m) => m.type === 'telemetry' && m.data.deviceId === d.id && readings(m).a34004 === 50,
      1_000,
    );
    expect(sent.data).toMatchObject({ type: 'dust' });
    expect(live.of(d.id).some((m) => m.type === 'telemetry' && readings(m).LA === 60)).toBe(true);
    await expect
      .poll(
        async () =>
          rowsOf<{ n: number }>(
            await t.database.db.execute(sql`select count(*)::int as n from device_telemetry where device_id = ${d.id}`),
          )[0],
        { timeout: 1_000 },
      )
      .toMatchObject({ n: 2 });
    expect((await rowOf(t, d.id)).latest).toMatchObject({ a34004: 50, LA: 60 });
    const series = await t.call({ method: 'GET', url: `/api/device/${d.id}/telemetry?field=a34004`, token: admin });
    expect(series.status, series.body.msg).toBe(200);
    const values = series.body.data.points.map((p: number[]) => p[1]);
    expect(values.length).toBeGreaterThanOrEqual(1);
    expect(Math.min(...series.body.data.points.map((p: number[]) => p[2]))).toBe(40);
    const latest = await t.call({ method: 'GET', url: `/api/device/${d.id}/latest`, token: admin });
    expect(latest.body.data).toMatchObject({ data: { a34004: 50 }, onlineStatus: 'online' });
    expect(Object.keys(latest.body.data.data).sort()).toEqual(['LA', 'a34004']); // readings only, not their times
  });

  it('events are stored once, listed per device with their picture', async () => {
    const d = await linked({ type: 'face' });
    const id = d.sim.sendEvent({
      kind: 'pass',
      level: 'info',
      picture: true,
      data: { personId: 'P1', personName: 'Zhang Wei', direction: 'in', verifyMode: 'face', similarity: 0.93 },
    });
    await live.waitFor((m) => m.type === 'event' && m.data.id === id, 1_000);
    await until(() => d.sim.pendingEvents === 0, 2_000, 'event.ack');
    const [row] = await t.database.db.select().from(deviceEvents).where(eq(deviceEvents.id, id));
    expect(row).toMatchObject({ deviceId: d.id, kind: 'pass', level: 'info' });
    // The same event again (another instance got the resend after a reconnect): stored once.
    await new DbTelemetrySink(t.database.db).flush({
      points: [],
      latest: [],
      events: [{ ...row, type: 'face', level: 'info', data: row.data, picture: undefined }],
    });
    const list = await t.call({ method: 'GET', url: `/api/device/${d.id}/events?kind=pass`, token: admin });
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.list[0]).toMatchObject({ id, kind: 'pass', data: { personName: 'Zhang Wei' } });
    const pic = await fetch(`${t.base}${list.body.data.list[0].pictureUrl}`);
    expect(pic.headers.get('content-type')).toBe('image/jpeg');
    const forged = await fetch(`${t.base}/api/device/${d.id}/events/${id}/picture?exp=9999999999&sig=x`);
    expect(forged.status).toBe(404);
  });
});

describe('jobs and settings', () => {
  it('retention prunes telemetry older than the configured days and keeps the rest', async () => {
    const d = await t.addDevice({ type: 'dust' });
    const day = 86_400_000;
    await t.database.db.execute(sql`
      insert into device_telemetry (device_id, at, data) values
        (${d.id}, ${new Date(Date.now() - 31 * day).toISOString()}::timestamptz, '{"a34004": 1}'),
        (${d.id}, ${new Date(Date.now() - 29 * day).toISOString()}::timestamptz, '{"a34004": 2}')`);
    expect(await pruneTelemetry(t.database.db, 30)).toBeGreaterThanOrEqual(1);
    const left = rowsOf<{ v: number }>(
      await t.database.db.execute(
        sql`select (data->>'a34004')::int as v from device_telemetry where device_id = ${d.id}`,
      ),
    );
    expect(left).toEqual([{ v: 2 }]);
  });

  it('retention prunes device events (and their pictures) older than the configured days, keeps the rest', async () => {
    const d = await t.addDevice({ type: 'face' });
    const day = 86_400_000;
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day).toISOString();
    await t.database.db.execute(sql`
      insert into device_events (id, device_id, type, kind, level, at, received_at, data) values
        (gen_random_uuid(), ${d.id}, 'face', 'pass', 'info', ${at(91)}::timestamptz, now(), '{"n": 1}'),
        (gen_random_uuid(), ${d.id}, 'face', 'pass', 'info', ${at(89)}::timestamptz, now(), '{"n": 2}')`);
    expect(await pruneEvents(t.database.db, 90)).toBeGreaterThanOrEqual(1);
    const left = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select (data->>'n')::int as n from device_events where device_id = ${d.id}`),
    );
    expect(left).toEqual([{ n: 2 }]);
  });

  it('devices are told the heartbeat interval of the system constant', async () => {
    const database = await openTestDatabase();
    await database.db.insert(constants).values({ key: 'device.heartbeatSeconds', value: '7' });
    const other = await startLinkApp({ database, deviceLink: { gateway: { refuseDelayMs: 0 } } });
    try {
      const d = await other.addDevice();
      const sim = other.sim(d);
      const linked = await new Promise<{ heartbeatSeconds: number }>((r) => sim.once('linked', r));
      expect(linked.heartbeatSeconds).toBe(7);
    } finally {
      await other.close();
      await database.close();
    }
  });
});
