import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { inChinese } from '../../../test/fixtures.ts';
import { expectFieldsNamed, fileTestApp, queryOf } from '../../../test/harness.ts';
import { deviceEvents, deviceTelemetry } from '../../db/schema/index.ts';
import { addDevice as addRegistered, analyticsWorld, fleetAnswer, offsetWhereLocal, timeline } from './testkit.ts';
import { firstSheetAt } from '../../../test/workbooks.ts';
import { analyticsApi } from '@siteops/contracts/analytics/api';

/**
 * Fleet analytics: per-bucket sums equal what was stored, exceedances against the dust limits, an agent's
 * numbers never include another agent's devices, a manager sees its projects', and the range rules.
 */
const { t, admin } = await fileTestApp();
const { agentA, agentB, siteA, managerOfSite } = await analyticsWorld(t, admin);
let manager: string;
/** Two days ago at a whole hour: the range below ends well before now. */
const { start: START, at } = timeline(48);
const RANGE = `from=${at(0).toISOString()}&to=${at(180).toISOString()}`;

const addDevice = (type: string, agentId: number, projectId: number | null = null) =>
  addRegistered(t, { type, agentId, projectId, authStatus: 'authorize' });
const event = (deviceId: number, type: string, minutes: number, kind: string, data: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  deviceId,
  type,
  kind,
  level: kind === 'pass' ? 'info' : 'alarm',
  at: at(minutes),
  receivedAt: at(minutes),
  data,
});

const fleet = (token: string, query = RANGE) => fleetAnswer(t, token, query);

beforeAll(async () => {
  const dustA = await addDevice('dust', agentA.id, siteA);
  const dustB = await addDevice('dust', agentB.id);
  const craneA = await addDevice('towerCrane', agentA.id, siteA);
  const faceA = await addDevice('face', agentA.id, siteA);
  const faceB = await addDevice('face', agentB.id);
  // Hour 0: PM2.5 40, 80, 120 (two above 75); hour 1: 60 with noise 75 (above 70). A text value is no number.
  await t.database.db.insert(deviceTelemetry).values([
    { deviceId: dustA, at: at(0), data: { a34004: 40, a34002: 100, LA: 60 } },
    { deviceId: dustA, at: at(20), data: { a34004: 80, a34002: 160, LA: 'n/a' } },
    { deviceId: dustA, at: at(40), data: { a34004: 120, a34002: 200, LA: 62 } },
    { deviceId: dustA, at: at(70), data: { a34004: 60, LA: 75 } },
    { deviceId: dustB, at: at(10), data: { a34004: 900, a34002: 900, LA: 100 } },
    { deviceId: craneA, at: at(5), data: { load: 2 } },
    { deviceId: craneA, at: at(15), data: { load: 4.5 } },
  ]);
  await t.database.db.insert(deviceEvents).values([
    event(faceA, 'face', 1, 'pass'),
    event(faceA, 'face', 2, 'pass'),
    event(faceA, 'face', 125, 'pass'),
    event(faceB, 'face', 3, 'pass'),
    event(faceB, 'face', 4, 'doorForced', { door: 1 }),
    event(craneA, 'towerCrane', 16, 'alarm', {
      flags: 1,
      codes: ['overload'],
      load: 4.5,
      momentPct: 90,
      windSpeed: 3,
    }),
    event(dustA, 'dust', 20, 'overLimit', { code: 'a34002', value: 160, limit: 150 }),
  ]);
  manager = await managerOfSite();
});

