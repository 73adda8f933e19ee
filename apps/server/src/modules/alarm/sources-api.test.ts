import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { alarmApi } from '@siteops/contracts/alarm/api';
import { projectApi } from '@siteops/contracts/project/api';
import { deviceLinkApi } from '@siteops/contracts/device-link/api';
import type { DeviceType } from '@siteops/contracts/device-protocol/link';
import { appWithTwoAgents, createProject, createUser, uniq } from '../../../test/fixtures.ts';
import { alarms, deviceEvents, devices, deviceTelemetry } from '../../db/schema/index.ts';
import { startLinkApp, type LinkTestApp } from '../device-link/testkit.ts';

/**
 * The sources other than readings through the API, with simulated devices and the real sweep (every
 * 100 ms here): no data, device events and offline each raise, repeat and clear, for the device's agent
 * and never another; the spells' times are moved back in the database rather than waited for. Rules and
 * previews stay in the caller's scope; the rule preview replays the stored history.
 */
const { t, admin, agentA, agentB } = await appWithTwoAgents(() =>
  startLinkApp({ notifications: { deviceSweepMs: 100 } }),
);

const MIN = 60_000;

async function addRule(token: string, input: Record<string, unknown>) {
  const res = await t.api.unchecked(alarmApi.ruleAdd, { name: uniq('Rule '), severity: 'major', ...input }, token);
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.id as number;
}

/**
 * A device of agent A of this type and a rule with this source on that device alone (or, with `rule`,
 * as it says otherwise).
 */
async function deviceWithRule(type: DeviceType, source: Record<string, unknown>, rule: Record<string, unknown> = {}) {
  const d = await t.addDevice({ type, agentId: agentA.id });
  const ruleId = await addRule(agentA.token, { scope: 'device', deviceId: d.id, deviceType: type, source, ...rule });
  return { d, ruleId };
}

/** The device's simulator, once it is linked. */
async function linked(d: Parameters<LinkTestApp['sim']>[0]) {
  const sim = t.sim(d);
  await sim.waitFor('up', 10_000);
  return sim;
}

type Item = {
  id: number;
  status: string;
  count: number;
  ruleId: number;
  lastValue: Record<string, unknown>;
  clearedBy: string | null;
};

async function alarmsOf(token: string, deviceId: number) {
  const res = await t.api(alarmApi.listAll, { pageSize: 200, deviceId }, token);
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.list as Item[];
}

/** Polls the alarms of `deviceId` (as agent A) until `ok` holds. */
async function until(deviceId: number, ok: (list: Item[]) => boolean, what: string, timeoutMs = 8_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const list = await alarmsOf(agentA.token, deviceId);
    if (ok(list)) return list;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(list)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const setDevice = (id: number, set: Partial<typeof devices.$inferInsert>) =>
  t.database.db.update(devices).set(set).where(eq(devices.id, id));

/**
 * `minutes` pass for a device, without waiting: its stored times (added, last heartbeat) and its alarms'
 * (raised, last seen, the spell's start) move back by as much, in one transaction: the sources' sweep
 * running between the device's move and its alarm's saw a spell start that was not the alarm's, and
 * cleared it (a loaded PostgreSQL run).
 */
async function timePasses(deviceId: number, minutes: number) {
  const back = (d: Date | null) => (d ? new Date(d.getTime() - minutes * MIN) : d);
  await t.database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(devices).where(eq(devices.id, deviceId)).for('update');
    await tx
      .update(devices)
      .set({ additionDatetime: back(row.additionDatetime)!, heartbeatDatetime: back(row.heartbeatDatetime) })
      .where(eq(devices.id, deviceId));
    for (const a of await tx.select().from(alarms).where(eq(alarms.deviceId, deviceId)).for('update')) {
      const since = a.firstValue.since;
      await tx
        .update(alarms)
        .set({
          firstAt: back(a.firstAt)!,
          lastAt: back(a.lastAt)!,
          ...(typeof since === 'string'
            ? { firstValue: { ...a.firstValue, since: back(new Date(since))!.toISOString() } }
            : {}),
        })
        .where(eq(alarms.id, a.id));
    }
  });
}

