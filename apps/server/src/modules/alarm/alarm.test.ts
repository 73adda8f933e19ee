import { describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { alarmApi } from '@siteops/contracts/alarm/api';
import { notificationApi } from '@siteops/contracts/notification/api';
import { projectApi } from '@siteops/contracts/project/api';
import type { SimDevice } from '@siteops/device-sim/device';
import { appWithTwoAgents, createAgent, createProject, createUser, uniq } from '../../../test/fixtures.ts';
import { auditLog, devices } from '../../db/schema/index.ts';
import { startLinkApp } from '../device-link/testkit.ts';
import { openLive } from '../device-link/liveTestkit.ts';
import { ALARMS_TOPIC } from '@siteops/contracts/live/schemas';

/**
 * Alarm rules and the alarm lifecycle with a simulated dust monitor: a reading over the limit raises
 * an alarm for the device's agent (never another agent), repeats count up, the clear condition (with
 * hysteresis) clears it; people acknowledge, assign and clear, each on the timeline and audited.
 */
const { t, admin, agentA, agentB } = await appWithTwoAgents(startLinkApp);

const pm10 = (operator: 'gt' | 'lt', threshold: number) => ({
  logic: 'and' as const,
  terms: [{ field: 'a34002', operator, threshold }],
});

async function addRule(token: string, input: Record<string, unknown>) {
  const res = await t.api.unchecked(
    alarmApi.ruleAdd,
    { name: uniq('PM10 '), deviceType: 'dust', condition: pm10('gt', 150), severity: 'major', ...input },
    token,
  );
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.id as number;
}

type Item = { id: number; status: string; count: number; lastValue: Record<string, number>; ruleId: number };

async function alarmsOf(token: string, query: Record<string, unknown> = {}) {
  const res = await t.api(alarmApi.listAll, { pageSize: 200, ...query }, token);
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data as { list: Item[]; total: number };
}

/** Polls the alarms of `deviceId` (as admin) until `ok` holds. */
async function until(deviceId: number, ok: (list: Item[]) => boolean, what: string, timeoutMs = 8_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const { list } = await alarmsOf(admin, { deviceId });
    if (ok(list)) return list;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(list)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function dustMonitor(agentId: number) {
  const d = await t.addDevice({ type: 'dust', agentId });
  const sim: SimDevice = t.sim(d);
  await sim.waitFor('up', 10_000);
  return { ...d, sim };
}

describe('the alarm lifecycle, fed by a simulated dust monitor', () => {
  it('raises, repeats, holds between the limits, clears by the condition and again by hand; agent B sees none of it', async () => {
    const d = await dustMonitor(agentA.id);
    const ruleId = await addRule(agentA.token, { scope: 'device', deviceId: d.id, clearCondition: pm10('lt', 120) });

    d.sim.sendTelemetry({ a34002: 200 });
    const [raised] = await until(d.id, (l) => l.length === 1, 'the alarm');
    expect(raised).toMatchObject({ ruleId, status: 'active', count: 1, lastValue: { a34002: 200 } });

    // Agent B: not listed, not readable, not acknowledged (404, nothing changes).
    expect((await alarmsOf(agentB.token)).list.map((a) => a.id)).not.toContain(raised.id);
    expect((await t.api(alarmApi.detail, { id: raised.id }, agentB.token)).status).toBe(404);
    expect((await t.api(alarmApi.acknowledge, { ids: [raised.id] }, agentB.token)).status).toBe(404);
    expect((await t.api(alarmApi.clear, { ids: [raised.id], reason: 'not mine' }, agentB.token)).status).toBe(404);

    // 130 is between the clear limit (120) and the raise limit (150): neither clears nor counts.
    d.sim.sendTelemetry({ a34002: 180 });
    d.sim.sendTelemetry({ a34002: 130 });
    d.sim.sendTelemetry({ a34002: 175 });
    await until(d.id, (l) => l.length === 1 && l[0].count === 3, 'three repeats');
    expect((await alarmsOf(agentA.token, { deviceId: d.id })).list[0]).toMatchObject({
      id: raised.id,
      lastValue: { a34002: 175 },
    });

    // Acknowledge (bulk endpoint, one id; twice changes it once), assign.
    const ack = await t.api(alarmApi.acknowledge, { ids: [raised.id] }, agentA.token);
    expect(ack.body.data).toEqual({ updated: 1 });
    expect((await t.api(alarmApi.acknowledge, { ids: [raised.id] }, agentA.token)).body.data).toEqual({ updated: 0 });
    const assign = await t.api(alarmApi.assign, { ids: [raised.id], assigneeId: agentA.userId }, agentA.token);
    expect(assign.body.data).toEqual({ updated: 1 });
    // A user of another agent is not the caller's to assign.
    const otherUser = await createUser(t, admin, { role: 'user', agentId: agentB.id });
    expect((await t.api(alarmApi.assign, { ids: [raised.id], assigneeId: otherUser.id }, agentA.token)).status).toBe(
      404,
    );

    d.sim.sendTelemetry({ a34002: 90 });
    await until(d.id, (l) => l[0]?.status === 'cleared', 'the clear');
    const detail = await t.api(alarmApi.detail, { id: raised.id }, agentA.token);
    expect(detail.body.code, detail.body.msg).toBe(200);
    expect(detail.body.data).toMatchObject({
      status: 'cleared',
      clearedBy: 'condition',
      acknowledged: true,
      assigneeId: agentA.userId,
      assigneeName: agentA.userName,
      firstValue: { a34002: 200 },
      count: 3,
      condition: pm10('gt', 150),
      clearCondition: pm10('lt', 120),
      durationSeconds: 0,
    });
    expect((detail.body.data.timeline as { kind: string }[]).map((e) => e.kind)).toEqual([
      'raised',
      'acknowledged',
      'assigned',
      'cleared',
    ]);

    // Over the limit again: a new alarm, listed before the cleared one; then cleared by hand.
    d.sim.sendTelemetry({ a34002: 400 });
    const list = await until(d.id, (l) => l.length === 2, 'the second alarm');
    expect(list.map((a) => a.status)).toEqual(['active', 'cleared']);
    const second = list[0].id;
    const cleared = await t.api(alarmApi.clear, { ids: [second, raised.id], reason: 'sensor cleaned' }, agentA.token);
    expect(cleared.body.data).toEqual({ updated: 1 });
    const after = (await t.api(alarmApi.detail, { id: second }, agentA.token)).body.data;
    expect(after).toMatchObject({ status: 'cleared', clearedBy: 'manual', clearedReason: 'sensor cleaned' });

    const audited = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'alarm'), eq(auditLog.targetId, String(raised.id))));
    expect(audited.map((a) => a.action).sort()).toEqual(['alarm.acknowledge', 'alarm.assign']);
  });

  it('raises only once the condition has held for the rule’s duration', async () => {
    const d = await dustMonitor(agentA.id);
    await addRule(agentA.token, { scope: 'device', deviceId: d.id, durationSeconds: 1 });
    d.sim.sendTelemetry({ a34002: 160 });
    await new Promise((r) => setTimeout(r, 400));
    d.sim.sendTelemetry({ a34002: 170 });
    await new Promise((r) => setTimeout(r, 400));
    expect((await alarmsOf(admin, { deviceId: d.id })).list).toEqual([]);
    await new Promise((r) => setTimeout(r, 400));
    d.sim.sendTelemetry({ a34002: 180 });
    const [raised] = await until(d.id, (l) => l.length === 1, 'the alarm after its duration');
    expect(raised).toMatchObject({ count: 1, lastValue: { a34002: 180 } });
  });

  it('a rule with a time window raises inside it only; the window is kept on the rule and checked', async () => {
    /** HH:MM on the site's clock (UTC+8) `hours` from now. */
    const hhmm = (hours: number) => new Date(Date.now() + (8 + hours) * 3_600_000).toISOString().slice(11, 16);
    const now = await dustMonitor(agentA.id);
    const later = await dustMonitor(agentA.id);
    const open = { from: hhmm(-1), to: hhmm(1) };
    const ruleId = await addRule(agentA.token, {
      scope: 'device',
      deviceId: now.id,
      condition: { ...pm10('gt', 150), window: open },
    });
    await addRule(agentA.token, {
      scope: 'device',
      deviceId: later.id,
      condition: { ...pm10('gt', 150), window: { from: hhmm(2), to: hhmm(3), weekdays: [1, 2, 3, 4, 5, 6, 7] } },
    });
    const rules = await t.api(alarmApi.ruleListAll, { pageSize: 200 }, agentA.token);
    expect(rules.body.data.list.find((r: { id: number }) => r.id === ruleId)?.condition.window).toEqual({
      ...open,
      utcOffsetMinutes: 480,
    });
    later.sim.sendTelemetry({ a34002: 170 });
    now.sim.sendTelemetry({ a34002: 170 });
    await until(now.id, (l) => l.length === 1, 'the alarm inside its window');
    expect((await alarmsOf(admin, { deviceId: later.id })).list).toEqual([]);

    const bad = await t.api.unchecked(
      alarmApi.ruleAdd,
      {
        name: uniq('W '),
        deviceType: 'dust',
        scope: 'device',
        deviceId: now.id,
        condition: { ...pm10('gt', 150), window: { from: '22:00', to: '22:00' } },
        severity: 'major',
      },
      { token: agentA.token, headers: { 'accept-language': 'en-US' } },
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.data)).toContain('condition.window.to');
  });

  it('an alarm given to someone else lands in their to-do, linking to it; taking one oneself does not', async () => {
    const d = await dustMonitor(agentA.id);
    await addRule(agentA.token, { scope: 'device', deviceId: d.id });
    d.sim.sendTelemetry({ a34002: 170 });
    const [raised] = await until(d.id, (l) => l.length === 1, 'the alarm');
    const todos = async () =>
      (
        await t.api(notificationApi.listAll, { tab: 'todo', kind: 'alarm', pageSize: 50 }, agentA.token)
      ).body.data.list.filter((n: { link: string | null }) => n.link === `/alarm/alarm-list?alarm=${raised.id}`);
    await t.api(alarmApi.assign, { ids: [raised.id], assigneeId: agentA.userId }, agentA.token);
    expect(await todos()).toEqual([]);
    await t.api(alarmApi.assign, { ids: [raised.id], assigneeId: null }, agentA.token);
    expect((await t.api(alarmApi.assign, { ids: [raised.id], assigneeId: agentA.userId }, admin)).body.data).toEqual({
      updated: 1,
    });
    const [todo] = await todos();
    expect(todo).toMatchObject({ tab: 'todo', kind: 'alarm', read: false });
    expect(todo.title).toMatch(/admin/);
  });

  it('an AND condition needs every term; a disabled rule raises nothing', async () => {
    const d = await dustMonitor(agentA.id);
    await addRule(agentA.token, {
      scope: 'device',
      deviceId: d.id,
      condition: {
        logic: 'and',
        terms: [
          { field: 'a34002', operator: 'gt', threshold: 150 },
          { field: 'LA', operator: 'gt', threshold: 70 },
        ],
      },
    });
    await addRule(agentA.token, { scope: 'device', deviceId: d.id, condition: pm10('gt', 10), enabled: false });
    d.sim.sendTelemetry({ a34002: 200, LA: 60 });
    d.sim.sendTelemetry({ a34002: 200, LA: 75 });
    const [raised] = await until(d.id, (l) => l.length === 1, 'the AND alarm');
    expect(raised.lastValue).toEqual({ a34002: 200, LA: 75 });
  });

  it('the list sorts within active first, and keeps the alarms whose span overlaps a time range', async () => {
    const d = await dustMonitor(agentA.id);
    await addRule(agentA.token, { scope: 'device', deviceId: d.id, severity: 'major' });
    await addRule(agentA.token, {
      scope: 'device',
      deviceId: d.id,
      severity: 'critical',
      condition: { logic: 'and', terms: [{ field: 'LA', operator: 'gt', threshold: 70 }] },
    });
    d.sim.sendTelemetry({ a34002: 200, LA: 80 });
    await until(d.id, (l) => l.length === 2, 'both alarms');
    const severities = async (sortOrder: 'asc' | 'desc') =>
      (await alarmsOf(admin, { deviceId: d.id, sortField: 'severity', sortOrder })).list.map(
        (a) => (a as Item & { severity: string }).severity,
      );
    expect(await severities('desc')).toEqual(['critical', 'major']);
    expect(await severities('asc')).toEqual(['major', 'critical']);
    const hourAway = (sign: 1 | -1) => new Date(Date.now() + sign * 3_600_000).toISOString();
    expect((await alarmsOf(admin, { deviceId: d.id, from: hourAway(-1), to: hourAway(1) })).total).toBe(2);
    expect((await alarmsOf(admin, { deviceId: d.id, from: hourAway(1) })).total).toBe(0);
    expect((await alarmsOf(admin, { deviceId: d.id, to: hourAway(-1) })).total).toBe(0);
    const bad = await t.api.unchecked(alarmApi.listAll, { sortField: 'ruleId' } as never, admin);
    expect(bad.status).toBe(400);
  });
});

