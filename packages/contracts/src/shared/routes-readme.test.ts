import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from './roles.ts';
import { ROUTES } from './routes.ts';
import type { Endpoint } from './endpoint.ts';
import { deviceSearchApi } from '../device-search/api.ts';
import { visitorApi } from '../visitor/api.ts';
import { alarmApi } from '../alarm/api.ts';
import { labourApi } from '../labour/api.ts';

/**
 * The README's console table ("| menu | page | roles |") says who opens each page; the route table
 * (and the endpoints behind the pages whose roles were once in doubt) must say the same
 * (docs/decisions/0022-roles-as-documented.md).
 */
const README = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');

/** The README's rows: menu cell → the roles named in the roles cell. */
function readmeRoles(): Map<string, Set<Role>> {
  const section = README.slice(README.indexOf('| menu | page | roles |'));
  const rows = section.split('\n').slice(2);
  const out = new Map<string, Set<Role>>();
  for (const row of rows) {
    if (!row.startsWith('|')) break;
    const cells = row.split('|').map((c) => c.trim());
    const [menu, roles] = [cells[1]!, cells[cells.length - 2]!];
    const named = /^everyone$/.test(roles) ? [...ROLES] : roles.split(',').map((r) => r.trim().split(/\s/)[0]!);
    out.set(menu, new Set(named.filter((r): r is Role => (ROLES as readonly string[]).includes(r))));
  }
  return out;
}

/** Which routes each README row is about (its menu cell's beginning). */
const ROWS: [string, string[]][] = [
  ['Dashboard → Workplace', ['workplace']],
  ['Dashboard → Analysis', ['analysis']],
  [
    'Devices → Device list',
    [
      'device-list',
      'face-list',
      'dust-monitor',
      'cloud-broadcasting',
      'aiBox-list',
      'aiBox-stream',
      'tower-crane-list',
      'elevator-list',
      'tower-elevator-face-list',
      'vehicle-Plate-Recogn-list',
      'universal-Gateway-list',
    ],
  ],
  ['Devices → Telemetry & event search', ['device-search', 'device-catalogue']],
  ['Devices → Authorisation platforms', ['auth-platform']],
  ['Devices → Grant authorisation', ['grant-auth']],
  ['Devices → Device upgrade', ['device-upgrade']],
  ['Devices → Firmware rollouts', ['device-rollout']],
  ['Devices → Broadcast campaigns', ['broadcast-campaign']],
  ['Alarms →', ['alarm-list', 'alarm-rules']],
  ['Projects →', ['project-list', 'project-User']],
  // Its "Configure" is admin only, as the row says in its text (checked below).
  ['Visitors →', ['visitor-List', 'visitor-audit', 'device-authorize', 'pass-records']],
  ['Labour →', ['labour-workers', 'labour-teams', 'labour-day-sheet', 'labour-month-sheet']],
  ['Users → Agents', ['agent']],
  ['Users → User information', ['info']],
  ['Users → Settings', ['setting']],
  ['Users → Certification review', ['certification-audit']],
  ['Users → Announcements', ['announcements']],
  ['Users → Messages', ['messages']],
  ['System →', ['isystem-constants', 'isystem-audit']],
];

/** Endpoints that are the page (what the page reads), whose access must be the page's roles. */
const PAGE_ENDPOINTS: [string, Endpoint[]][] = [
  ['device-search', [deviceSearchApi.listAll, deviceSearchApi.export]],
  ['device-catalogue', [deviceSearchApi.catalogue]],
  ['pass-records', [visitorApi.passes]],
  ['alarm-list', [alarmApi.listAll, alarmApi.detail, alarmApi.acknowledge, alarmApi.clear, alarmApi.assign]],
  ['alarm-rules', [alarmApi.ruleListAll, alarmApi.ruleAdd, alarmApi.ruleUpdate, alarmApi.ruleDelete]],
  ['labour-workers', [labourApi.listAll, labourApi.add, labourApi.update, labourApi.delete]],
  ['labour-day-sheet', [labourApi.daySheet]],
  ['labour-month-sheet', [labourApi.monthSheet, labourApi.exportMonthSheet]],
];

const sorted = (roles: Iterable<string>) => [...roles].sort();
const routeRoles = (name: string) => {
  const route = ROUTES.find((r) => r.name === name);
  if (!route) throw new Error(`no route ${name}`);
  return sorted(route.roles.includes('*') ? ROLES : route.roles);
};

describe('the README’s roles are the route table’s', () => {
  const readme = readmeRoles();
  const rowOf = (prefix: string) => {
    const key = [...readme.keys()].find((k) => k.startsWith(prefix));
    if (!key) throw new Error(`README has no row starting "${prefix}"`);
    return readme.get(key)!;
  };

  it.each(ROWS)('%s', (prefix, names) => {
    const documented = sorted(rowOf(prefix));
    for (const name of names) expect(routeRoles(name), name).toEqual(documented);
  });

  it('visitor configuration is admin only, as the Visitors row says', () => {
    expect([...readme.keys()].find((k) => k.startsWith('Visitors →'))).toContain('Configure');
    expect(README).toContain('(configure: admin only)');
    expect(routeRoles('visitor-config')).toEqual(['admin']);
  });

  it.each(PAGE_ENDPOINTS)('the endpoints of %s answer the same roles as its page', (name, endpoints) => {
    for (const e of endpoints) expect(sorted(e.access as readonly string[]), e.path).toEqual(routeRoles(name));
  });
});
