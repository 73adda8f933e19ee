import { afterAll, describe, expect, it } from 'vitest';
import { searchApi } from '@siteops/contracts/search/api';
import { createTestApp } from '../../../test/harness.ts';
import { createUser, uniq } from '../../../test/fixtures.ts';
import { devices } from '../../db/schema/index.ts';
import { visitorWorld } from '../visitor/testkit.ts';

const t = await createTestApp();
afterAll(() => t.close());
const admin = await t.login();
const world = await visitorWorld(t, admin);
const agentOf = async (projectId: number) =>
  (await t.database.db.query.projects.findFirst({ where: (p, { eq }) => eq(p.id, projectId) }))!.agentId;

/** A device row of the agent and project given, named with `marker`. */
async function device(marker: string, agentId: number | null, projectId: number | null) {
  const sn = uniq(`${marker}SN`).toUpperCase();
  const [row] = await t.database.db
    .insert(devices)
    .values({ sn, devName: `${marker} dust`, type: 'dust', agentId, projectId })
    .returning({ id: devices.id });
  return { id: row.id, sn };
}

const find = async (token: string, q: string) => {
  const res = await t.api(searchApi.find, { q }, token);
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data.hits as { kind: string; id: number; title: string; subtitle: string | null; path: string }[];
};

describe('the command palette search', () => {
  it('finds devices by serial number or name, projects by name or code, visitors by name, each with the page that opens it', async () => {
    const marker = uniq('Pal');
    const d = await device(marker, await agentOf(world.projectA), world.projectA);
    const hits = await find(admin, d.sn.slice(-6));
    expect(hits).toContainEqual({
      kind: 'device',
      id: d.id,
      title: `${marker} dust`,
      subtitle: d.sn,
      path: `/device/device-list?sn=${d.sn}`,
    });
    const byName = await find(admin, marker);
    expect(byName.map((h) => h.kind)).toEqual(['device']);
    expect((await find(admin, 'Wang Wu')).filter((h) => h.kind === 'visitor').map((h) => h.id)).toEqual(
      expect.arrayContaining([world.visitorA, world.visitorB]),
    );
    const visitor = (await find(admin, 'Wang Wu')).find((h) => h.id === world.visitorA)!;
    expect(visitor.path).toBe('/visitor/visitor-List?realName=Wang+Wu');
  });

  it('a role finds only what its menu may open, in its scope: an agent its own devices, a manager its project’s visitors, a user nothing', async () => {
    const marker = uniq('Scope');
    const agentA = await agentOf(world.projectA);
    const agentB = await agentOf(world.projectB);
    const mine = await device(marker, agentA, world.projectA);
    await device(marker, agentB, world.projectB);
    const agentUser = await createUser(t, admin, { role: 'agent', agentId: agentA });
    const agentToken = await t.login(agentUser.userName, agentUser.password);
    expect((await find(agentToken, marker)).map((h) => [h.kind, h.id])).toEqual([['device', mine.id]]);
    // An agent's menu has no visitor pages: no visitors even of its own projects.
    expect((await find(agentToken, 'Wang Wu')).filter((h) => h.kind === 'visitor')).toEqual([]);
    // A manager: the visitors of the project it manages; devices are not on its menu.
    const managerHits = await find(world.managerToken, 'Wang Wu');
    expect(managerHits.filter((h) => h.kind === 'visitor').map((h) => h.id)).toEqual([world.visitorA]);
    expect(await find(world.managerToken, marker)).toEqual([]);
    const user = await t.login(world.host.userName, world.host.password);
    expect(await find(user, 'Wang Wu')).toEqual([]);
  });

  it('an empty query is a field error, and LIKE characters are taken literally', async () => {
    const res = await t.api.unchecked(searchApi.find, { q: ' ' }, admin);
    expect(res.status).toBe(400);
    expect(await find(admin, '%_%')).toEqual([]);
  });
});