describe('the sources through the API', () => {
  it('no data for N minutes: raises, repeats, clears when the monitor sends again; agent B sees nothing', async () => {
    const { d, ruleId } = await deviceWithRule('dust', { kind: 'noData', minutes: 30 });
    const listed = (await t.api(alarmApi.ruleListAll, { pageSize: 200 }, agentA.token)).body.data.list as {
      id: number;
      source: unknown;
      condition: unknown;
    }[];
    expect(listed.find((r) => r.id === ruleId)).toMatchObject({
      source: { kind: 'noData', minutes: 30 },
      condition: null,
    });

    // Never sent anything: silent since it was added, 31 minutes ago.
    await setDevice(d.id, { additionDatetime: new Date(Date.now() - 31 * MIN) });
    const [raised] = await until(d.id, (l) => l.length === 1, 'the no-data alarm');
    expect(raised).toMatchObject({ ruleId, status: 'active', count: 1 });
    expect(await alarmsOf(agentB.token, d.id)).toEqual([]);

    await timePasses(d.id, 30);
    await until(d.id, (l) => l[0]?.count === 2, 'the repeat');
    expect(await alarmsOf(agentA.token, d.id)).toHaveLength(1);

    const sim = await linked(d);
    sim.sendTelemetry({ a34002: 40 });
    await until(d.id, (l) => l[0]?.status === 'cleared', 'cleared by data');
    expect((await alarmsOf(agentA.token, d.id))[0].clearedBy).toBe('condition');
    await sim.stop();
  });

  it('a device event: each event raises or counts, with its picture; a person clears; the next raises again', async () => {
    const { d, ruleId } = await deviceWithRule(
      'aiBox',
      { kind: 'event', event: 'noHelmet' },
      { scope: 'agent', agentId: agentA.id, deviceId: undefined, severity: 'critical' },
    );
    const sim = await linked(d);
    const noHelmet = {
      kind: 'noHelmet',
      level: 'alarm' as const,
      data: { channel: 1, confidence: 0.92 },
      picture: true,
    };
    const first = sim.sendEvent(noHelmet);
    const [raised] = await until(d.id, (l) => l.length === 1, 'the event alarm');
    expect(raised).toMatchObject({ ruleId, count: 1, lastValue: { eventId: first, event: 'noHelmet', picture: true } });
    // The detail shows the event's picture, to a caller whose scope holds the device.
    const detail = (await t.api(alarmApi.detail, { id: raised.id }, agentA.token)).body.data as {
      pictureUrl: string | null;
      source: unknown;
    };
    expect(detail.source).toEqual({ kind: 'event', event: 'noHelmet' });
    expect(detail.pictureUrl).toMatch(
      new RegExp(`^${deviceLinkApi.eventPicture.path.replace(':id', String(d.id)).replace(':eventId', first)}\\?`),
    );
    const picture = await t.call({ method: 'GET', url: detail.pictureUrl! });
    expect(picture.status).toBe(200);
    expect((await t.api.unchecked(alarmApi.detail, { id: raised.id }, agentB.token)).status).toBe(404);
    sim.sendEvent({ kind: 'noVest', level: 'warning', data: { channel: 1, confidence: 0.8 } });
    sim.sendEvent(noHelmet);
    await until(d.id, (l) => l[0]?.count === 2, 'the repeat');

    expect((await t.api(alarmApi.clear, { ids: [raised.id], reason: 'spoken to' }, agentA.token)).body.data).toEqual({
      updated: 1,
    });
    sim.sendEvent(noHelmet);
    const list = await until(d.id, (l) => l.length === 2, 'a new alarm');
    expect(list.map((a) => a.status).sort()).toEqual(['active', 'cleared']);
    expect(await alarmsOf(agentB.token, d.id)).toEqual([]);
    await sim.stop();
  });

  it('offline longer than N minutes: raises, repeats, clears when the device is back', async () => {
    const { d, ruleId } = await deviceWithRule('towerCrane', { kind: 'offline', minutes: 10 });
    const sim = await linked(d);
    await sim.stop();
    await expect
      .poll(async () => (await t.database.db.select().from(devices).where(eq(devices.id, d.id)))[0].onlineStatus)
      .toBe('offline');
    await new Promise((r) => setTimeout(r, 300));
    expect(await alarmsOf(agentA.token, d.id)).toEqual([]);

    await setDevice(d.id, { heartbeatDatetime: new Date(Date.now() - 11 * MIN) });
    const [raised] = await until(d.id, (l) => l.length === 1, 'the offline alarm');
    expect(raised).toMatchObject({ ruleId, status: 'active', count: 1 });
    await timePasses(d.id, 10);
    await until(d.id, (l) => l[0]?.count === 2, 'the repeat');
    expect(await alarmsOf(agentA.token, d.id)).toHaveLength(1);

    sim.start();
    await until(d.id, (l) => l[0]?.status === 'cleared', 'cleared when back');
    expect(await alarmsOf(agentB.token, d.id)).toEqual([]);
    await sim.stop();
  });

  it('a rule holds together: an event its type sends, a condition only on readings, a type unless offline', async () => {
    const d = await t.addDevice({ type: 'dust', agentId: agentA.id });
    const add = (input: Record<string, unknown>) =>
      t.api.unchecked(
        alarmApi.ruleAdd,
        { name: 'x', severity: 'minor', scope: 'device', deviceId: d.id, ...input },
        agentA.token,
      );
    const wrongEvent = await add({ deviceType: 'dust', source: { kind: 'event', event: 'noHelmet' } });
    expect(wrongEvent.status).toBe(400);
    expect(Object.keys(wrongEvent.body.data.fields)).toContain('source.event');
    const noCondition = await add({ deviceType: 'dust' });
    expect(Object.keys(noCondition.body.data.fields)).toContain('condition');
    const noType = await add({ source: { kind: 'noData', minutes: 5 } });
    expect(Object.keys(noType.body.data.fields)).toContain('deviceType');
    expect((await add({ source: { kind: 'offline' } })).body.code).toBe(200);

    // Moving a reading rule to no data drops its conditions; back to readings needs one.
    const id = await addRule(agentA.token, {
      scope: 'device',
      deviceId: d.id,
      deviceType: 'dust',
      condition: { terms: [{ field: 'a34002', operator: 'gt', threshold: 150 }] },
    });
    const moved = await t.api(alarmApi.ruleUpdate, { id, source: { kind: 'noData', minutes: 20 } }, agentA.token);
    expect(moved.body.code, moved.body.msg).toBe(200);
    const back = await t.api.unchecked(alarmApi.ruleUpdate, { id, source: { kind: 'reading' } }, agentA.token);
    expect(back.status).toBe(400);
    expect(Object.keys(back.body.data.fields)).toEqual(['condition']);
  });
});

