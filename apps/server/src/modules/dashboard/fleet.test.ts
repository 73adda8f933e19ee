import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FleetFigures } from '@siteops/contracts/dashboard/schemas';
import { createAgent, createProject, createUser, uniq, createSignedInUser } from '../../../test/fixtures.ts';
import { devices } from '../../db/schema/index.ts';
import { FAST, startLinkApp, type LinkTestApp } from '../device-link/testkit.ts';
import { openLive } from '../device-link/liveTestkit.ts';
import { sinceOf } from './fleet.ts';
import { queryOf } from '../../../test/harness.ts';
import { projectApi } from '@siteops/contracts/project/api';
import { dashboardApi } from '@siteops/contracts/dashboard/api';

/**
 * The Workplace's fleet figures: counted in the caller's device scope (an agent never counts another
 * agent's devices, a manager its projects' only, a user none), following real (simulated) devices as
 * they link and unlink, and announced on the live topic `fleet` only to tabs that may see the device.
 */
let t: LinkTestApp;
let admin: string;
let agentA: Awaited<ReturnType<typeof createAgent>>;
let agentB: Awaited<ReturnType<typeof createAgent>>;

const figures = async (token: string, query = ''): Promise<FleetFigures> => {
  const res = await t.api.unchecked(dashboardApi.fleet, queryOf(query), token);
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data as FleetFigures;
};
const typeOf = (f: FleetFigures, type: string) => f.byType.find((b) => b.type === type)!;

beforeAll(async () => {
  t = await startLinkApp({ deviceLink: { ...FAST, live: { ...FAST.live, fleetMs: 50 } } });
  admin = await t.login();
  agentA = await createAgent(t, admin);
  agentB = await createAgent(t, admin);
});
afterAll(() => t.close());

