import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { alarmComplianceApi } from '@siteops/contracts/alarm/api';
import type { ComplianceReport } from '@siteops/contracts/alarm/compliance';
import { createTestApp, injectOf } from '../../../test/harness.ts';
import { appWithTwoAgents, createUser, uniq } from '../../../test/fixtures.ts';
import { alarmRules, deviceTelemetry, hj212Aggregates, projectMembers, projects } from '../../db/schema/index.ts';
import { addDevice } from '../analytics/testkit.ts';
import { limitOf, ruleCoversPeriod, type LimitRule } from './complianceLimits.ts';

/**
 * The compliance report of a month (issue 32): exceedance hours per pollutant against the project's
 * rules or the national limits, day and night noise Leq per local day (a night running past midnight),
 * readings flagged other than N left out and counted, the monitor's own HJ 212 figures, the xlsx, and
 * the project's scope.
 */
// A past month, kept whole: no pruning of its raw readings.
const { t, admin, agentA, agentB } = await appWithTwoAgents(() => createTestApp({ TELEMETRY_RETENTION_DAYS: '3650' }));
let manager: string;
let otherManager: string;
let user: string;
let site: number;
let monitor: number;

const MONTH = '2026-10';
/** Local time of the site (UTC+08:00, no labour settings) on a day of October 2026. */
const at = (day: number, hour: number, minute = 0, month = 9) => new Date(Date.UTC(2026, month, day, hour - 8, minute));

beforeAll(async () => {
  const [p, other] = await t.database.db
    .insert(projects)
    .values([
      { name: uniq('Site '), code: uniq('CMP'), agentId: agentA.id },
      { name: uniq('Other '), code: uniq('CMQ'), agentId: agentA.id },
    ])
    .returning({ id: projects.id });
  site = p.id;
  const m = await createUser(t, admin, { role: 'manager' });
  const m2 = await createUser(t, admin, { role: 'manager' });
  await t.database.db.insert(projectMembers).values([
    { projectId: site, userId: m.id, role: 'manager' },
    { projectId: other.id, userId: m2.id, role: 'manager' },
  ]);
  manager = await t.login(m.userName, m.password);
  otherManager = await t.login(m2.userName, m2.password);
  const u = await createUser(t, admin, { role: 'user' });
  user = await t.login(u.userName, u.password);

  monitor = await addDevice(t, { type: 'dust', agentId: agentA.id, projectId: site, devName: 'Gate monitor' });
  await addDevice(t, { type: 'face', agentId: agentA.id, projectId: site });
  const elsewhere = await addDevice(t, { type: 'dust', agentId: agentA.id, projectId: other.id });

  await t.database.db.insert(alarmRules).values([
    // The project's PM2.5 rule replaces the fleet's; a disabled rule counts for nothing.
    {
      name: 'Fleet PM2.5',
      scope: 'fleet',
      deviceType: 'dust',
      condition: { logic: 'and', terms: [{ field: 'a34004', operator: 'gt', threshold: 100 }] },
      severity: 'major',
    },
    {
      name: 'Site PM2.5',
      scope: 'project',
      projectId: site,
      deviceType: 'dust',
      condition: { logic: 'and', terms: [{ field: 'a34004', operator: 'gt', threshold: 50 }] },
      severity: 'major',
    },
    {
      name: 'Off PM10',
      scope: 'project',
      projectId: site,
      deviceType: 'dust',
      enabled: false,
      condition: { logic: 'and', terms: [{ field: 'a34002', operator: 'gt', threshold: 10 }] },
      severity: 'major',
    },
    // The monitor's own day noise limit; the night keeps the national 55.
    {
      name: 'Gate day noise',
      scope: 'device',
      deviceId: monitor,
      deviceType: 'dust',
      condition: {
        logic: 'and',
        terms: [{ field: 'LA', operator: 'gt', threshold: 65 }],
        window: { from: '06:00', to: '22:00', utcOffsetMinutes: 480 },
      } as never,
      severity: 'major',
    },
  ]);

  const r = (when: Date, data: Record<string, number>, flags?: Record<string, string>) => ({
    deviceId: monitor,
    at: when,
    data,
    flags: flags ?? null,
  });
  await t.database.db.insert(deviceTelemetry).values([
    // PM10 (from the hourly rollup): 10:00 mean 170 over 150; 11:00 mean 145; 12:00 100 (the 900 under
    // calibration left out); 13:00 only a reading under maintenance: no hour.
    r(at(3, 10, 0), { a34002: 160 }),
    r(at(3, 10, 30), { a34002: 180 }),
    r(at(3, 11, 0), { a34002: 140 }),
    r(at(3, 11, 30), { a34002: 150 }),
    r(at(3, 12, 0), { a34002: 100 }),
    r(at(3, 12, 30), { a34002: 900 }, { a34002: 'C' }),
    r(at(3, 13, 0), { a34002: 200 }, { a34002: 'M' }),
    // PM2.5 against the project's 50: 10:00 over, 11:00 not.
    r(at(3, 10, 10), { a34004: 60 }),
    r(at(3, 11, 10), { a34004: 40 }),
    // TSP (from the readings) against 300: 10:00 mean exactly 300 is not above it; 11:00 is.
    r(at(3, 10, 20), { a34001: 350 }),
    r(at(3, 10, 40), { a34001: 250 }),
    r(at(3, 11, 20), { a34001: 320 }),
    // Noise. The night of 30 September (01:00 on the 1st) is not October's.
    r(at(1, 1, 0), { LA: 90 }),
    // 3 October by day: 60 and 80 -> Leq 77.0 over the monitor's 65.
    r(at(3, 10, 5), { LA: 60 }),
    r(at(3, 10, 35), { LA: 80 }),
    // The night of 3 October runs to 06:00 on the 4th: 50 and 60 -> Leq 57.4 over 55.
    r(at(3, 23, 0), { LA: 50 }),
    r(at(4, 2, 0), { LA: 60 }),
    // 4 October by day: 65 is not above 65; a fault's 95 left out.
    r(at(4, 12, 0), { LA: 65 }),
    r(at(4, 14, 0), { LA: 95 }, { LA: 'D' }),
    // The night of 31 October, read on 1 November at 03:00, is October's.
    r(at(1, 3, 0, 10), { LA: 50 }),
    // Another project's monitor.
    { deviceId: elsewhere, at: at(3, 10, 0), data: { a34002: 999, LA: 99 }, flags: null },
  ]);

  const hour = (code: string, when: Date, avg: number, flag: string | null = 'N', period = 'hour') => ({
    deviceId: monitor,
    period,
    at: when,
    code,
    avg,
    min: avg - 10,
    max: avg + 40,
    cou: null,
    flag,
  });
  await t.database.db
    .insert(hj212Aggregates)
    .values([
      hour('a34002', at(3, 10), 170),
      hour('a34002', at(3, 11), 120),
      hour('a34002', at(3, 12), 500, 'C'),
      hour('a34002', at(3, 10, 1), 160, 'N', 'minute'),
      hour('LA', at(3, 23), 58),
      hour('LA', at(3, 12), 60),
    ]);
});