describe('scope and preview', () => {
  it('an agent writes and previews no rule on another agent’s project or device, nor the fleet', async () => {
    const projectB = await createProject(t, admin, { name: 'B site', code: uniq('PB-'), agentId: agentB.id });
    const deviceB = await t.addDevice({ type: 'dust', agentId: agentB.id });
    const noData = { deviceType: 'dust', source: { kind: 'noData', minutes: 30 }, severity: 'minor' };
    for (const target of [
      { scope: 'project', projectId: projectB },
      { scope: 'device', deviceId: deviceB.id },
      { scope: 'agent', agentId: agentB.id },
    ]) {
      const add = await t.api.unchecked(alarmApi.ruleAdd, { name: 'x', ...noData, ...target }, agentA.token);
      expect(add.status, JSON.stringify(target)).toBe(404);
      const preview = await t.api.unchecked(alarmApi.rulePreview, { ...noData, ...target }, agentA.token);
      expect(preview.status, JSON.stringify(target)).toBe(404);
    }
    expect((await t.api.unchecked(alarmApi.rulePreview, { ...noData, scope: 'fleet' }, agentA.token)).status).toBe(403);
    // A manager previews on its own project only.
    const projectA = await createProject(t, admin, { name: 'A site', code: uniq('PA-'), agentId: agentA.id });
    const manager = await createUser(t, admin, { role: 'manager', agentId: agentA.id });
    await t.api(projectApi.addManager, { projectId: projectA, userId: manager.id }, admin);
    const managerToken = await t.login(manager.userName, manager.password);
    const own = await t.api.unchecked(
      alarmApi.rulePreview,
      { ...noData, scope: 'project', projectId: projectA },
      managerToken,
    );
    expect(own.body.code, own.body.msg).toBe(200);
    expect(own.body.data).toMatchObject({ devices: 0, fired: 0 });
    const agents = await t.api.unchecked(
      alarmApi.rulePreview,
      { ...noData, scope: 'agent', agentId: agentA.id },
      managerToken,
    );
    expect(agents.status).toBe(403);
  });

  it('replays the stored week: readings through duration, hysteresis and flags; silences; events', async () => {
    const d = await t.addDevice({ type: 'dust', agentId: agentA.id });
    const other = await t.addDevice({ type: 'dust', agentId: agentB.id });
    const start = Date.now() - 3 * 86_400_000;
    const at = (minutes: number) => new Date(start + minutes * MIN);
    // PM10 over 150 three times (each holding 10 minutes), once only briefly, once while calibrating.
    const series: [number, number, string?][] = [
      [0, 40],
      [10, 200],
      [20, 210],
      [30, 130], // between the limits: stays raised
      [40, 100], // clears
      [50, 180],
      [55, 90], // held 5 minutes only
      [60, 300],
      [70, 300],
      [80, 50],
      [90, 400, 'C'],
      [100, 400, 'C'], // calibration: never counts
      [110, 60],
      [300, 170],
      [310, 170],
      [320, 40],
    ];
    const rows = series.map(([m, v, flag]) => ({
      deviceId: d.id,
      at: at(m),
      data: { a34002: v },
      flags: flag ? { a34002: flag } : null,
    }));
    await t.database.db.insert(deviceTelemetry).values(rows);
    // The other agent's monitor fires too, and must not be counted.
    await t.database.db.insert(deviceTelemetry).values(rows.map((r) => ({ ...r, deviceId: other.id })));

    const reading = {
      scope: 'device',
      deviceId: d.id,
      deviceType: 'dust',
      condition: { terms: [{ field: 'a34002', operator: 'gt', threshold: 150 }] },
      clearCondition: { terms: [{ field: 'a34002', operator: 'lt', threshold: 120 }] },
      durationSeconds: 600,
      severity: 'major',
    };
    const preview = async (input: Record<string, unknown>, token = agentA.token) => {
      const res = await t.api.unchecked(alarmApi.rulePreview, input, token);
      expect(res.body.code, res.body.msg).toBe(200);
      return res.body.data as { fired: number | null; devicesFired: number; devices: number; truncated: boolean };
    };
    expect(await preview(reading)).toMatchObject({ fired: 3, devicesFired: 1, devices: 1, truncated: false });
    // For the whole agent: only agent A's devices (this one fires; the others have no history).
    const agentWide = await preview({ ...reading, scope: 'agent', deviceId: undefined, agentId: agentA.id });
    expect(agentWide).toMatchObject({ fired: 3, devicesFired: 1 });
    // The admin's fleet preview counts both monitors.
    expect((await preview({ ...reading, scope: 'fleet', deviceId: undefined }, admin)).fired).toBeGreaterThanOrEqual(6);

    // No data for 60 minutes: the 190-minute gap, and the silence from the last reading until now.
    const silence = {
      scope: 'device',
      deviceId: d.id,
      deviceType: 'dust',
      source: { kind: 'noData', minutes: 60 },
      severity: 'minor',
    };
    expect(await preview(silence)).toMatchObject({ fired: 2, devicesFired: 1 });

    // Events: the crane's collision alarms, not its overloads.
    const crane = await t.addDevice({ type: 'towerCrane', agentId: agentA.id });
    const event = (codes: string[], minutes: number) => ({
      id: randomUUID(),
      deviceId: crane.id,
      type: 'towerCrane',
      kind: 'alarm',
      level: 'alarm',
      at: at(minutes),
      receivedAt: at(minutes),
      data: { flags: 1, codes, load: 1, momentPct: 50, windSpeed: 3 },
    });
    await t.database.db
      .insert(deviceEvents)
      .values([event(['collision'], 1), event(['overload'], 2), event(['collision', 'overload'], 3)]);
    const collision = {
      scope: 'device',
      deviceId: crane.id,
      deviceType: 'towerCrane',
      source: { kind: 'event', event: 'alarm', code: 'collision' },
      severity: 'critical',
    };
    expect(await preview(collision)).toMatchObject({ fired: 2, devicesFired: 1 });
    // Offline spells are not kept per device.
    expect((await preview({ ...collision, source: { kind: 'offline', minutes: 5 } })).fired).toBeNull();
  });
});
