import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '@siteops/contracts/endpoints';
import { fillPath, type Endpoint } from '@siteops/contracts/shared/endpoint';
import type { Role } from '@siteops/contracts/shared/roles';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test/harness.ts';
import { createAgent, createUser, randomMac, uniq } from '../../test/fixtures.ts';
import { raiseAlarm } from '../modules/alarm-escalation/escalationTestkit.ts';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  alarmActionRuns,
  alarmChannels,
  alarmRules,
  announcements,
  certifications,
  escalationChains,
  labourApplications,
  notifications,
  savedViews,
} from '../db/schema/index.ts';
import { broadcastApi } from '@siteops/contracts/broadcast/api';
import { deviceApi } from '@siteops/contracts/device/api';
import { projectApi } from '@siteops/contracts/project/api';
import { visitorApi } from '@siteops/contracts/visitor/api';
import { labourApi } from '@siteops/contracts/labour/api';

/**
 * The authorisation matrix, generated from the endpoint declarations: every endpoint × {no token,
 * bogus token, admin, agent A, agent B, manager, user} gets the status its `access` implies, and an
 * endpoint whose `resource` is scoped answers 404 for another tenant's id. It grows by itself as
 * endpoints are declared.
 */
let t: TestApp;
type Caller = { name: string; role: Role; userName: string; password: string; token: string };
const callers: Caller[] = [];
/** Per resource kind: an id that agent B (and its project) owns, outside agent A's and the manager's scope. */
const foreign: Record<string, number> = {};