async function reportAs(token: string, projectId = site) {
  const res = await t.api(alarmComplianceApi.compliance, { projectId, month: MONTH }, token);
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data as ComplianceReport;
}

describe('compliance report', () => {
  it('counts exceedance hours per pollutant against the rule or the national limit, flagged readings apart', async () => {
    const r = await reportAs(admin);
    expect(r.utcOffsetMinutes).toBe(480);
    expect(r.from).toBe('2026-09-30T16:00:00.000Z');
    expect(r.to).toBe('2026-10-31T16:00:00.000Z');
    expect(r.readingsKeptFrom).toBeNull();
    expect(r.devices).toEqual([{ id: monitor, sn: expect.any(String), name: 'Gate monitor' }]);
    const of = (field: string) => r.pollutants.find((p) => p.field === field)!;

    const pm10 = of('a34002');
    expect(pm10.limit).toMatchObject({ value: 150, source: 'national', ruleId: null });
    expect(pm10).toMatchObject({ hours: 3, exceedanceHours: 1, readings: 5, flagged: { C: 1, M: 1 } });
    expect(pm10.worst).toEqual({ hour: at(3, 10).toISOString(), mean: 170 });
    expect(pm10.exceedances).toEqual([{ hour: at(3, 10).toISOString(), mean: 170 }]);
    expect(pm10.mean).toBe(146); // (160 + 180 + 140 + 150 + 100) / 5

    const pm25 = of('a34004');
    expect(pm25.limit).toMatchObject({ value: 50, source: 'rule', ruleName: 'Site PM2.5' });
    expect(pm25).toMatchObject({ hours: 2, exceedanceHours: 1 });

    const tsp = of('a34001');
    expect(tsp.limit).toMatchObject({ value: 300, source: 'national' });
    expect(tsp).toMatchObject({ hours: 2, exceedanceHours: 1, flagged: {} });
    expect(tsp.exceedances).toEqual([{ hour: at(3, 11).toISOString(), mean: 320 }]);
  });

  it('gives each local day its day and night Leq against the limits, a night running past midnight', async () => {
    const r = await reportAs(admin);
    const [noise] = r.noise;
    expect(noise.dayLimit).toMatchObject({ value: 65, source: 'rule', ruleName: 'Gate day noise' });
    expect(noise.nightLimit).toMatchObject({ value: 55, source: 'national' });
    expect(noise.days.map((d) => d.date)).toEqual(['2026-10-03', '2026-10-04', '2026-10-31']);
    const [d3, d4, d31] = noise.days;
    expect(d3.day).toMatchObject({ leq: 77, lmax: 80, readings: 2, hours: 1, over: true });
    expect(d3.night).toMatchObject({ leq: 57.4, readings: 2, hours: 2, over: true });
    expect(d4.day).toMatchObject({ leq: 65, readings: 1, over: false });
    expect(d4.night).toBeNull();
    expect(d31).toMatchObject({ day: null, night: { leq: 50, over: false } });
    expect(noise).toMatchObject({ daysOver: 1, nightsOver: 1, flagged: { D: 1 } });
  });

  it("shows the monitor's own hour and minute figures against the limits, flagged periods apart", async () => {
    const r = await reportAs(admin);
    const fig = (code: string, period: string) => r.monitor.find((f) => f.code === code && f.period === period);
    expect(fig('a34002', 'hour')).toMatchObject({
      count: 2,
      flagged: 1,
      maxAvg: 170,
      maxAt: at(3, 10).toISOString(),
      peak: 210,
      over: 1,
    });
    expect(fig('a34002', 'minute')).toMatchObject({ count: 1, over: 1 });
    // 23:00 is night (55): 58 is over; 12:00 is day (the monitor's 65): 60 is not.
    expect(fig('LA', 'hour')).toMatchObject({ count: 2, over: 1 });
  });

  it('answers the project in scope only: its agent and manager, not another agent, manager or a user', async () => {
    expect((await reportAs(agentA.token)).pollutants.length).toBe(3);
    expect((await reportAs(manager)).noise[0].daysOver).toBe(1);
    const refused = async (token: string) =>
      (await t.api.unchecked(alarmComplianceApi.compliance, { projectId: site, month: MONTH }, token)).status;
    expect(await refused(agentB.token)).toBe(404);
    expect(await refused(otherManager)).toBe(404);
    expect(await refused(user)).toBe(403);
    for (const month of ['2026-13', '0000-01', '2026-1']) {
      const res = await t.api.unchecked(alarmComplianceApi.compliance, { projectId: site, month }, admin);
      expect(res.status, month).toBe(400);
    }
  });

  it('reports a month without readings as empty, and a project without monitors with none', async () => {
    const res = await t.api(alarmComplianceApi.compliance, { projectId: site, month: '2026-08' }, admin);
    const r = res.body.data as ComplianceReport;
    expect(r.pollutants.every((p) => p.hours === 0 && p.worst === null)).toBe(true);
    expect(r.noise[0].days).toEqual([]);
    const [bare] = await t.database.db
      .insert(projects)
      .values({ name: uniq('Bare '), code: uniq('CMB'), agentId: agentA.id })
      .returning({ id: projects.id });
    const none = await reportAs(admin, bare.id);
    expect(none).toMatchObject({ devices: [], pollutants: [], noise: [], monitor: [] });
  });
});

