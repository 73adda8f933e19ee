import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { labourApi } from '@siteops/contracts/labour/api';
import { notificationApi } from '@siteops/contracts/notification/api';
import { auditLog, devices, labourWorkers, visitorDevices } from '../../db/schema/index.ts';
import { startLinkApp, type LinkTestApp } from '../device-link/testkit.ts';
import { inChinese } from '../../../test/fixtures.ts';
import { NotificationService } from '../notification/service.ts';
import { labourWorld, mainlandId, storePasses, terminal } from './testkit.ts';
import { noticeAbsent, noticeBlacklistSeen, noticeCertificates, scheduleLabourNotices } from './notices.ts';

/**
 * Issue 35: the Workplace's labour figures in the caller's scope, the labour notifications (certificate
 * expiring in 30 and 7 days, a blacklisted person seen at a gate, a worker absent N days in a row) each
 * sent once, and the admins' audited reveal of a worker's full ID and bank card numbers.
 */
let t: LinkTestApp;
let admin: string;
let w: Awaited<ReturnType<typeof labourWorld>>;

beforeAll(async () => {
  t = await startLinkApp();
  admin = await t.login();
  w = await labourWorld(t, admin);
});
afterAll(() => t.close());

/** A wall clock (UTC offset) on which it is about noon now, so "today" does not turn during the test. */
const noonOffset = () => {
  const hour = new Date().getUTCHours();
  return Math.max(-720, Math.min(840, (12 - hour) * 60));
};
/** The project's today on that clock, moved by `days`. */
const dayAt = (offset: number, days: number) =>
  new Date(Date.now() + offset * 60_000 + days * 86_400_000).toISOString().slice(0, 10);

const labourNotices = async (token: string) =>
  (await w.ok(notificationApi.listAll, { kind: 'labour', page: 1, pageSize: 100 } as never, token)).list;

const notifier = () => new NotificationService(t.database.db, { publish() {} }, t.app.log);

describe('Workplace labour figures', () => {
  it('count workers on site now (in minus out today), today’s attendance and expiring certificates, per scope', async () => {
    const offset = noonOffset();
    const project = w.a2;
    await w.ok(labourApi.updateSettings, { projectId: project, utcOffsetMinutes: offset, cutoffHour: 0 });
    const gateIn = await terminal(t, admin, { agentId: w.a.id, projectId: project }, 'in');
    const gateOut = await terminal(t, admin, { agentId: w.a.id, projectId: project }, 'out');
    const [p1, p2, p3] = [await w.addWorker(project), await w.addWorker(project), await w.addWorker(project)];
    await w.addWorker(project, { status: 'left', exitDate: dayAt(offset, -5), entryDate: '2026-01-01' });
    const now = Date.now();
    const at = (msAgo: number) => new Date(now - msAgo).toISOString();
    await storePasses(t, [
      { workerId: p1, deviceId: gateIn, at: at(60_000) },
      { workerId: p2, deviceId: gateIn, at: at(50_000) },
      // Sent twice: counted once.
      { workerId: p2, deviceId: gateIn, at: at(50_000) },
      { workerId: p2, deviceId: gateOut, at: at(40_000), direction: 'in' },
    ]);
    await w.ok(labourApi.addCertificate, {
      workerId: p3,
      type: 'weldingCutting',
      number: 'F-1',
      validUntil: dayAt(offset, 10),
    });
    // Renewed: the older one no longer counts.
    await w.ok(labourApi.addCertificate, { workerId: p1, type: 'other', number: 'F-2', validUntil: dayAt(offset, 5) });
    await w.ok(labourApi.addCertificate, {
      workerId: p1,
      type: 'other',
      number: 'F-3',
      validUntil: dayAt(offset, 400),
    });

    const mine = (await w.ok(labourApi.figures, {}, w.agentA)).projects.find((p) => p.projectId === project)!;
    expect(mine).toMatchObject({
      day: dayAt(offset, 0),
      onSiteNow: 1,
      expected: 3,
      came: 2,
      attendanceRate: 0.667,
      expiringCertificates: 1,
    });
    // The manager of A1 sees A1 only; agent B none of A's; the admin all.
    const manager = await w.ok(labourApi.figures, {}, w.managerToken);
    expect(manager.projects.map((p) => p.projectId)).toEqual([w.a1]);
    const agentB = await w.ok(labourApi.figures, {}, w.agentB);
    expect(agentB.projects.map((p) => p.projectId)).toEqual([w.b1]);
    const all = await w.ok(labourApi.figures, {});
    expect(all.projects.map((p) => p.projectId)).toEqual(expect.arrayContaining([w.a1, w.a2, w.b1]));
    expect(all.total.onSiteNow).toBeGreaterThanOrEqual(1);
  });
});

