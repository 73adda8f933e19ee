import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { DEVICE_IMPORT_COLUMNS } from '@siteops/contracts/device/sheet';
import { jobTopicOf, LIVE_PATH, LiveClose, type LiveServerMessage } from '@siteops/contracts/live/schemas';
import { devices, projectMembers, projects } from '../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { appWithTwoAgents, createUser, uniq } from '../../test/fixtures.ts';
import { liveTabs } from '../modules/device-link/liveTestkit.ts';
import { startLinkApp, type LinkTestApp } from '../modules/device-link/testkit.ts';
import { deviceApi } from '@siteops/contracts/device/api';

const { t, admin, agentA, agentB } = await appWithTwoAgents(startLinkApp);
let manager: string;
let user: string;
let userId: number;
/** agent A's device, in a project the manager manages; agent B's device. */
let dA: Awaited<ReturnType<LinkTestApp['addDevice']>>;
let dB: Awaited<ReturnType<LinkTestApp['addDevice']>>;
const tabs = liveTabs(() => t);
const tab = tabs.open;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  const m = await createUser(t, admin, { role: 'manager' });
  manager = await t.login(m.userName, m.password);
  const u = await createUser(t, admin, { role: 'user' });
  user = await t.login(u.userName, u.password);
  userId = u.id;
  const [project] = await t.database.db
    .insert(projects)
    .values({ name: 'Live site', code: uniq('LIVE'), agentId: agentA.id })
    .returning({ id: projects.id });
  await t.database.db.insert(projectMembers).values({ projectId: project.id, userId: m.id, role: 'manager' });
  dA = await t.addDevice({ type: 'dust', agentId: agentA.id });
  await t.database.db.update(devices).set({ projectId: project.id }).where(eq(devices.id, dA.id));
  dB = await t.addDevice({ type: 'dust', agentId: agentB.id });
});
// Before the app closes (after-all hooks run last registered first).
afterAll(() => tabs.closeAll());

describe('subscribing', () => {
  it('each role gets the devices it may list; the rest is refused exactly like an id that does not exist', async () => {
    const missing = 2_000_000_000;
    const topics = [`device:${dA.id}`, `device:${dB.id}`, `device:${missing}`];
    const expectations: [string, string[]][] = [
      [admin, [`device:${dA.id}`, `device:${dB.id}`]],
      [agentA.token, [`device:${dA.id}`]],
      [agentB.token, [`device:${dB.id}`]],
      [manager, [`device:${dA.id}`]],
      [user, []],
    ];
    for (const [token, allowed] of expectations) {
      const live = await tab(token);
      const answer = await live.subscribe(topics);
      expect(answer.topics.sort()).toEqual(allowed.sort());
      expect(answer.refused.sort()).toEqual(topics.filter((x) => !allowed.includes(x)).sort());
    }
  });

  it('notifications and the user’s own jobs are accepted; malformed topics are refused; a bad frame is answered, not fatal', async () => {
    const live = await tab(user);
    const job = jobTopicOf(userId, randomUUID());
    const answer = await live.subscribe(['notifications', job, 'device:abc', 'everything', `job:${randomUUID()}`]);
    expect(answer).toMatchObject({
      topics: ['notifications', job],
      refused: ['device:abc', 'everything', expect.stringMatching(/^job:/)],
    });
    live.ws.send('not json');
    await live.waitFor((m) => m.type === 'error');
    expect((await live.subscribe([jobTopicOf(userId, randomUUID())])).topics).toHaveLength(1);
  });

  it('another user’s job is refused, whoever asks (its topic names its owner)', async () => {
    const live = await tab(user);
    const others = [jobTopicOf(agentA.userId, randomUUID()), jobTopicOf(userId + 1_000_000, randomUUID())];
    expect(await live.subscribe(others)).toMatchObject({ topics: [], refused: others });
    const adminTab = await tab(admin);
    const usersJob = jobTopicOf(userId, randomUUID());
    expect(await adminTab.subscribe([usersJob])).toMatchObject({ topics: [], refused: [usersJob] });
  });

  it('a forged ticket closes the channel with 4401', async () => {
    const WebSocket = (await import('ws')).default;
    // The live channel is a WebSocket route registered by hand (live/socket.ts), not a declared endpoint.

    const ws = new WebSocket(`${t.base.replace('http', 'ws')}${LIVE_PATH}?ticket=forged.ticket`);
    const code = await new Promise<number>((resolve) => ws.on('close', (c) => resolve(c)));
    expect(code).toBe(LiveClose.unauthorized);
  });
});