describe('the Workplace figures', () => {
  it('count the active alarms of the caller’s scope by severity, the unacknowledged and those given to the caller', async () => {
    const [own, other] = [await createAgent(t, admin), await createAgent(t, admin)];
    const figures = async (token: string) => (await t.api(alarmApi.figures, {}, token)).body.data;
    const none = { active: { critical: 0, major: 0, minor: 0, warning: 0 }, unacknowledged: 0, assignedToMe: 0 };
    expect(await figures(own.token)).toEqual(none);

    const [dust1, dust2] = [await dustMonitor(own.id), await dustMonitor(own.id)];
    await addRule(own.token, { scope: 'device', deviceId: dust1.id, severity: 'major' });
    await addRule(own.token, { scope: 'device', deviceId: dust2.id, severity: 'critical' });
    dust1.sim.sendTelemetry({ a34002: 180 });
    dust2.sim.sendTelemetry({ a34002: 190 });
    const [major] = await until(dust1.id, (l) => l.length === 1, 'the major alarm');
    const [critical] = await until(dust2.id, (l) => l.length === 1, 'the critical alarm');
    expect(await figures(own.token)).toEqual({
      active: { critical: 1, major: 1, minor: 0, warning: 0 },
      unacknowledged: 2,
      assignedToMe: 0,
    });

    await t.api(alarmApi.acknowledge, { ids: [major.id] }, own.token);
    await t.api(alarmApi.assign, { ids: [critical.id], assigneeId: own.userId }, own.token);
    expect(await figures(own.token)).toMatchObject({ unacknowledged: 1, assignedToMe: 1 });
    await t.api(alarmApi.clear, { ids: [critical.id], reason: 'checked on site' }, own.token);
    expect(await figures(own.token)).toEqual({
      active: { critical: 0, major: 1, minor: 0, warning: 0 },
      unacknowledged: 0,
      assignedToMe: 0,
    });
    // Another agent counts none of them; the admin counts them among the fleet's.
    expect(await figures(other.token)).toEqual(none);
    expect((await figures(admin)).active.major).toBeGreaterThanOrEqual(1);
  });
});

