import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { alarmApi } from '@siteops/contracts/alarm/api';
import { notificationApi } from '@siteops/contracts/notification/api';
import { wallClock } from '@siteops/contracts/notification/quiet-hours';
import { projectApi } from '@siteops/contracts/project/api';
import { alarms, escalationHeld, notifications } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createSignedInUser } from '../../../test/fixtures.ts';
import { addDevice, raiseAlarm, siteChain, siteChannel, siteOf, startReceiver, until } from './escalationTestkit.ts';

/**
 * Quiet hours (issue 32) against a running sweep: a project's two managers, one in quiet hours now (a
 * window around the present on the UTC+8 wall clock), and a chain whose one step goes to both through
 * the message box and to a WeCom group (a real HTTP receiver). The window's end is stood for by moving
 * the held send's end back, as the other escalation tests move an alarm's raise time back.
 */
let t: TestApp;
let admin: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let site: Awaited<ReturnType<typeof siteOf>>;
let quiet: { id: number; token: string };
let awake: { id: number; token: string };
let untilText: string;
const BOT = '/wecom/quiet';

beforeAll(async () => {
  receiver = await startReceiver();
  t = await createTestApp({
    ALARM_ESCALATION_SWEEP_MS: '100',
    ALARM_WEBHOOK_RETRY_MS: '20',
    ALARM_WEBHOOK_ADDRESSES: 'any',
  });
  admin = await t.login();
  site = await siteOf(t, admin);
  quiet = { id: site.manager.id, token: site.manager.token };
  const [other, otherToken] = await createSignedInUser(t, admin, { role: 'manager', agentId: site.agent.id });
  const added = await t.api(projectApi.addManager, { projectId: site.projectId, userId: other.id }, admin);
  expect(added.body.code, added.body.msg).toBe(200);
  awake = { id: other.id, token: otherToken };

  const inapp = await siteChannel(t, site, { name: 'Message box', kind: 'inapp' });
  const bot = await siteChannel(t, site, { name: 'Site group', kind: 'wecom', url: `${receiver.base}${BOT}` });
  await siteChain(t, site, {
    name: 'Dust',
    steps: [{ delayMinutes: 0, roles: ['projectManagers'], channelIds: [inapp, bot] }],
  });

  // The quiet manager's window: from an hour ago to an hour from now, on the Beijing wall clock.
  const now = Date.now();
  untilText = wallClock(new Date(now + 3_600_000), 480);
  const saved = await t.api(
    notificationApi.saveQuietHours,
    { enabled: true, from: wallClock(new Date(now - 3_600_000), 480), to: untilText, utcOffsetMinutes: 480 },
    quiet.token,
  );
  expect(saved.body.code, saved.body.msg).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

/** The message-box entries `userId` got about alarm `alarmId`. */
const boxOf = (userId: number, alarmId: number) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.link, `/alarm/alarm-list?alarm=${alarmId}`)));
const botPosts = (alarmId: number) =>
  receiver
    .at(BOT)
    .filter((r) => (r.json as { text: { content: string } }).text.content.includes(`Alarm ${alarmId} on`));
const timeline = async (alarmId: number) => {
  const res = await t.api(alarmApi.detail, { id: alarmId }, site.agent.token);
  return (res.body.data.timeline as { kind: string; detail: Record<string, unknown> }[]).filter(
    (e) => e.kind === 'notified',
  );
};
/** The window of the held sends of `alarmId` ends (stands for the hour passing). */
const windowEnds = (alarmId: number) =>
  t.database.db
    .update(escalationHeld)
    .set({ until: new Date(Date.now() - 1000) })
    .where(eq(escalationHeld.alarmId, alarmId));
const settle = () => new Promise((r) => setTimeout(r, 600));

