import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { CampaignItem, CampaignRun } from '@siteops/contracts/broadcast/schemas';
import { auditLog, broadcastCampaigns, broadcastRuns, devices } from '../../db/schema/index.ts';
import { createAgent, createSignedInUser, createUser, inChinese, uniq } from '../../../test/fixtures.ts';
import { startLinkApp, type LinkTestApp } from '../device-link/testkit.ts';
import { claimDueRuns } from './scheduler.ts';
import { broadcastApi } from '@siteops/contracts/broadcast/api';
import { projectApi } from '@siteops/contracts/project/api';

/**
 * Broadcast campaigns against simulated cloud speakers over the device link: what a speaker plays and
 * when, a speaker's refusal, an offline speaker, pause, resume and cancel, the spec's field errors,
 * and that another tenant's campaign or speaker is 404.
 */
let t: LinkTestApp;
let admin: string;

beforeAll(async () => {
  t = await startLinkApp({ broadcasts: { tickMs: 100, commandTimeoutMs: 2_000 } });
  admin = await t.login();
});
afterAll(() => t?.close());

async function speaker(agentId: number | null = null, online = true) {
  const d = await t.addDevice({ type: 'broadcast', agentId });
  if (!online) return { ...d, sim: undefined };
  const sim = t.sim(d);
  await sim.waitFor('up', 10_000);
  return { ...d, sim };
}
const fields = {
  name: 'Safety week',
  link: 'https://example.com/safety',
  content: 'Helmets on past the gate.',
  voice: 'male',
  volume: 60,
};
const add = (token: string, body: object, lang?: string) =>
  t.api.unchecked(
    broadcastApi.add,
    { ...fields, ...body },
    { token, headers: lang ? { 'accept-language': lang } : {} },
  );
const added = async (token: string, body: object) => {
  const res = await add(token, body);
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data as CampaignItem;
};
const detail = async (token: string, id: number) =>
  (await t.api(broadcastApi.detail, { id }, token)).body.data as CampaignItem;
const runs = async (token: string, id: number) =>
  (await t.api(broadcastApi.runs, { id }, token)).body.data.list as CampaignRun[];
async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}
const settled = (id: number) =>
  until(
    () => runs(admin, id),
    (l) => l.length > 0 && l[0].counts.pending === 0,
  );
const campaignCount = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(broadcastCampaigns))[0].n;

