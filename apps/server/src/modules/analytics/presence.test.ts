import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createUser } from '../../../test/fixtures.ts';
import { fileTestApp, queryOf } from '../../../test/harness.ts';
import { presenceSamples } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/rows.ts';
import { prunePresence, samplePresence, slotOf } from './presence.ts';
import { addDevice as addRegistered, analyticsWorld, fleetAnswer, offsetWhereLocal, timeline } from './testkit.ts';
import { firstSheetAt } from '../../../test/workbooks.ts';
import { analyticsApi } from '@siteops/contracts/analytics/api';

/**
 * Presence history: the sampler writes each device group once per slot (5 minutes by default) however often and
 * however concurrently it runs; the online rate and uptime are sum(online) / sum(devices) of the samples
 * per bucket and over the range, in the caller's scope (an agent its devices' groups, a manager its
 * projects').
 */
const { t, admin } = await fileTestApp();
const { agentA, agentB, siteA, managerOfSite } = await analyticsWorld(t, admin);
let manager: string;
/** Two days ago at a whole hour: the hand-built history; the sampler's own slots two days before it. */
const { start: START, at } = timeline(48);
const RANGE = `from=${at(0).toISOString()}&to=${at(180).toISOString()}`;
const SAMPLED = new Date(START - 48 * 3_600_000 + 7 * 60_000);

const addDevice = (type: string, agentId: number, projectId: number | null, onlineStatus: string) =>
  addRegistered(t, { type, agentId, projectId, onlineStatus });

const fleet = (token: string, query = RANGE) => fleetAnswer(t, token, query);

const samplesAt = async (slot: Date) =>
  rowsOf<{ agent_id: number | null; project_id: number | null; type: string; devices: number; online: number }>(
    await t.database.db.execute(
      sql`select agent_id, project_id, type, devices, online from presence_samples
        where slot = ${slot.toISOString()}::timestamptz and agent_id in (${agentA.id}, ${agentB.id})
        order by agent_id, project_id nulls last, type`,
    ),
  );

beforeAll(async () => {
  // Agent A: two dust monitors on its site (one online), a face terminal there (offline) and one on no
  // site (online). Agent B: a dust monitor on no site (online).
  await addDevice('dust', agentA.id, siteA, 'online');
  await addDevice('dust', agentA.id, siteA, 'offline');
  await addDevice('face', agentA.id, siteA, 'offline');
  await addDevice('face', agentA.id, null, 'online');
  await addDevice('dust', agentB.id, null, 'online');
  manager = await managerOfSite();
});