describe('fleet analytics', () => {
  it('answers every hour of the range and the stored readings per hour and project', async () => {
    const a = await fleet(agentA.token);
    expect(a.buckets).toEqual([at(0), at(60), at(120)].map((d) => d.toISOString()));
    expect(a.dust).toEqual([
      {
        at: at(0).toISOString(),
        projectId: siteA,
        projectName: expect.any(String),
        readings: 3,
        pm25: 80,
        pm10: 153.3,
        noise: 61,
        pm25Over: 2,
        pm10Over: 2,
        noiseOver: 0,
      },
      expect.objectContaining({ at: at(60).toISOString(), readings: 1, pm25: 60, pm10: null, noise: 75, noiseOver: 1 }),
    ]);
    expect(a.lifting).toEqual([
      { at: at(0).toISOString(), deviceType: 'towerCrane', readings: 2, avgLoad: 3.3, maxLoad: 4.5, alarms: 1 },
    ]);
    expect(a.passes).toEqual([
      { at: at(0).toISOString(), count: 2 },
      { at: at(120).toISOString(), count: 1 },
    ]);
    expect(a.events).toEqual([
      { at: at(0).toISOString(), deviceType: 'dust', kind: 'overLimit', count: 1 },
      { at: at(0).toISOString(), deviceType: 'towerCrane', kind: 'alarm', count: 1 },
    ]);
  });

  it('never counts another agent’s devices; the admin counts both; a manager its projects’', async () => {
    const b = await fleet(agentB.token);
    expect(b.dust).toMatchObject([{ readings: 1, pm25: 900, projectId: null }]);
    expect(b.passes).toEqual([{ at: at(0).toISOString(), count: 1 }]);
    expect(b.events).toEqual([{ at: at(0).toISOString(), deviceType: 'face', kind: 'doorForced', count: 1 }]);
    expect(b.lifting).toEqual([]);
    const all = await fleet(admin, `${RANGE}&bucket=day&agentId=${agentA.id}`);
    expect(all.passes.reduce((n, p) => n + p.count, 0)).toBe(3);
    const both = await fleet(admin, `${RANGE}&deviceType=face`);
    expect(both.passes.reduce((n, p) => n + p.count, 0)).toBe(4);
    expect(both.dust).toEqual([]);
    const m = await fleet(manager);
    expect(m.dust.map((r) => r.readings)).toEqual([3, 1]);
    expect(m.passes.reduce((n, p) => n + p.count, 0)).toBe(3);
    // Naming agent A's site, agent B gets nothing rather than its numbers.
    expect((await fleet(agentB.token, `${RANGE}&projectId=${siteA}`)).dust).toEqual([]);
  });

  it('cuts days at the viewer’s midnight', async () => {
    const offset = offsetWhereLocal(START, 8 * 60); // the range starts at 08:00 local
    const day = await fleet(agentA.token, `${RANGE}&bucket=day&tzOffset=${offset}`);
    const localMidnight = new Date(START - 8 * 3_600_000).toISOString();
    expect(day.buckets).toEqual([localMidnight]);
    expect(day.passes).toEqual([{ at: localMidnight, count: 3 }]);
    expect(day.dust).toMatchObject([{ readings: 4, pm25Over: 2, noiseOver: 1 }]);
  });

  it('exports one chart as an xlsx of the same numbers', async () => {
    const ws = await firstSheetAt(t, analyticsApi.export, `${RANGE}&chart=dust&lang=en-US`, agentA.token);
    expect(ws.getRow(1).getCell(4).value).toBe('PM2.5 average');
    expect(ws.rowCount).toBe(3);
    expect(ws.getRow(2).getCell(4).value).toBe(80);
  });
});

describe('fleet analytics validation', () => {
  it.each([
    ['no time range', '', ['from', 'to']],
    ['an end before the start', `from=${at(60).toISOString()}&to=${at(0).toISOString()}`, ['to']],
    ['a range over 31 days', 'from=2026-01-01&to=2026-03-01', ['to']],
    ['a bucket that is no bucket', `${RANGE}&bucket=minute`, ['bucket']],
    ['a chart that is no chart', `${RANGE}&chart=pie`, ['chart'], 'export'],
  ])('%s is a 400 naming the field', async (_, query, fields, endpoint = 'fleet') => {
    const res = await t.api.unchecked(analyticsApi[endpoint as 'fleet' | 'export'], queryOf(query), admin);
    expectFieldsNamed(res, fields);
  });

  it('says the range error in Chinese to a Chinese console', async () => {
    const res = await t.api(analyticsApi.fleet, { from: '2026-01-01', to: '2026-03-01' }, inChinese(admin));
    expect(res.status).toBe(400);
    expect((res.body.data as { fields: Record<string, string> }).fields.to).toContain('31 天');
  });
});