/** Writes one row of `table` straight to the database (what no API lets the admin add for agent B); answers its id. */
async function insertRow<T extends PgTable & { id: PgColumn }>(table: T, values: T['$inferInsert']): Promise<number> {
  const [row] = (await t.database.db
    .insert(table)
    .values(values as never)
    .returning({ id: table.id })) as { id: number }[];
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.login();
  const a = await createAgent(t, admin);
  const b = await createAgent(t, admin);
  const call = async (endpoint: Endpoint, token: string, body: object) => {
    const res = await t.api.unchecked(endpoint, body, token);
    expect(res.body.code, `${endpoint.path}: ${res.body.msg}`).toBe(200);
    return res.body.data as { id: number };
  };
  const projectA = await call(projectApi.add, admin, { name: 'A site', code: uniq('PA-'), agentId: a.id });
  const projectB = await call(projectApi.add, admin, { name: 'B site', code: uniq('PB-'), agentId: b.id });
  const manager = await createUser(t, admin, { role: 'manager', agentId: a.id });
  await call(projectApi.addManager, admin, { projectId: projectA.id, userId: manager.id });
  const user = await createUser(t, admin, { role: 'user' });
  const userOfB = await createUser(t, admin, { role: 'user', agentId: b.id });
  const deviceB = await call(deviceApi.add, admin, {
    type: 'face',
    sn: uniq('SN'),
    mac: randomMac(),
    agentId: b.id,
  });

  const notificationB = await insertRow(notifications, {
    userId: userOfB.id,
    tab: 'message',
    title: { key: 'notification.passwordChanged' },
  });
  const certificationB = await insertRow(certifications, {
    userId: userOfB.id,
    type: 'enterprise',
    accountType: 'enterprise',
    legalPersonName: 'B',
    legalIdType: 'idCard',
    legalIdNo: 'v1.x',
    legalIdNoHash: 'x',
    enterpriseName: 'B Ltd',
    enterpriseCertType: 'businessLicence',
    organisationCode: '91110000MA01ABCD3X',
  });
  const visitorB = await call(visitorApi.add, admin, {
    projectId: projectB.id,
    realName: 'B visitor',
    phone: '13700137000',
    visitStart: new Date().toISOString(),
    visitEnd: new Date(Date.now() + 3_600_000).toISOString(),
  });

  const speakerB = await call(deviceApi.add, admin, {
    type: 'broadcast',
    sn: uniq('SN'),
    mac: randomMac(),
    agentId: b.id,
  });
  await call(deviceApi.authorize, admin, { ids: [speakerB.id], authStatus: 'authorize' });
  const campaignB = await call(broadcastApi.add, admin, {
    name: 'B campaign',
    link: 'https://example.com',
    content: 'B site only',
    voice: 'female',
    volume: 50,
    targets: { by: 'devices', deviceIds: [speakerB.id] },
    schedule: { kind: 'at', at: new Date(Date.now() + 3_600_000).toISOString() },
  });

  // Published, so that readers outside its audience are refused it too.
  const announcementB = await insertRow(announcements, {
    title: 'B',
    body: 'B only',
    audience: 'agent',
    audienceAgentId: b.id,
    publishedAt: new Date(),
  });

  // An alarm rule on agent B's devices, and an alarm it raised on B's device.
  const alarmRuleB = await insertRow(alarmRules, {
    name: 'B rule',
    scope: 'agent',
    agentId: b.id,
    deviceType: 'face',
    condition: { logic: 'and', terms: [{ field: 'temperature', operator: 'gt', threshold: 60 }] },
    severity: 'minor',
  });
  const alarmB = await raiseAlarm(t, { deviceId: deviceB.id, ruleId: alarmRuleB }, 0, 'minor');
  // A power cut of that alarm waiting for a second person.
  const alarmActionB = await insertRow(alarmActionRuns, {
    alarmId: alarmB,
    phase: 'raised',
    actionNo: 0,
    action: { kind: 'relay', when: 'raised', deviceId: null, output: 1, on: true },
    state: 'waiting',
  });

  const workerB = await call(labourApi.add, admin, {
    projectId: projectB.id,
    realName: 'B worker',
    idType: 'passport',
    idNo: 'E00000001',
    phone: '13700137000',
    trade: 'carpenter',
    entryDate: '2026-11-01',
  });
  const certificateB = await call(labourApi.addCertificate, admin, {
    workerId: workerB.id,
    type: 'other',
    number: 'B-1',
    validUntil: '2030-01-01',
  });
  const teamB = await call(labourApi.addTeam, admin, { projectId: projectB.id, name: 'B team' });
  const subcontractorB = await call(labourApi.addSubcontractor, admin, {
    projectId: projectB.id,
    name: 'B Labour Co.',
  });

  const applicationB = await insertRow(labourApplications, {
    projectId: projectB.id,
    realName: 'B applicant',
    idType: 'passport',
    idNo: 'v1.x',
    idNoHash: 'x',
    phone: '13700137001',
    trade: 'carpenter',
    photo: '00000000-0000-4000-8000-000000000000',
    secretHash: 'b-application',
  });

  // An escalation channel and chain of B's project.
  const alarmChannelB = await insertRow(alarmChannels, {
    name: 'B group',
    kind: 'inapp',
    scope: 'project',
    projectId: projectB.id,
  });
  const chainB = await insertRow(escalationChains, {
    projectId: projectB.id,
    name: 'B chain',
    severities: ['critical'],
    steps: [{ delayMinutes: 0, userIds: [], roles: [], channelIds: [alarmChannelB] }],
  });

  // A saved view of agent B's user, shared with agent B's people.
  const savedViewB = await insertRow(savedViews, {
    ownerId: userOfB.id,
    tableId: 'devices',
    name: 'B view',
    state: { query: '' },
    sharing: 'agent',
    agentId: b.id,
  });

  Object.assign(foreign, {
    savedView: savedViewB,
    alarmChannel: alarmChannelB,
    escalationChain: chainB,
    alarm: alarmB,
    alarmAction: alarmActionB,
    alarmRule: alarmRuleB,
    announcement: announcementB,
    campaign: campaignB.id,
    agent: b.id,
    user: userOfB.id,
    project: projectB.id,
    device: deviceB.id,
    notification: notificationB,
    visitor: visitorB.id,
    certification: certificationB,
    worker: workerB.id,
    certificate: certificateB.id,
    labourTeam: teamB.id,
    subcontractor: subcontractorB.id,
    labourApplication: applicationB,
  });
  const login = async (name: string, role: Role, userName: string, password: string) =>
    callers.push({ name, role, userName, password, token: await t.login(userName, password) });
  await login('admin', 'admin', 'admin', ADMIN_PASSWORD);
  await login('agent A', 'agent', a.userName, 'Passw0rd!');
  await login('agent B', 'agent', b.userName, 'Passw0rd!');
  await login('manager', 'manager', manager.userName, manager.password);
  await login('user', 'user', user.userName, user.password);
});
afterAll(() => t.close());