describe('labour notifications', () => {
  it('a certificate expiring within 30 and within 7 days: each once, not again on the next sweep or after a restart', async () => {
    const project = w.a1;
    const welder = await w.addWorker(project, { realName: 'Expiring Welder', trade: 'welder' });
    const { id } = await w.ok(labourApi.addCertificate, {
      workerId: welder,
      type: 'weldingCutting',
      number: 'N-30',
      validUntil: dayAt(480, 20),
    });
    const n = notifier();
    await noticeCertificates(t.database.db, n);
    await noticeCertificates(t.database.db, n);
    const about = async () => (await labourNotices(w.managerToken)).filter((x) => x.title.includes('expire within'));
    expect(await about()).toHaveLength(1);
    expect((await about())[0]).toMatchObject({
      title: expect.stringContaining('within 30 days'),
      body: expect.stringContaining('Expiring Welder'),
      link: `/labour/workers?projectId=${project}&certificateState=expiring`,
    });
    // The agent's users get it too, in Chinese as well.
    const agentNotices = await labourNotices(w.agentA);
    expect(agentNotices.some((x) => x.body?.includes('Expiring Welder'))).toBe(true);
    const zh = await t.api(notificationApi.listAll, { kind: 'labour' } as never, inChinese(w.managerToken));
    expect(zh.body.data.list.map((x: { title: string }) => x.title)).toContain(
      `${(await w.ok(labourApi.detail, { id: welder })).projectName}：1 张工人证书将在 30 天内到期`,
    );

    // Closer: within 7 days, once more, then nothing on the next sweeps nor from a fresh scheduler (a restart).
    await w.ok(labourApi.updateCertificate, { id, validUntil: dayAt(480, 5) });
    await noticeCertificates(t.database.db, n);
    await noticeCertificates(t.database.db, n);
    const restarted = { db: t.database.db, notifications: n, deviceReports: { onEventsStored: () => () => {} } };
    const stop = scheduleLabourNotices({ log: t.app.log, addHook: () => t.app }, restarted as never, {
      firstMs: 0,
      everyMs: 60_000,
      blacklistEveryMs: 60_000,
    });
    await new Promise((r) => setTimeout(r, 300));
    stop();
    const titles = (await about()).map((x) => x.title);
    expect(titles.filter((x) => x.includes('within 7 days'))).toHaveLength(1);
    expect(titles).toHaveLength(2);
  });

  it('a blacklisted worker seen by a simulated terminal: notified once', async () => {
    const project = w.a1;
    const bad = await w.addWorker(project, { realName: 'Barred Person' });
    await w.ok(labourApi.update, { id: bad, status: 'blacklisted', blacklistReason: 'fought on site' });
    const d = await t.addDevice({ type: 'face', agentId: w.a.id });
    await t.database.db.update(devices).set({ projectId: project }).where(eq(devices.id, d.id));
    await t.database.db.insert(visitorDevices).values({ deviceId: d.id, direction: 'in' });
    const sim = t.sim(d);
    await sim.waitFor('up', 10_000);
    const pass = () =>
      sim.sendEvent({
        kind: 'pass',
        level: 'info',
        data: {
          personId: `W${bad}`,
          personName: 'Barred Person',
          direction: 'in',
          verifyMode: 'face',
          similarity: 0.93,
        },
      });
    pass();
    const seen = async () =>
      (await labourNotices(w.managerToken)).filter((x) => x.title.includes('blacklisted person'));
    await expect.poll(async () => (await seen()).length, { timeout: 10_000 }).toBe(1);
    expect((await seen())[0]).toMatchObject({
      level: 'error',
      title: expect.stringContaining('Barred Person'),
      link: `/labour/workers?projectId=${project}&status=blacklisted`,
    });
    // Seen again the same day, and swept again: no second notice.
    pass();
    await new Promise((r) => setTimeout(r, 500));
    await noticeBlacklistSeen(t.database.db, notifier());
    expect(await seen()).toHaveLength(1);
    await sim.stop();
  });

  it('a worker absent N days in a row (the project’s setting): once per absence', async () => {
    const offset = noonOffset();
    const project = w.a1;
    await w.ok(labourApi.updateSettings, {
      projectId: project,
      utcOffsetMinutes: offset,
      cutoffHour: 0,
      absentDays: 2,
    });
    expect((await w.ok(labourApi.settings, { projectId: project })).absentDays).toBe(2);
    const gate = await terminal(t, admin, { agentId: w.a.id, projectId: project }, 'in');
    const present = await w.addWorker(project, { realName: 'Present Worker' });
    const away = await w.addWorker(project, { realName: 'Away Worker' });
    const back = await w.addWorker(project, { realName: 'Once Away Worker' });
    // Registered a week ago; Away last passed 3 days ago, Once Away yesterday, Present today.
    await t.database.db
      .update(labourWorkers)
      .set({ createdAt: new Date(Date.now() - 7 * 86_400_000) })
      .where(sql`${labourWorkers.id} in (${present}, ${away}, ${back})`);
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    await storePasses(t, [
      { workerId: away, deviceId: gate, at: ago(3) },
      { workerId: back, deviceId: gate, at: ago(1) },
      { workerId: present, deviceId: gate, at: ago(0) },
    ]);
    await noticeAbsent(t.database.db, notifier());
    await noticeAbsent(t.database.db, notifier());
    const absent = async () => (await labourNotices(w.managerToken)).filter((x) => x.title.includes('absent'));
    const list = await absent();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      title: expect.stringContaining('2 days in a row'),
      link: `/labour/day-sheet?projectId=${project}`,
    });
    expect(list[0].body).toContain('Away Worker');
    expect(list[0].body).not.toContain('Present Worker');
    expect(list[0].body).not.toContain('Once Away Worker');
  });

  it('a user who muted labour notifications gets none', async () => {
    await w.ok(
      notificationApi.savePreferences,
      { preferences: [{ kind: 'labour', console: false, email: false }] } as never,
      w.managerToken,
    );
    const before = (await labourNotices(w.managerToken)).length;
    const welder = await w.addWorker(w.a1, { realName: 'Muted Welder', trade: 'welder' });
    await w.ok(labourApi.addCertificate, {
      workerId: welder,
      type: 'weldingCutting',
      number: 'M-1',
      validUntil: dayAt(480, 3),
    });
    await noticeCertificates(t.database.db, notifier());
    expect(await labourNotices(w.managerToken)).toHaveLength(before);
    expect((await labourNotices(w.agentA)).some((x) => x.body?.includes('Muted Welder'))).toBe(true);
    await w.ok(
      notificationApi.savePreferences,
      { preferences: [{ kind: 'labour', console: true, email: false }] } as never,
      w.managerToken,
    );
  });
});