describe('device events', () => {
  it('reach the tabs subscribed to the device and no others', async () => {
    const adminTab = await tab(admin);
    const agentTab = await tab(agentA.token);
    const idle = await tab(admin);
    await adminTab.subscribe([`device:${dA.id}`, `device:${dB.id}`]);
    await agentTab.subscribe([`device:${dA.id}`]);
    const simA = t.sim(dA);
    const simB = t.sim(dB);
    await simA.waitFor('up', 10_000);
    await simB.waitFor('up', 10_000);
    await agentTab.waitFor(
      (m) => m.type === 'presence' && m.data.deviceId === dA.id && m.data.onlineStatus === 'online',
    );
    await adminTab.waitFor((m) => m.type === 'presence' && m.data.deviceId === dB.id);
    simA.sendTelemetry({ a34004: 40, LA: 60 });
    simA.sendTelemetry({ a34004: 41 });
    const reading = await agentTab.waitFor((m) => m.type === 'telemetry' && m.data.deviceId === dA.id);
    expect(reading.data).toMatchObject({ type: 'dust', data: { a34004: expect.any(Number) } });
    await adminTab.waitFor((m) => m.type === 'telemetry' && m.data.deviceId === dA.id);
    await sleep(100);
    expect(agentTab.of(dB.id)).toEqual([]);
    expect(idle.seen.map((m) => m.type)).toEqual(['ready']);
    await simA.stop();
    await simB.stop();
    await agentTab.waitFor(
      (m) => m.type === 'presence' && m.data.deviceId === dA.id && m.data.onlineStatus === 'offline',
    );
  });

  it('are batched per tab, the readings of one device in a batch merged into its newest values', async () => {
    const frames: LiveServerMessage[] = [];
    const conn = {
      userId: 1,
      sessionId: 0,
      caller: { id: 1, role: 'admin' as const, agentId: null },
      managed: new Set<number>(),
      topics: new Set<string>(),
      send: (m: LiveServerMessage) => frames.push(m),
    };
    const channel = t.app.deviceLink.channel;
    channel.add(conn);
    await channel.subscribe(conn, [`device:${dB.id}`]);
    const reading = (data: Record<string, number>) => ({
      kind: 'telemetry' as const,
      data: { deviceId: dB.id, type: 'dust' as const, at: new Date().toISOString(), data },
    });
    channel.device(dB.id, reading({ a34004: 1, LA: 60 }));
    channel.device(dB.id, reading({ a34004: 2 }));
    await sleep(60);
    channel.remove(conn);
    expect(frames).toEqual([
      {
        type: 'device',
        items: [reading({ a34004: 2, LA: 60 })].map((i) => ({ ...i, data: { ...i.data, at: expect.any(String) } })),
      },
    ]);
  });

  it('after unsubscribing, a device sends nothing more to that tab', async () => {
    const live = await tab(admin);
    await live.subscribe([`device:${dB.id}`]);
    const sim = t.sim(dB);
    await sim.waitFor('up', 10_000);
    await live.waitFor((m) => m.type === 'presence' && m.data.deviceId === dB.id);
    expect(await live.unsubscribe([`device:${dB.id}`, `device:${dA.id}`])).toMatchObject({
      topics: [`device:${dB.id}`],
    });
    const before = live.of(dB.id).length;
    sim.sendTelemetry({ a34004: 1 });
    await sleep(300);
    expect(live.of(dB.id).length).toBe(before);
    await sim.stop();
  });

  it('scope is checked on every event: a device divided to another agent stops reaching the old agent', async () => {
    const d = await t.addDevice({ type: 'dust', agentId: agentA.id });
    const oldOwner = await tab(agentA.token);
    expect((await oldOwner.subscribe([`device:${d.id}`])).topics).toEqual([`device:${d.id}`]);
    const sim = t.sim(d);
    await sim.waitFor('up', 10_000);
    sim.sendTelemetry({ a34004: 1 });
    await oldOwner.waitFor((m) => m.type === 'telemetry' && m.data.deviceId === d.id);
    const res = await t.api(deviceApi.divideAgent, { ids: [d.id], agentId: agentB.id }, admin);
    expect(res.body.code, res.body.msg).toBe(200);
    const newOwner = await tab(agentB.token);
    expect((await newOwner.subscribe([`device:${d.id}`])).topics).toEqual([`device:${d.id}`]);
    // The owner cache lives 100 ms in tests (15 s in production): past it, every event is judged anew.
    await sleep(250);
    sim.sendTelemetry({ a34004: 2 });
    await sleep(100);
    sim.sendTelemetry({ a34004: 3 });
    await newOwner.waitFor((m) => m.type === 'telemetry' && (m.data.data as { a34004?: number }).a34004 === 3);
    await sleep(100);
    const after = oldOwner.of(d.id).filter((m) => [2, 3].includes((m.data.data as { a34004?: number })?.a34004 ?? 0));
    expect(after).toEqual([]);
    await sim.stop();
  });
});