describe('live', () => {
  it('tabs holding `alarms` hear each alarm of a device in their scope raised, acknowledged and cleared; others hear nothing', async () => {
    const mine = await openLive(t, agentA.token);
    const theirs = await openLive(t, agentB.token);
    try {
      await mine.ready();
      await theirs.ready();
      expect((await mine.subscribe([ALARMS_TOPIC])).topics).toEqual([ALARMS_TOPIC]);
      expect((await theirs.subscribe([ALARMS_TOPIC])).topics).toEqual([ALARMS_TOPIC]);
      const d = await dustMonitor(agentA.id);
      await addRule(agentA.token, { scope: 'device', deviceId: d.id });
      const heard = (change: string) =>
        mine.waitFor(
          (m) =>
            m.type === 'alarm' &&
            (m.data.data as { change: string; deviceId: number }).deviceId === d.id &&
            (m.data.data as { change: string }).change === change,
          8_000,
          `the alarm ${change}`,
        );
      d.sim.sendTelemetry({ a34002: 200 });
      const raised = await heard('raised');
      const id = (raised.data.data as { id: number }).id;
      // A repeat is not told.
      d.sim.sendTelemetry({ a34002: 210 });
      await until(d.id, (l) => l[0]?.count === 2, 'the repeat');
      await t.api(alarmApi.acknowledge, { ids: [id] }, agentA.token);
      await heard('acknowledged');
      d.sim.sendTelemetry({ a34002: 90 });
      await heard('cleared');
      const changes = mine.seen
        .filter((m) => m.type === 'alarm' && (m.data.data as { id: number }).id === id)
        .map((m) => (m.data.data as { change: string }).change);
      expect(changes).toEqual(['raised', 'acknowledged', 'cleared']);
      expect(theirs.seen.filter((m) => m.type === 'alarm')).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
  });
});

describe('alarm rules in scope', () => {
  it('admins write fleet rules, agents their own agent, managers their projects; nobody reaches another tenant', async () => {
    // Fleet rules: admins only.
    await addRule(admin, { scope: 'fleet' });
    const fleet = await t.api.unchecked(
      alarmApi.ruleAdd,
      { name: 'x', scope: 'fleet', deviceType: 'dust', condition: pm10('gt', 1), severity: 'minor' },
      agentA.token,
    );
    expect(fleet.status).toBe(403);

    // An agent for its own agent, not another.
    const ruleA = await addRule(agentA.token, { scope: 'agent', agentId: agentA.id });
    const other = await t.api.unchecked(
      alarmApi.ruleAdd,
      {
        name: 'x',
        scope: 'agent',
        agentId: agentB.id,
        deviceType: 'dust',
        condition: pm10('gt', 1),
        severity: 'minor',
      },
      agentA.token,
    );
    expect(other.status).toBe(404);

    // A manager for its project; not for the agent, not for another project.
    const projectA = await createProject(t, admin, { name: 'A site', code: uniq('PA-'), agentId: agentA.id });
    const projectB = await createProject(t, admin, { name: 'B site', code: uniq('PB-'), agentId: agentB.id });
    const manager = await createUser(t, admin, { role: 'manager', agentId: agentA.id });
    expect((await t.api(projectApi.addManager, { projectId: projectA, userId: manager.id }, admin)).body.code).toBe(
      200,
    );
    const managerToken = await t.login(manager.userName, manager.password);
    const projectRule = await addRule(managerToken, { scope: 'project', projectId: projectA });
    const asManager = (input: Record<string, unknown>) =>
      t.api.unchecked(
        alarmApi.ruleAdd,
        { name: 'x', deviceType: 'dust', condition: pm10('gt', 1), severity: 'minor', ...input },
        managerToken,
      );
    expect((await asManager({ scope: 'agent', agentId: agentA.id })).status).toBe(403);
    expect((await asManager({ scope: 'project', projectId: projectB })).status).toBe(404);

    // A device rule: the device's type, and in scope.
    const dustB = await t.addDevice({ type: 'dust', agentId: agentB.id });
    const faceA = await t.addDevice({ type: 'face', agentId: agentA.id });
    expect((await asManager({ scope: 'device', deviceId: dustB.id })).status).toBe(404);
    const wrongType = await t.api.unchecked(
      alarmApi.ruleAdd,
      {
        name: 'x',
        scope: 'device',
        deviceId: faceA.id,
        deviceType: 'dust',
        condition: pm10('gt', 1),
        severity: 'minor',
      },
      agentA.token,
    );
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.data.fields).toHaveProperty('deviceType');

    // Lists: agent A sees its agent's and its project's rules, the manager only its project's, agent B neither.
    const ids = async (token: string) =>
      ((await t.api(alarmApi.ruleListAll, { pageSize: 200 }, token)).body.data.list as { id: number }[]).map(
        (r) => r.id,
      );
    expect(await ids(agentA.token)).toEqual(expect.arrayContaining([ruleA, projectRule]));
    expect(await ids(managerToken)).toContain(projectRule);
    expect(await ids(managerToken)).not.toContain(ruleA);
    expect(await ids(agentB.token)).not.toContain(ruleA);
    expect(await ids(agentB.token)).not.toContain(projectRule);
    // Each names what its scope names.
    const listed = (await t.api(alarmApi.ruleListAll, { pageSize: 200 }, agentA.token)).body.data.list as {
      id: number;
      targetName: string | null;
    }[];
    expect(listed.find((r) => r.id === projectRule)?.targetName).toBe('A site');
    expect(listed.find((r) => r.id === ruleA)?.targetName).toMatch(/^Agent /);

    // Another tenant's rule cannot be changed or deleted.
    expect((await t.api(alarmApi.ruleUpdate, { id: ruleA, enabled: false }, agentB.token)).status).toBe(404);
    expect((await t.api(alarmApi.ruleDelete, { ids: [ruleA] }, agentB.token)).status).toBe(404);
    expect((await t.api(alarmApi.ruleUpdate, { id: ruleA, enabled: false }, managerToken)).status).toBe(404);

    // The owner changes and deletes it, audited.
    const upd = await t.api(
      alarmApi.ruleUpdate,
      { id: ruleA, severity: 'critical', durationSeconds: 60 },
      agentA.token,
    );
    expect(upd.body.code, upd.body.msg).toBe(200);
    const [row] = (await t.api(alarmApi.ruleListAll, { pageSize: 200 }, agentA.token)).body.data.list.filter(
      (r: { id: number }) => r.id === ruleA,
    );
    expect(row).toMatchObject({ severity: 'critical', durationSeconds: 60, scope: 'agent', agentId: agentA.id });
    expect((await t.api(alarmApi.ruleDelete, { ids: [ruleA, projectRule] }, agentA.token)).body.data).toEqual({
      deleted: 2,
    });
    const audited = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'alarmRule'), eq(auditLog.targetId, String(ruleA))));
    expect(audited.map((a) => a.action).sort()).toEqual(['alarm.rule.add', 'alarm.rule.delete', 'alarm.rule.update']);
  });

  it('a project rule applies to the project’s devices, and the project’s manager sees their alarms', async () => {
    const projectId = await createProject(t, admin, { name: 'Dusty', code: uniq('PD-'), agentId: agentA.id });
    const manager = await createUser(t, admin, { role: 'manager', agentId: agentA.id });
    await t.api(projectApi.addManager, { projectId, userId: manager.id }, admin);
    const managerToken = await t.login(manager.userName, manager.password);
    const d = await dustMonitor(agentA.id);
    await t.database.db.update(devices).set({ projectId }).where(eq(devices.id, d.id));
    await addRule(managerToken, { scope: 'project', projectId, severity: 'critical' });

    d.sim.sendTelemetry({ a34002: 500 });
    const [raised] = await until(d.id, (l) => l.length === 1, 'the project alarm');
    const mine = await alarmsOf(managerToken, { projectId, severity: 'critical', status: 'active' });
    expect(mine.list.map((a) => a.id)).toEqual([raised.id]);
    expect((await alarmsOf(agentB.token, { projectId })).list).toEqual([]);
    expect((await t.api(alarmApi.acknowledge, { ids: [raised.id] }, managerToken)).body.data).toEqual({ updated: 1 });
    expect((await alarmsOf(managerToken, { acknowledged: 'true', deviceId: d.id })).total).toBe(1);
    expect(
      (await t.database.db.select().from(auditLog).where(like(auditLog.action, 'alarm.acknowledge'))).length,
    ).toBeGreaterThan(0);
  });
});
