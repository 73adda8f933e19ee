import { expect } from 'vitest';
import type { AnalyticsAnswer } from '@siteops/contracts/analytics/schemas';
import { createAgent, createUser, uniq } from '../../../test/fixtures.ts';
import { queryOf, type TestApp } from '../../../test/harness.ts';
import { analyticsApi } from '@siteops/contracts/analytics/api';
import { devices, projectMembers, projects } from '../../db/schema/index.ts';

/** Minutes from a whole hour `hoursAgo` hours back: ranges that end well before now, so no hour is partial. */
export function timeline(hoursAgo: number) {
  const start = Math.floor(Date.now() / 3_600_000) * 3_600_000 - hoursAgo * 3_600_000;
  return { start, at: (minutes: number) => new Date(start + minutes * 60_000) };
}

/**
 * The viewer offset (minutes east of UTC, as the API takes it) at which `instant` reads as `localMinutes`
 * past midnight. Folded into -12 h..+12 h so it stays valid whatever hour of the day the suite runs.
 */
export function offsetWhereLocal(instant: number, localMinutes: number) {
  const utcMinutes = new Date(instant).getUTCHours() * 60 + new Date(instant).getUTCMinutes();
  const east = (((localMinutes - utcMinutes) % 1440) + 1440) % 1440;
  return east > 720 ? east - 1440 : east;
}

/**
 * What the analytics tests read from: two agents (A with a site, B with none), and on request the
 * site's manager, logged in. Scope is what every analytics answer is checked for, so the same world.
 */
export async function analyticsWorld(t: TestApp, admin: string) {
  const agentA = await createAgent(t, admin);
  const agentB = await createAgent(t, admin);
  const [site] = await t.database.db
    .insert(projects)
    .values({ name: uniq('Site '), code: uniq('S'), agentId: agentA.id })
    .returning({ id: projects.id });
  const managerOfSite = async () => {
    const m = await createUser(t, admin, { role: 'manager' });
    await t.database.db.insert(projectMembers).values({ projectId: site.id, userId: m.id, role: 'manager' });
    return t.login(m.userName, m.password);
  };
  return { agentA, agentB, siteA: site.id, managerOfSite };
}

/** A device row straight into the registry (no link needed to read analytics). */
export async function addDevice(t: TestApp, values: Omit<typeof devices.$inferInsert, 'sn'> & { sn?: string }) {
  const [row] = await t.database.db
    .insert(devices)
    .values({ sn: uniq('ANL'), devName: uniq(`${values.type} `), ...values })
    .returning({ id: devices.id });
  return row.id;
}

/** `GET /api/analytics/fleet` as `token`, expected to answer. */
export async function fleetAnswer(t: TestApp, token: string, query: string) {
  const res = await t.api.unchecked(analyticsApi.fleet, queryOf(query), token);
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data as AnalyticsAnswer;
}