describe('a run', () => {
  it('plays on each speaker and records each outcome: played, refused with its reason, offline', async () => {
    const a = await speaker();
    const refusing = await speaker();
    refusing.sim!.setConfig({ playbackEnabled: false });
    const off = await speaker(null, false);
    const c = await added(admin, {
      targets: { by: 'devices', deviceIds: [a.id, refusing.id, off.id] },
      schedule: { kind: 'now' },
    });
    expect(c).toMatchObject({ status: 'scheduled', deviceCount: 3, voice: 'male', volume: 60 });

    const [run] = await settled(c.id);
    expect(run.counts).toEqual({ pending: 0, played: 1, refused: 1, offline: 1 });
    const by = (id: number) => run.devices.find((d) => d.deviceId === id)!;
    expect(by(a.id)).toMatchObject({ outcome: 'played', reason: null, sn: a.sn });
    expect(by(refusing.id)).toMatchObject({ outcome: 'refused', reason: 'playback is turned off on this speaker' });
    expect(by(off.id)).toMatchObject({ outcome: 'offline', reason: 'The device is offline' });
    expect(a.sim!.played).toHaveLength(1);
    expect(a.sim!.played[0]).toMatchObject({
      playId: by(a.id).playId,
      title: 'Safety week',
      text: 'Helmets on past the gate.',
      voice: 'male',
      volume: 60,
    });
    expect(refusing.sim!.played).toHaveLength(0);
    // A one-off is finished once it ran, and plays no more.
    expect(await detail(admin, c.id)).toMatchObject({ status: 'finished', nextRunAt: null, runCount: 1 });
    const zh = await t.api(broadcastApi.runs, { id: c.id }, inChinese(admin));
    expect((zh.body.data.list as CampaignRun[])[0].devices.find((d) => d.deviceId === off.id)?.reason).toBe(
      '设备不在线',
    );

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'broadcast.add'), eq(auditLog.targetId, String(c.id))));
    expect(audit.detail).toMatchObject({ name: 'Safety week', devices: 3 });
  });

  it('a campaign at a time plays at that time, not before', async () => {
    const a = await speaker();
    const when = new Date(Date.now() + 1_500);
    const c = await added(admin, {
      targets: { by: 'devices', deviceIds: [a.id] },
      schedule: { kind: 'at', at: when.toISOString() },
    });
    expect(c.nextRunAt).toBe(when.toISOString());
    await new Promise((r) => setTimeout(r, 800));
    expect(a.sim!.played).toHaveLength(0);
    await until(
      async () => a.sim!.played.length,
      (n) => n === 1,
    );
    expect(Date.parse(a.sim!.played[0].at)).toBeGreaterThanOrEqual(when.getTime());
    expect((await settled(c.id))[0].counts.played).toBe(1);
  });

  /**
   * Why campaigns recover from kill -9 with no lease to wait out (unlike the gate's device leases): a run
   * is claimed in one transaction (row locks the database drops with a dead connection) that records
   * the run with every speaker pending and moves the campaign on; any instance's round marks speakers
   * still pending past `staleAfterS` offline, and every later run is claimed by whoever is alive.
   */
  it('an instance that dies after claiming a run holds nothing: its speakers read offline, later runs play', async () => {
    const s = await speaker();
    const db = t.database.db;
    const doomed = await added(admin, {
      targets: { by: 'devices', deviceIds: [s.id] },
      schedule: { kind: 'at', at: new Date(Date.now() + 3_600_000).toISOString() },
    });
    // The dying instance claims the run (its time brought forward in the same transaction), then never sends.
    const [claimed] = await db.transaction(async (tx) => {
      await tx
        .update(broadcastCampaigns)
        .set({ nextRunAt: new Date(Date.now() - 1000) })
        .where(eq(broadcastCampaigns.id, doomed.id));
      return claimDueRuns(tx);
    });
    expect(claimed.devices).toEqual([s.id]);
    // Two minutes on (the default staleAfterS): whichever instance is alive settles the speaker.
    await db.execute(
      sql`update broadcast_runs set started_at = now() - interval '130 seconds' where id = ${claimed.run_id}`,
    );
    const [run] = await until(
      () => runs(admin, doomed.id),
      (l) => l[0]?.counts.pending === 0,
    );
    expect(run.counts).toMatchObject({ pending: 0, offline: 1, played: 0 });
    expect((await detail(admin, doomed.id)).status).toBe('finished');
    // The next campaign due plays at once: nothing of the dead instance's is waited for.
    const next = await added(admin, { targets: { by: 'devices', deviceIds: [s.id] }, schedule: { kind: 'now' } });
    const [played] = await until(
      () => runs(admin, next.id),
      (l) => l[0]?.counts.pending === 0,
    );
    expect(played.counts).toMatchObject({ played: 1, pending: 0 });
  });

  it('two instances claiming the same due run: only one records (and sends) it', async () => {
    const off = await speaker(null, false);
    const c = await added(admin, {
      targets: { by: 'devices', deviceIds: [off.id] },
      schedule: { kind: 'at', at: new Date(Date.now() + 3_600_000).toISOString() },
    });
    await t.database.db
      .update(broadcastCampaigns)
      .set({ nextRunAt: new Date(Date.now() - 1000) })
      .where(eq(broadcastCampaigns.id, c.id));
    const claimed = (await Promise.all([claimDueRuns(t.database.db), claimDueRuns(t.database.db)])).flat();
    expect(claimed.filter((r) => r.devices.includes(off.id)).length).toBeLessThanOrEqual(1);
    const rows = await until(
      () => t.database.db.select().from(broadcastRuns).where(eq(broadcastRuns.campaignId, c.id)),
      (r) => r.length > 0,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect((await t.database.db.select().from(broadcastRuns).where(eq(broadcastRuns.campaignId, c.id))).length).toBe(
      rows.length,
    );
    expect(rows).toHaveLength(1);
  });
});

