import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Endpoint, InputOf } from '@siteops/contracts/shared/endpoint';
import { visitorApi } from '@siteops/contracts/visitor/api';
import { createAgent, createUser } from '../../../test/fixtures.ts';
import { devices, projects } from '../../db/schema/index.ts';
import { startLinkApp, type LinkTestApp } from '../device-link/testkit.ts';
import { visitorWorld } from './testkit.ts';

/** Polls `fn` every 25 ms until it answers something truthy, and answers that; fails after `ms`. */
export async function eventually<T>(fn: () => T | Promise<T>, what: string, ms = 8_000): Promise<NonNullable<T>> {
  const started = Date.now();
  for (;;) {
    const v = await fn();
    if (v) return v as NonNullable<T>;
    if (Date.now() - started > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Links a simulated terminal for device `d` and waits until the devices table has it online: presence
 * reaches the table in its next flush, and the gate dispatcher sends only to devices online there.
 */
export async function linkOnline(t: LinkTestApp, d: Parameters<LinkTestApp['sim']>[0] & { id: number }) {
  const sim = t.sim(d);
  await sim.waitFor('up', 10_000);
  await eventually(
    async () => (await t.database.db.select().from(devices).where(eq(devices.id, d.id)))[0].onlineStatus === 'online',
    'online',
  );
  return sim;
}

/**
 * The gate tests' calls: `req` answers the envelope with the HTTP status as `status`, `ok` expects code 200
 * and answers the data; both as the admin unless given a token. `world` is read at each call, so the
 * calls can be made before `beforeAll` has started the app.
 */
export function gateCalls(world: () => { t: LinkTestApp; admin: string }) {
  const req = async <E extends Endpoint>(endpoint: E, input: InputOf<E>, token = world().admin) => {
    const res = await world().t.api(endpoint, input, token);
    return { ...res.body, status: res.status };
  };
  const ok = async <E extends Endpoint>(endpoint: E, input: InputOf<E>, token = world().admin) => {
    const res = await req(endpoint, input, token);
    expect(res.code, `${endpoint.path}: ${res.msg}`).toBe(200);
    return res.data;
  };
  return { req, ok };
}

/**
 * A face terminal of the project (on its agent `agentId`), made the project's one access device
 * (direction none) by publishing the visitor configuration, and linked through a simulator.
 */
export async function listedFaceTerminal(t: LinkTestApp, admin: string, at: { agentId: number; projectId: number }) {
  const { ok } = gateCalls(() => ({ t, admin }));
  const d = await t.addDevice({ type: 'face', agentId: at.agentId });
  await t.database.db.update(devices).set({ projectId: at.projectId }).where(eq(devices.id, d.id));
  const sim = await linkOnline(t, d);
  await ok(visitorApi.publishConfig, {
    projectId: at.projectId,
    requiredFields: [],
    defaultVisitHours: 4,
    autoApprove: false,
    deviceIds: [d.id],
  });
  return { ...d, sim, faces: sim.faces! };
}

/**
 * A whole app on loopback whose gate dispatcher runs every 100 ms, the visitor world in it, and two agent
 * sessions: `agentA`, a user of project A's agent (the devices' agent, `agentIdA`), and `otherAgent`.
 */
export async function startGateWorld() {
  const t = await startLinkApp({ visitors: { gate: { everyMs: 100 } } });
  const admin = await t.login();
  const w = await visitorWorld(t, admin);
  const [p] = await t.database.db.select().from(projects).where(eq(projects.id, w.projectA));
  const agentIdA = p.agentId!;
  const u = await createUser(t, admin, { role: 'agent', agentId: agentIdA });
  const agentA = await t.login(u.userName, u.password);
  const otherAgent = (await createAgent(t, admin)).token;
  return { t, admin, w, agentIdA, agentA, otherAgent };
}