async function workbookAs(token: string, lang: 'zh-CN' | 'en-US', projectId = site) {
  const res = await t.app.inject(
    injectOf(alarmComplianceApi.complianceExport, { projectId, month: MONTH, lang }, token),
  );
  return res;
}

const rowsOf = (ws: ExcelJS.Worksheet) =>
  ws
    .getSheetValues()
    .filter(Boolean)
    .map((row) => (row as unknown[]).slice(1));

describe('compliance report as xlsx', () => {
  it('has the summary, pollutants, exceedance hours, noise and monitor sheets in the requester’s language', async () => {
    const res = await workbookAs(manager, 'en-US');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`compliance-`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((ws) => ws.name)).toEqual([
      'Summary',
      'Pollutants',
      'Exceedance hours',
      'Noise',
      'Monitor figures',
    ]);
    const summary = rowsOf(wb.getWorksheet('Summary')!);
    expect(summary).toContainEqual(['Time zone', 'UTC+08:00']);
    expect(summary.flat().join(' ')).toContain('Exceedance hour: a clock hour whose mean');

    const pollutants = rowsOf(wb.getWorksheet('Pollutants')!);
    expect(pollutants[0]).toEqual(expect.arrayContaining(['Pollutant', 'Limit', 'Exceedance hours']));
    const pm10 = pollutants.find((row) => row[2] === 'PM10')!;
    expect(pm10.slice(4, 9)).toEqual(['> 150', 'GB 3095-2012', 3, 1, 146]);
    expect(pm10[9]).toBe('2026-10-03 10:00');
    expect(pm10[12]).toBe('calibration (C) 1; maintenance (M) 1');
    expect(pollutants.find((row) => row[2] === 'PM2.5')![5]).toBe('Alarm rule "Site PM2.5"');

    const exceedances = rowsOf(wb.getWorksheet('Exceedance hours')!);
    expect(exceedances.slice(1).map((row) => row.slice(1, 4))).toEqual([
      ['PM2.5', '2026-10-03 10:00', 60],
      ['PM10', '2026-10-03 10:00', 170],
      ['TSP', '2026-10-03 11:00', 320],
    ]);

    const noise = rowsOf(wb.getWorksheet('Noise')!);
    expect(noise.slice(1).map((row) => [row[1], row[2], row[4], row[6], row[8]])).toEqual([
      ['2026-10-03', 77, 'Over', 57.4, 'Over'],
      ['2026-10-04', 65, undefined, undefined, undefined],
      ['2026-10-31', undefined, undefined, 50, undefined],
    ]);
    expect(rowsOf(wb.getWorksheet('Monitor figures')!).length).toBe(1 + 3);
  });

  it('is in Chinese when asked, and 404 for a project out of scope', async () => {
    const res = await workbookAs(agentA.token, 'zh-CN');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((ws) => ws.name)).toEqual(['概要', '污染物', '超标小时', '噪声', '监测仪数据']);
    expect(rowsOf(wb.getWorksheet('噪声')!)[1][4]).toBe('超标');
    expect((await workbookAs(agentB.token, 'zh-CN')).statusCode).toBe(404);
  });
});