describe('the device list', () => {
  it("answers each row's latest readings and when they arrived", async () => {
    const d = await t.addDevice({ type: 'dust' });
    const sim = t.sim(d);
    await sim.waitFor('up', 10_000);
    sim.sendTelemetry({ a34004: 33, LA: 61 });
    const row = async () => {
      const res = await t.api(deviceApi.listAll, { sn: d.sn }, admin);
      return res.body.data.list[0];
    };
    await expect.poll(async () => (await row())?.latest, { timeout: 2_000 }).toMatchObject({ a34004: 33, LA: 61 });
    expect((await row()).latestAt).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    await sim.stop();
  });
});

describe('job progress', () => {
  async function xlsx(n: number) {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Devices');
    ws.addRow(DEVICE_IMPORT_COLUMNS.map((c) => c['en-US']));
    const keys = DEVICE_IMPORT_COLUMNS.map((c) => c.key);
    for (let i = 0; i < n; i++) {
      const mac = ['02', ...Array.from({ length: 5 }, () => randomBytes(1).toString('hex'))].join(':').toUpperCase();
      const row: Record<string, string> = { type: 'face', sn: uniq('JOB'), mac };
      ws.addRow(keys.map((k) => row[k] ?? null));
    }
    return Buffer.from(await wb.xlsx.writeBuffer());
  }

  it('an import reports its steps on job:<userId>:<id> to the importing user only; others cannot subscribe', async () => {
    const jobId = randomUUID();
    const topic = jobTopicOf(agentA.userId, jobId);
    const mine = await tab(agentA.token);
    const someoneElse = await tab(agentB.token);
    expect((await mine.subscribe([topic])).topics).toEqual([topic]);
    expect(await someoneElse.subscribe([topic])).toMatchObject({ topics: [], refused: [topic] });
    const file = await xlsx(30);
    const boundary = `----live${randomBytes(6).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="d.xlsx"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.api.raw(
      deviceApi.import,
      { contentType: `multipart/form-data; boundary=${boundary}`, payload },
      { lang: 'en-US', jobId },
      agentA.token,
    );
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ created: 30, committed: true });
    const done = await mine.waitFor((m) => m.type === 'job' && (m.data.data as { state: string }).state === 'done');
    expect(done.data.data).toMatchObject({ jobId, kind: 'device.import', done: 30, total: 30 });
    const steps = mine.seen.filter((m) => m.type === 'job').map((m) => (m.data.data as { step: string }).step);
    expect(steps).toEqual(expect.arrayContaining(['reading', 'checking', 'writing', 'done']));
    expect(someoneElse.seen.filter((m) => m.type === 'job')).toEqual([]);
  });

  it('a bad jobId is refused as bad input', async () => {
    const res = await t.api(deviceApi.import, { lang: 'en-US', jobId: 'nope' }, admin);
    expect(res.status).toBe(400);
  });
});