/** A request for `endpoint` with `input`; path parameters filled (1 where the input has none), the rest as query or body. */
function send(endpoint: Endpoint, input: Record<string, unknown>, token?: string) {
  const placeholders = Object.fromEntries([...endpoint.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => [m[1], 1]));
  const { url, rest } = fillPath(endpoint.path, { ...placeholders, ...input });
  const query = endpoint.method === 'GET' ? new URLSearchParams(rest as Record<string, string>).toString() : '';
  return t.call({
    method: endpoint.method,
    url: query ? `${url}?${query}` : url,
    token,
    ...(endpoint.method !== 'GET' && endpoint.kind !== 'upload' && { body: rest }),
  });
}

/** Endpoints that end the caller's session run last, so they cannot spoil the rest of the matrix. */
const endsSession = (e: Endpoint) => /logout|updatePasswd/i.test(e.operation);
const ordered = [...ALL_ENDPOINTS].sort((x, y) => Number(endsSession(x)) - Number(endsSession(y)));

const mayCall = (e: Endpoint, role: Role) => e.access === 'public' || e.access === 'session' || e.access.includes(role);

/**
 * The rest of a valid input for endpoints that require more than the id, so the 404 is judged on a
 * request that would otherwise succeed (validation runs before the scope rule and would answer 400).
 */
const REQUIRED_BESIDES_ID: Record<string, Record<string, unknown>> = {
  'deviceLink.configSet': { config: { volume: 5 } },
  'deviceLink.broadcast': { text: 'matrix' },
  'deviceLink.telemetry': { field: 'a34004' },
  'aiStream.apply': { settings: { frameRate: 10 } },
  'visitor.auditVisitor': { status: 'invalid' },
  'announcement.update': { title: 'matrix', body: 'matrix', audience: 'everyone' },
  'alarm.clear': { reason: 'matrix' },
  'alarm.assign': { assigneeId: null },
  'labour.workerAttendance': { month: '2026-11' },
  'labour.rejectApplication': { reason: 'matrix' },
  'savedView.update': { name: 'matrix', state: { query: '' }, sharing: 'private' },
};

/** `{ id }` or `{ ids: [id] }`, whichever the endpoint's input takes. */
function idInput(e: Endpoint, id: number): Record<string, unknown> | undefined {
  const shape = { ...e.params?.shape, ...e.query?.shape, ...(e.body as { shape?: object } | undefined)?.shape };
  const rest = REQUIRED_BESIDES_ID[e.id] ?? {};
  if ('ids' in shape) return { ids: [id], ...rest };
  if ('id' in shape) return { id, ...rest };
  return undefined;
}

describe('authorisation matrix (from the endpoint declarations)', () => {
  it('covers some endpoints', () => {
    expect(ALL_ENDPOINTS.length).toBeGreaterThan(0);
  });

  it.each(ordered.map((e) => [e.id, e] as const))('%s: 401 without a session, 401 with a bogus one', async (_, e) => {
    if (e.access === 'public') {
      expect((await send(e, {})).status).not.toBe(401);
      return;
    }
    expect((await send(e, {})).status).toBe(401);
    expect((await send(e, {}, randomBytes(32).toString('base64url'))).status).toBe(401);
  });

  it.each(ordered.map((e) => [e.id, e] as const))('%s: each role is let in or refused as declared', async (_, e) => {
    const wrong: string[] = [];
    for (const caller of callers) {
      const res = await send(e, {}, caller.token);
      const refused = res.status === 401 || res.status === 403;
      if (mayCall(e, caller.role) === refused) wrong.push(`${caller.name} got ${res.status} ${res.body.msg}`);
      if (endsSession(e)) caller.token = await t.login(caller.userName, caller.password);
    }
    expect(wrong).toEqual([]);
  });

  const scoped = ordered.filter((e) => e.resource && !endsSession(e));
  it.each(scoped.map((e) => [e.id, e] as const))("%s: another tenant's id is 404", async (_, e) => {
    const outsiders = callers.filter((c) => c.role !== 'admin' && c.name !== 'agent B' && mayCall(e, c.role));
    if (outsiders.length === 0) return; // admin-only: the role check above is the whole story
    const id = foreign[e.resource!];
    const input = id === undefined ? undefined : idInput(e, id);
    if (!input) throw new Error(`${e.id}: no foreign ${e.resource} fixture, or no id/ids in its input`);
    const wrong: string[] = [];
    for (const caller of outsiders) {
      const res = await send(e, input, caller.token);
      if (res.status !== 404) wrong.push(`${caller.name} got ${res.status} ${res.body.msg}`);
    }
    expect(wrong).toEqual([]);
  });
});