describe('bank card and the reveal', () => {
  it('stores the bank card encrypted, shows it masked, and reveals both numbers to an admin only, audited', async () => {
    const idNo = mainlandId();
    const id = await w.addWorker(w.a1, { idNo, bankCardNo: '6222 0212 3456 7890 123' }, w.managerToken);
    const [row] = await t.database.db.select().from(labourWorkers).where(eq(labourWorkers.id, id));
    expect(row.bankCardNo).not.toContain('6222');
    expect((await w.ok(labourApi.detail, { id }, w.managerToken)).bankCardNo).toBe('622************0123');
    const bad = await t.api(labourApi.update, { id, bankCardNo: '12ab' } as never, w.managerToken);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('bankCardNo must be 12 to 19 digits');
    const zh = await t.api(labourApi.update, { id, bankCardNo: '1234' } as never, inChinese(w.managerToken));
    expect(zh.body.msg).toContain('银行卡号 必须是 12 到 19 位数字');

    for (const token of [w.managerToken, w.agentA]) {
      expect((await t.api(labourApi.reveal, { id }, token)).status).toBe(403);
    }
    expect(await w.ok(labourApi.reveal, { id })).toEqual({ id, idNo, bankCardNo: '6222021234567890123' });
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'labour.revealWorker'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ targetType: 'worker', targetId: String(id) });
    expect(JSON.stringify(audits[0])).not.toContain('6222021234567890123');

    await w.ok(labourApi.update, { id, bankCardNo: '' }, w.managerToken);
    expect((await w.ok(labourApi.detail, { id })).bankCardNo).toBeNull();
  });
});