describe('daily, pause, resume, cancel', () => {
  it('a daily window gets its next time; paused it does not play; resumed it does; cancelled it is over', async () => {
    const a = await speaker();
    const c = await added(admin, {
      targets: { by: 'devices', deviceIds: [a.id] },
      schedule: { kind: 'daily', from: '00:00', to: '23:59', everyMinutes: 1, timeZone: 'Asia/Shanghai' },
    });
    expect(Date.parse(c.nextRunAt!)).toBeGreaterThanOrEqual(Date.parse(c.createdAt) - 1000);
    expect(Date.parse(c.nextRunAt!) - Date.now()).toBeLessThanOrEqual(60_000);
    // Rather than wait for the minute: due now.
    const dueNow = () =>
      t.database.db
        .update(broadcastCampaigns)
        .set({ nextRunAt: new Date(Date.now() - 1000) })
        .where(eq(broadcastCampaigns.id, c.id));
    await dueNow();
    const ran = await until(
      () => detail(admin, c.id),
      (d) => d.runCount === 1,
    );
    expect(ran.status).toBe('scheduled');
    expect(Date.parse(ran.nextRunAt!)).toBeGreaterThan(Date.now() - 1000);
    await until(
      async () => a.sim!.played.length,
      (n) => n === 1,
    );

    expect((await t.api(broadcastApi.pause, { id: c.id }, admin)).body.data.status).toBe('paused');
    // Due while paused: nothing is played.
    await dueNow();
    await new Promise((r) => setTimeout(r, 400));
    expect(a.sim!.played).toHaveLength(1);
    expect((await detail(admin, c.id)).runCount).toBe(1);
    expect((await t.api(broadcastApi.pause, { id: c.id }, admin)).status).toBe(409);

    // Resumed after its time: it goes on from the window's next time, not with a burst of missed runs.
    const resumed = (await t.api(broadcastApi.resume, { id: c.id }, admin)).body.data as CampaignItem;
    expect(resumed.status).toBe('scheduled');
    expect(Date.parse(resumed.nextRunAt!)).toBeGreaterThan(Date.now() - 1000);
    await dueNow();
    await until(
      async () => a.sim!.played.length,
      (n) => n === 2,
    );
    expect(a.sim!.played).toHaveLength(2);

    const cancelled = await t.api(broadcastApi.cancel, { id: c.id }, inChinese(admin));
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', nextRunAt: null });
    const again = await t.api(broadcastApi.resume, { id: c.id }, inChinese(admin));
    expect(again.status).toBe(409);
    expect(again.body.msg).toMatch(/已取消/);
    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'campaign'), eq(auditLog.targetId, String(c.id))));
    expect(actions.map((r) => r.action).sort()).toEqual([
      'broadcast.add',
      'broadcast.cancel',
      'broadcast.pause',
      'broadcast.resume',
    ]);
  });
});