describe('compliance limits', () => {
  const rule = (over: Partial<LimitRule>): LimitRule =>
    ({
      id: 1,
      name: 'r',
      scope: 'fleet',
      agentId: null,
      projectId: null,
      deviceId: null,
      deviceType: 'dust',
      condition: { logic: 'and', terms: [{ field: 'LA', operator: 'gt', threshold: 60 }] },
      ...over,
    }) as LimitRule;
  const device = { id: 7, type: 'dust', agentId: 3, projectId: 5 };

  it('takes a window as the day or the night it mostly covers; none covers both', () => {
    expect(ruleCoversPeriod({ from: '06:00', to: '22:00' }, 'day')).toBe(true);
    expect(ruleCoversPeriod({ from: '06:00', to: '22:00' }, 'night')).toBe(false);
    expect(ruleCoversPeriod({ from: '22:00', to: '06:00' }, 'night')).toBe(true);
    expect(ruleCoversPeriod({ from: '22:00', to: '06:00' }, 'day')).toBe(false);
    expect(ruleCoversPeriod(undefined, 'night')).toBe(true);
  });

  it('prefers the narrowest scope, then the lowest threshold; ≥ counts the limit itself', () => {
    const rules = [
      rule({ id: 1, scope: 'fleet' }),
      rule({
        id: 2,
        scope: 'agent',
        agentId: 3,
        condition: { logic: 'or', terms: [{ field: 'LA', operator: 'gte', threshold: 58 }] },
      }),
      rule({ id: 3, scope: 'agent', agentId: 3 }),
      rule({ id: 4, scope: 'project', projectId: 99, condition: null }),
    ];
    expect(limitOf(rules, device, 'LA', 55)).toMatchObject({ value: 58, ruleId: 2, inclusive: true });
    expect(limitOf(rules, device, 'a34002', 150)).toMatchObject({ value: 150, source: 'national' });
    expect(limitOf(rules, device, 'a34005', undefined)).toBeNull();
  });
});