describe('fleet figures', () => {
  it('count an agent’s own devices by type and state, and follow them online and offline', async () => {
    const face = await t.addDevice({ type: 'face', agentId: agentA.id });
    await t.addDevice({ type: 'dust', agentId: agentA.id, authStatus: 'forbidden' });
    await t.addDevice({ type: 'dust', agentId: agentB.id });
    const before = await figures(admin);

    const a = await figures(agentA.token);
    expect(a.devices).toEqual({ total: 2, online: 0, offline: 0, unknown: 2, authorised: 1, unauthorised: 1 });
    expect(typeOf(a, 'dust')).toMatchObject({ total: 1, unauthorised: 1 });
    expect(typeOf(a, 'face')).toMatchObject({ total: 1, authorised: 1 });
    expect(typeOf(a, 'elevator').total).toBe(0);
    expect(a.agents).toBe(1);
    expect(a.platforms).toBeNull();
    expect((await figures(agentB.token)).devices.total).toBe(1);

    const sim = t.sim(face);
    await sim.waitFor('up', 10_000);
    await expect.poll(async () => (await figures(agentA.token)).devices.online, { timeout: 3_000 }).toBe(1);
    // The other agent's figures do not move with agent A's device.
    expect((await figures(agentB.token)).devices).toMatchObject({ total: 1, online: 0 });
    const after = await figures(admin);
    expect(after.devices.online).toBe(before.devices.online + 1);
    expect(after.devices.total).toBe(before.devices.total);
    expect(typeOf(await figures(agentA.token), 'face')).toMatchObject({ online: 1, unknown: 0 });

    await sim.stop();
    await expect
      .poll(async () => (await figures(agentA.token)).devices, { timeout: 3_000 })
      .toMatchObject({
        online: 0,
        offline: 1,
      });
  });

  it('count today’s events and alarms and list the newest, in scope', async () => {
    const d = await t.addDevice({ type: 'face', agentId: agentA.id });
    const sim = t.sim(d);
    await sim.waitFor('up', 10_000);
    // A device says it booted when it links: counted once it is stored.
    await expect
      .poll(async () => (await figures(agentA.token)).recentEvents[0]?.deviceId, { timeout: 3_000 })
      .toBe(d.id);
    const before = await figures(agentA.token);
    sim.sendEvent({ kind: 'doorForced', level: 'alarm', data: { door: 1 } });
    const id = sim.sendEvent({
      kind: 'pass',
      level: 'info',
      data: { personId: 'P1', personName: 'Zhang Wei', direction: 'in', verifyMode: 'face', similarity: 0.9 },
    });
    await expect
      .poll(async () => (await figures(agentA.token)).today.events, { timeout: 3_000 })
      .toBe(before.today.events + 2);
    const a = await figures(agentA.token);
    expect(a.today.alarms).toBe(before.today.alarms + 1);
    // Both sent in the same millisecond: newest first, in either order.
    const newest = a.recentEvents.slice(0, 2);
    expect(newest.map((e) => e.kind).sort()).toEqual(['doorForced', 'pass']);
    expect(newest.find((e) => e.id === id)).toMatchObject({
      deviceId: d.id,
      sn: d.sn,
      deviceType: 'face',
      level: 'info',
    });
    const b = await figures(agentB.token);
    expect(b.today).toMatchObject({ events: 0, alarms: 0 });
    expect(b.recentEvents).toEqual([]);
    await sim.stop();
  });

  it('a manager counts its projects’ devices, a user none; admins see platforms', async () => {
    const [manager, managerToken] = await createSignedInUser(t, agentA.token, { role: 'manager' });
    const projectId = await createProject(t, admin, { name: 'Tower', code: uniq('P-'), agentId: agentA.id });
    await t.api(projectApi.addManager, { projectId, userId: manager.id }, admin);
    const inProject = await t.addDevice({ type: 'elevator', agentId: agentA.id });
    await t.database.db.update(devices).set({ projectId }).where(eq(devices.id, inProject.id));
    await t.addDevice({ type: 'elevator', agentId: agentA.id });

    const m = await figures(managerToken);
    expect(m.devices.total).toBe(1);
    expect(typeOf(m, 'elevator').total).toBe(1);
    expect(m.projects).toBe(1);

    const user = await createUser(t, admin, { role: 'user' });
    const u = await figures(await t.login(user.userName, user.password));
    expect(u.devices.total).toBe(0);
    expect(u.recentEvents).toEqual([]);

    expect((await figures(admin)).platforms).toEqual(expect.any(Number));
  });

  it('“today” starts at the caller’s midnight when sent, within two days', async () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(sinceOf(new Date('2026-11-25T16:00:00Z'), now).toISOString()).toBe('2026-11-25T16:00:00.000Z');
    expect(sinceOf(new Date('2026-11-01T00:00:00Z'), now).toISOString()).toBe('2026-11-25T12:00:00.000Z');
    expect(sinceOf(undefined, now).toISOString()).toBe('2026-11-25T12:00:00.000Z');
    const res = await t.api(dashboardApi.fleet, { since: 'yesterday' }, admin);
    expect(res.status).toBe(400);
    expect((await t.api(dashboardApi.fleet, {})).status).toBe(401);
  });
});

describe('live topic fleet', () => {
  it('tells the device’s agent and admins that the fleet changed, never another agent', async () => {
    const d = await t.addDevice({ type: 'aiBox', agentId: agentA.id });
    const tabA = await openLive(t, agentA.token);
    const tabB = await openLive(t, agentB.token);
    const tabAdmin = await openLive(t, admin);
    for (const tab of [tabA, tabB, tabAdmin]) {
      await tab.ready();
      expect((await tab.subscribe(['fleet'])).refused).toEqual([]);
    }
    const sim = t.sim(d);
    await sim.waitFor('up', 10_000);
    const seen = await tabA.waitFor((m) => m.type === 'fleet', 3_000, 'fleet frame');
    expect((seen.data as { data: { presence: number } }).data.presence).toBeGreaterThanOrEqual(1);
    await tabAdmin.waitFor((m) => m.type === 'fleet', 3_000, 'admin fleet frame');

    sim.sendEvent({ kind: 'boot', level: 'info', data: { reason: 'power' } });
    await tabA.waitFor((m) => m.type === 'fleet' && (m.data as { data: { events: number } }).data.events > 0, 3_000);
    await sim.stop();
    await new Promise((r) => setTimeout(r, 300));
    expect(tabB.seen.filter((m) => m.type === 'fleet')).toEqual([]);
    for (const tab of [tabA, tabB, tabAdmin]) tab.close();
  });
});