describe('presence sampler', () => {
  it('writes each group once per slot, called again and concurrently in the same slot', async () => {
    const first = await samplePresence(t.database.db, SAMPLED);
    expect(first).toBeGreaterThanOrEqual(4);
    expect(await samplePresence(t.database.db, SAMPLED)).toBe(0);
    const later = new Date(SAMPLED.getTime() + 60_000); // the same slot
    expect(await Promise.all([0, 1, 2].map(() => samplePresence(t.database.db, later)))).toEqual([0, 0, 0]);
    const slot = slotOf(SAMPLED);
    expect(await samplesAt(slot)).toEqual([
      { agent_id: agentA.id, project_id: siteA, type: 'dust', devices: 2, online: 1 },
      { agent_id: agentA.id, project_id: siteA, type: 'face', devices: 1, online: 0 },
      { agent_id: agentA.id, project_id: null, type: 'face', devices: 1, online: 1 },
      { agent_id: agentB.id, project_id: null, type: 'dust', devices: 1, online: 1 },
    ]);
  });

  it('a next slot sampled by two callers at once is written once too', async () => {
    const next = new Date(slotOf(SAMPLED).getTime() + 5 * 60_000);
    const written = await Promise.all([samplePresence(t.database.db, next), samplePresence(t.database.db, next)]);
    const [{ n }] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from presence_samples where slot = ${next.toISOString()}::timestamptz`,
      ),
    );
    expect(written[0] + written[1]).toBe(n);
    expect(Math.min(...written)).toBe(0);
    expect(await samplesAt(next)).toHaveLength(4);
  });

  it('a shorter slot (PRESENCE_SAMPLE_SECONDS) samples at each of its own boundaries', async () => {
    const thirty = 30_000;
    const start = new Date(slotOf(SAMPLED).getTime() + 10 * 60_000);
    expect(await samplePresence(t.database.db, new Date(start.getTime() + 5_000), thirty)).toBeGreaterThanOrEqual(4);
    expect(await samplePresence(t.database.db, new Date(start.getTime() + 29_000), thirty)).toBe(0);
    expect(await samplePresence(t.database.db, new Date(start.getTime() + 31_000), thirty)).toBeGreaterThanOrEqual(4);
    expect(await samplesAt(start)).toHaveLength(4);
    expect(await samplesAt(new Date(start.getTime() + thirty))).toHaveLength(4);
  });

  it('retention drops the samples older than ANALYTICS_RETENTION_DAYS only', async () => {
    expect(await prunePresence(t.database.db, 3)).toBeGreaterThanOrEqual(8);
    expect(await samplesAt(slotOf(SAMPLED))).toHaveLength(0);
    expect(await prunePresence(t.database.db, 400)).toBe(0);
  });
});

describe('online rate and uptime', () => {
  beforeAll(async () => {
    const group = (agentId: number, projectId: number | null, type: string) => ({ agentId, projectId, type });
    const dustA = group(agentA.id, siteA, 'dust');
    const faceA = group(agentA.id, siteA, 'face');
    const faceAnone = group(agentA.id, null, 'face');
    const dustB = group(agentB.id, null, 'dust');
    const row = (minutes: number, g: ReturnType<typeof group>, devices: number, online: number) => ({
      slot: at(minutes),
      ...g,
      devices,
      online,
    });
    // Hour 0: agent A's site dust 2 of 2 then 1 of 2 (75 %), its face 0 of 1, its unsited face 1 of 1;
    // agent B 1 of 1. Hour 1: dust 0 of 2. Hour 2: no samples (the server was down).
    await t.database.db
      .insert(presenceSamples)
      .values([
        row(0, dustA, 2, 2),
        row(5, dustA, 2, 1),
        row(0, faceA, 1, 0),
        row(0, faceAnone, 1, 1),
        row(0, dustB, 1, 1),
        row(60, dustA, 2, 0),
      ]);
  });

  it('per device type: sum(online) / sum(devices) per bucket, a gap where nothing was sampled', async () => {
    const a = await fleet(agentA.token);
    expect(a.presence).toEqual([
      { at: at(0).toISOString(), group: 'dust', groupName: null, onlinePct: 75 },
      { at: at(0).toISOString(), group: 'face', groupName: null, onlinePct: 50 },
      { at: at(60).toISOString(), group: 'dust', groupName: null, onlinePct: 0 },
    ]);
    // Dust: 3 online of 6 device-samples. Devices: each type's latest sample (dust hour 1, face hour 0).
    expect(a.uptime).toEqual([
      { group: 'dust', groupName: null, uptimePct: 50, devices: 2 },
      { group: 'face', groupName: null, uptimePct: 50, devices: 2 },
    ]);
    const day = await fleet(agentA.token, `${RANGE}&bucket=day&tzOffset=${offsetWhereLocal(START, 0)}`);
    expect(day.presence).toEqual([
      { at: at(0).toISOString(), group: 'dust', groupName: null, onlinePct: 50 },
      { at: at(0).toISOString(), group: 'face', groupName: null, onlinePct: 50 },
    ]);
  });

  it('per project and per agent, named', async () => {
    const byProject = await fleet(agentA.token, `${RANGE}&presenceBy=project`);
    // Hour 0 on the site: (2 + 1 + 0) of (2 + 2 + 1).
    expect(byProject.presence).toEqual([
      { at: at(0).toISOString(), group: String(siteA), groupName: expect.stringMatching(/^Site /), onlinePct: 60 },
      { at: at(0).toISOString(), group: null, groupName: null, onlinePct: 100 },
      { at: at(60).toISOString(), group: String(siteA), groupName: expect.stringMatching(/^Site /), onlinePct: 0 },
    ]);
    const byAgent = await fleet(admin, `${RANGE}&presenceBy=agent`);
    expect(byAgent.uptime.map((u) => [u.group, u.uptimePct])).toEqual(
      expect.arrayContaining([
        [String(agentA.id), 50],
        [String(agentB.id), 100],
      ]),
    );
  });

  it('an agent sees only its devices’ groups, a manager only its projects’', async () => {
    const b = await fleet(agentB.token);
    expect(b.presence).toEqual([{ at: at(0).toISOString(), group: 'dust', groupName: null, onlinePct: 100 }]);
    expect(b.uptime).toEqual([{ group: 'dust', groupName: null, uptimePct: 100, devices: 1 }]);
    // Naming agent A's site, agent B gets nothing rather than its own numbers.
    expect((await fleet(agentB.token, `${RANGE}&projectId=${siteA}`)).presence).toEqual([]);
    const m = await fleet(manager);
    // The site's dust and face terminal, not agent A's unsited face terminal: face is 0 of 1.
    expect(m.presence).toEqual([
      { at: at(0).toISOString(), group: 'dust', groupName: null, onlinePct: 75 },
      { at: at(0).toISOString(), group: 'face', groupName: null, onlinePct: 0 },
      { at: at(60).toISOString(), group: 'dust', groupName: null, onlinePct: 0 },
    ]);
    const all = await fleet(admin, `${RANGE}&deviceType=dust`);
    // Hour 0: agent A's 3 of 4 and agent B's 1 of 1.
    expect(all.presence[0]).toEqual({ at: at(0).toISOString(), group: 'dust', groupName: null, onlinePct: 80 });
  });

  it('refuses a plain user, as the other analytics', async () => {
    const u = await createUser(t, admin, { role: 'user' });
    const res = await t.api.unchecked(analyticsApi.fleet, queryOf(RANGE), await t.login(u.userName, u.password));
    expect(res.status).toBe(403);
  });

  it('answers no samples, not an error, for a range before the history', async () => {
    const old = await fleet(admin, `from=${at(-600).toISOString()}&to=${at(-300).toISOString()}`);
    expect(old.presence).toEqual([]);
    expect(old.uptime).toEqual([]);
  });

  it('exports the online rate as an xlsx, named by the chosen dimension', async () => {
    const ws = await firstSheetAt(
      t,
      analyticsApi.export,
      `${RANGE}&chart=presence&presenceBy=project&lang=en-US`,
      agentA.token,
    );
    expect([2, 3].map((c) => ws.getRow(1).getCell(c).value)).toEqual(['Project', 'Online rate (%)']);
    expect(ws.getRow(3).getCell(2).value).toBe('No project');
    expect(ws.getRow(3).getCell(3).value).toBe(100);
  });

  it('a dimension that is no dimension is a 400 naming the field', async () => {
    const res = await t.api.unchecked(analyticsApi.fleet, queryOf(`${RANGE}&presenceBy=site`), admin);
    expect(res.status).toBe(400);
    expect(Object.keys((res.body.data as { fields: Record<string, string> }).fields)).toContain('presenceBy');
  });
});