describe('quiet hours', () => {
  it('a major alarm is held for the quiet manager, not the other one nor the group, and sent when the window ends', async () => {
    const id = await raiseAlarm(t, site);
    await until(
      () => boxOf(awake.id, id),
      (rows) => rows.length === 1,
      'the awake manager told at once',
    );
    await until(
      () => botPosts(id).length,
      (n) => n === 1,
      'the group bot posted at once',
    );
    await settle();
    expect(await boxOf(quiet.id, id)).toHaveLength(0);
    const [step] = await timeline(id);
    expect(step.detail.people).toEqual([{ id: awake.id, name: expect.any(String) }]);
    expect(step.detail.held).toEqual([
      { id: quiet.id, name: expect.any(String), until: untilText, untilAt: expect.any(String) },
    ]);

    await windowEnds(id);
    await until(
      () => boxOf(quiet.id, id),
      (rows) => rows.length === 1,
      'the quiet manager told after the window',
    );
    await settle();
    expect(await boxOf(quiet.id, id)).toHaveLength(1);
    expect(await boxOf(awake.id, id)).toHaveLength(1);
    expect(botPosts(id)).toHaveLength(1);
    const entries = await timeline(id);
    expect(entries).toHaveLength(2);
    expect(entries.find((e) => e.detail.afterQuietHours)?.detail.people).toEqual([
      { id: quiet.id, name: expect.any(String) },
    ]);
  });

  it('a critical alarm reaches the quiet manager at once', async () => {
    const id = await raiseAlarm(t, { deviceId: await addDevice(t, site), ruleId: site.ruleId }, 0, 'critical');
    await until(
      () => boxOf(quiet.id, id),
      (rows) => rows.length === 1,
      'the quiet manager told of a critical alarm',
    );
    expect(await t.database.db.select().from(escalationHeld).where(eq(escalationHeld.alarmId, id))).toHaveLength(0);
  });

  it('a held send of an alarm acknowledged meanwhile is not sent', async () => {
    const id = await raiseAlarm(t, { deviceId: await addDevice(t, site), ruleId: site.ruleId });
    await until(
      () => t.database.db.select().from(escalationHeld).where(eq(escalationHeld.alarmId, id)),
      (rows) => rows.length === 1,
      'the send held',
    );
    await t.database.db.update(alarms).set({ acknowledged: true }).where(eq(alarms.id, id));
    await windowEnds(id);
    await until(
      () => t.database.db.select().from(escalationHeld).where(eq(escalationHeld.alarmId, id)),
      (rows) => rows[0].releasedAt !== null,
      'the held send let go',
    );
    await settle();
    expect(await boxOf(quiet.id, id)).toHaveLength(0);
  });

  it('each user reads and changes only their own quiet hours, whatever their role', async () => {
    const before = await t.api(notificationApi.quietHours, {}, quiet.token);
    expect(before.body.data).toMatchObject({ enabled: true, to: untilText, utcOffsetMinutes: 480 });
    // There is no way to name another user: a body naming one is refused, and theirs stay as they were.
    const other = await t.api.unchecked(
      notificationApi.saveQuietHours,
      { userId: quiet.id, enabled: false, from: '01:00', to: '02:00' } as never,
      awake.token,
    );
    expect(other.status).toBe(400);
    const mine = await t.api(
      notificationApi.saveQuietHours,
      { enabled: false, from: '01:00', to: '02:00' },
      awake.token,
    );
    expect(mine.body.data).toEqual({ enabled: false, from: '01:00', to: '02:00', utcOffsetMinutes: 480 });
    expect((await t.api(notificationApi.quietHours, {}, quiet.token)).body.data).toEqual(before.body.data);
    // Any role saves its own; someone who never saved reads them off.
    for (const role of ['admin', 'agent', 'user'] as const) {
      const [, token] = await createSignedInUser(t, admin, {
        role,
        ...(role === 'agent' ? { agentId: site.agent.id } : {}),
      });
      expect((await t.api(notificationApi.quietHours, {}, token)).body.data.enabled).toBe(false);
      const saved = await t.api(notificationApi.saveQuietHours, { enabled: true, from: '23:00', to: '06:30' }, token);
      expect(saved.body.data).toEqual({ enabled: true, from: '23:00', to: '06:30', utcOffsetMinutes: 480 });
    }
    // A window needs a length: the field is named.
    const empty = await t.api.unchecked(
      notificationApi.saveQuietHours,
      { enabled: true, from: '22:00', to: '22:00' },
      awake.token,
    );
    expect(empty.status).toBe(400);
    expect(empty.body.data.fields).toHaveProperty('to');
  });

  it('with two sweepers on one database, each held send goes once', async () => {
    const second = await createTestApp(
      { ALARM_ESCALATION_SWEEP_MS: '50', ALARM_WEBHOOK_RETRY_MS: '20', ALARM_WEBHOOK_ADDRESSES: 'any' },
      { database: t.database },
    );
    try {
      const ids: number[] = [];
      for (let i = 0; i < 6; i++)
        ids.push(await raiseAlarm(t, { deviceId: await addDevice(t, site), ruleId: site.ruleId }));
      await until(
        () => t.database.db.select().from(escalationHeld).where(inArray(escalationHeld.alarmId, ids)),
        (rows) => rows.length === ids.length,
        'every send held',
      );
      for (const id of ids) await windowEnds(id);
      for (const id of ids)
        await until(
          () => boxOf(quiet.id, id),
          (rows) => rows.length >= 1,
          `held send of alarm ${id}`,
        );
      await settle();
      for (const id of ids) {
        expect(await boxOf(quiet.id, id)).toHaveLength(1);
        expect(await boxOf(awake.id, id)).toHaveLength(1);
        expect(botPosts(id)).toHaveLength(1);
        expect((await timeline(id)).filter((e) => e.detail.afterQuietHours)).toHaveLength(1);
      }
    } finally {
      await second.app.close();
    }
  });
});
