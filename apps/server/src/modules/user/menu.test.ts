import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, menuForRole, type MenuNode } from '@siteops/contracts/shared/routes';
import { roleAllowed, type Role } from '@siteops/contracts/shared/roles';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createAgent, createUser } from '../../../test/fixtures.ts';
import { userApi } from '@siteops/contracts/user/api';

let t: TestApp;
const tokens: Partial<Record<Role, string>> = {};
beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.login();
  tokens.admin = admin;
  tokens.agent = (await createAgent(t, admin)).token;
  for (const role of ['manager', 'user'] as const) {
    await createUser(t, admin, { userName: `menu-${role}`, role });
    tokens[role] = await t.login(`menu-${role}`, 'Passw0rd!');
  }
});
afterAll(() => t.close());

const leaves = (menu: MenuNode[]) => menu.flatMap((n) => (n.children ?? []).map((c) => c.name)).sort();

/** The pages of the dashboard and alarm sections an agent and a manager both open. */
const DASHBOARD_AND_ALARMS = [
  'workplace',
  'analysis',
  'alarm-list',
  'alarm-rules',
  'alarm-escalation',
  'alarm-compliance',
];
/** The labour pages an agent and a manager both open. */
const LABOUR_PAGES = ['labour-workers', 'labour-teams', 'labour-day-sheet', 'labour-month-sheet'];

/** What spec 2 and 6 say each role may open, written out by hand so the table itself is under test. */
const EXPECTED: Record<Role, string[]> = {
  admin: ROUTES.filter((r) => r.parent).map((r) => r.name),
  agent: [
    ...DASHBOARD_AND_ALARMS,
    'device-list',
    'face-list',
    'dust-monitor',
    'cloud-broadcasting',
    'broadcast-campaign',
    'aiBox-list',
    'aiBox-stream',
    'tower-crane-list',
    'elevator-list',
    'tower-elevator-face-list',
    'vehicle-Plate-Recogn-list',
    'universal-Gateway-list',
    'device-search',
    'device-catalogue',
    ...LABOUR_PAGES,
    'agent',
    'info',
    'setting',
    'messages',
    'announcements',
  ],
  manager: [
    ...DASHBOARD_AND_ALARMS,
    'broadcast-campaign',
    'device-search',
    'device-catalogue',
    'project-list',
    'project-User',
    'visitor-List',
    'visitor-audit',
    'device-authorize',
    'pass-records',
    ...LABOUR_PAGES,
    'setting',
    'messages',
    'announcements',
  ],
  user: ['workplace', 'setting', 'messages'],
};

describe(`${userApi.menu.method} ${userApi.menu.path}`, () => {
  it.each(['admin', 'agent', 'manager', 'user'] as const)('answers exactly the pages %s may open', async (role) => {
    const res = await t.api(userApi.menu, {}, tokens[role]);
    expect(res.body.code).toBe(200);
    expect(leaves(res.body.data)).toEqual([...EXPECTED[role]].sort());
    expect(res.body.data).toEqual(menuForRole(role));
  });

  it('orders sections dashboard 0, alarm 6, device 7, project 8, visitor 9, labour 9.5, user 10, system 11', async () => {
    const res = await t.api(userApi.menu, {}, tokens.admin);
    expect(res.body.data.map((n: MenuNode) => [n.name, n.order])).toEqual([
      ['dashboard', 0],
      ['alarm', 6],
      ['device', 7],
      ['project', 8],
      ['visitor', 9],
      ['labour', 9.5],
      ['user', 10],
      ['isystem', 11],
    ]);
  });

  it('admin-only pages are exactly auth-platform, grant-auth, device-upgrade, device-rollout, visitor-config, certification-audit, isystem-constants, isystem-audit', () => {
    const adminOnly = ROUTES.filter(
      (r) => r.parent && !roleAllowed('agent', r.roles) && !roleAllowed('manager', r.roles),
    );
    expect(adminOnly.map((r) => r.name).sort()).toEqual(
      [
        'auth-platform',
        'certification-audit',
        'device-upgrade',
        'device-rollout',
        'grant-auth',
        'isystem-audit',
        'isystem-constants',
        'visitor-config',
      ].sort(),
    );
  });
});