describe('validation', () => {
  it.each([
    ['name', { name: 'x'.repeat(21) }, 'name is at most 20 characters', '名称 最多 20 个字符'],
    [
      'link',
      { link: 'ftp://example.com' },
      'link must start with http:// or https://',
      '链接 必须以 http:// 或 https:// 开头',
    ],
    ['content', { content: Array(201).fill('word').join(' ') }, 'content is at most 200 words', '内容 最多 200 个字'],
    ['content', { content: '安'.repeat(201) }, 'content is at most 200 words', '内容 最多 200 个字'],
    ['volume', { volume: 101 }, 'volume must be between 0 and 100', '音量 必须在 0 到 100 之间'],
  ])('%s: %j is a 400 with the spec field error, in both languages; nothing is stored', async (field, body, en, zh) => {
    const a = await speaker(null, false);
    const before = await campaignCount();
    const full = { targets: { by: 'devices', deviceIds: [a.id] }, schedule: { kind: 'now' }, ...body };
    const res = await add(admin, full);
    expect(res.status).toBe(400);
    expect(res.body.data.fields[field]).toBe(en);
    expect((await add(admin, full, 'zh-CN')).body.data.fields[field]).toBe(zh);
    expect(await campaignCount()).toBe(before);
  });

  it('200 words, 20 characters and an https link are accepted', async () => {
    const a = await speaker(null, false);
    const c = await added(admin, {
      name: 'x'.repeat(20),
      content: '安'.repeat(100) + ' ' + Array(100).fill('word').join(' '),
      targets: { by: 'devices', deviceIds: [a.id] },
      schedule: { kind: 'at', at: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect(c.name).toHaveLength(20);
  });

  it('a time in the past, or a window with no run, is a 400', async () => {
    const a = await speaker(null, false);
    const targets = { by: 'devices', deviceIds: [a.id] };
    const past = await add(admin, { targets, schedule: { kind: 'at', at: '2020-01-01T00:00:00Z' } });
    expect(past.status).toBe(400);
    expect(Object.keys(past.body.data.fields)).toEqual(['schedule.at']);
    const ended = await add(admin, {
      targets,
      schedule: {
        kind: 'daily',
        from: '08:00',
        to: '09:00',
        everyMinutes: 5,
        timeZone: 'UTC',
        until: '2020-01-01T00:00:00Z',
      },
    });
    expect(ended.status).toBe(400);
    const badZone = await add(admin, {
      targets,
      schedule: { kind: 'daily', from: '08:00', to: '09:00', everyMinutes: 5, timeZone: 'Mars/Olympus' },
    });
    expect(badZone.status).toBe(400);
  });
});

describe('scope', () => {
  it("an agent targets and sees only its speakers' campaigns; another agent's are 404", async () => {
    const agentA = await createAgent(t, admin);
    const agentB = await createAgent(t, admin);
    const mine = await speaker(agentA.id, false);
    const theirs = await speaker(agentB.id, false);
    const face = await t.addDevice({ type: 'face', agentId: agentA.id });
    const later = { kind: 'at', at: new Date(Date.now() + 3_600_000).toISOString() };
    expect(
      (await add(agentA.token, { targets: { by: 'devices', deviceIds: [mine.id, theirs.id] }, schedule: later }))
        .status,
    ).toBe(404);
    expect(
      (await add(agentA.token, { targets: { by: 'devices', deviceIds: [face.id] }, schedule: later })).status,
    ).toBe(404);
    const own = await added(agentA.token, { targets: { by: 'devices', deviceIds: [mine.id] }, schedule: later });
    const other = await added(agentB.token, { targets: { by: 'devices', deviceIds: [theirs.id] }, schedule: later });

    const list = (await t.api(broadcastApi.listAll, { pageSize: 200 }, agentA.token)).body.data.list as CampaignItem[];
    expect(list.map((c) => c.id)).toContain(own.id);
    expect(list.map((c) => c.id)).not.toContain(other.id);
    expect((await t.api(broadcastApi.detail, { id: other.id }, agentA.token)).status).toBe(404);
    expect((await t.api(broadcastApi.runs, { id: other.id }, agentA.token)).status).toBe(404);
    for (const verb of [broadcastApi.pause, broadcastApi.cancel])
      expect((await t.api(verb, { id: other.id }, agentA.token)).status).toBe(404);
    expect((await detail(admin, other.id)).status).toBe('scheduled');
    const speakers = (await t.api(broadcastApi.speakers, {}, agentA.token)).body.data.list as { id: number }[];
    expect(speakers.map((s) => s.id)).toEqual([mine.id]);
  });

  it("a manager targets its project's speakers by project; another project is 404; users are refused", async () => {
    const agent = await createAgent(t, admin);
    const project = async () =>
      (await t.api(projectApi.add, { name: 'Site', code: uniq('BC-'), agentId: agent.id }, admin)).body.data
        .id as number;
    const [p1, p2] = [await project(), await project()];
    const manager = await createUser(t, admin, { role: 'manager', agentId: agent.id });
    expect((await t.api(projectApi.addManager, { projectId: p1, userId: manager.id }, admin)).body.code).toBe(200);
    const token = await t.login(manager.userName, manager.password);
    const [s1, s2, s3] = [
      await speaker(agent.id, false),
      await speaker(agent.id, false),
      await speaker(agent.id, false),
    ];
    await t.database.db
      .update(devices)
      .set({ projectId: p1 })
      .where(sql`${devices.id} in (${s1.id}, ${s2.id})`);
    await t.database.db.update(devices).set({ projectId: p2 }).where(eq(devices.id, s3.id));
    const later = { kind: 'at', at: new Date(Date.now() + 3_600_000).toISOString() };

    const c = await added(token, { targets: { by: 'project', projectIds: [p1] }, schedule: later });
    expect(c.deviceCount).toBe(2);
    expect((await add(token, { targets: { by: 'project', projectIds: [p2] }, schedule: later })).status).toBe(404);
    expect((await add(token, { targets: { by: 'devices', deviceIds: [s3.id] }, schedule: later })).status).toBe(404);
    expect((await detail(token, c.id)).id).toBe(c.id);
    // The agent owning the speakers sees the manager's campaign too; an admin's campaign on s3 the manager does not.
    const onP2 = await added(admin, { targets: { by: 'devices', deviceIds: [s3.id] }, schedule: later });
    expect((await t.api(broadcastApi.detail, { id: onP2.id }, token)).status).toBe(404);
    expect((await t.api(broadcastApi.detail, { id: c.id }, agent.token)).status).toBe(200);

    const [, userToken] = await createSignedInUser(t, admin, { role: 'user' });
    expect((await t.api(broadcastApi.listAll, {}, userToken)).status).toBe(403);
  });
});
