import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAP, type CatalogueAnswer, type SearchItem } from '@siteops/contracts/device-search/schemas';
import { createAgent, inChinese, uniq } from '../../../test/fixtures.ts';
import { expectFieldsNamed, fileTestApp, queryOf } from '../../../test/harness.ts';
import { eq, sql } from 'drizzle-orm';
import { deviceEvents, deviceTelemetry, devices, projects } from '../../db/schema/index.ts';
import { cursorOf, exportPage, toItem } from './search.ts';
import { firstSheetAt } from '../../../test/workbooks.ts';
import { deviceSearchApi } from '@siteops/contracts/device-search/api';

/**
 * The telemetry and event search and the device-type catalogue: field errors for bad ranges and
 * thresholds, values compared in SQL, paging, and an agent never seeing another agent's rows or counts.
 */
const { t, admin } = await fileTestApp();
let agentA: Awaited<ReturnType<typeof createAgent>>;
let agentB: Awaited<ReturnType<typeof createAgent>>;
let dustA: number;
let dustB: number;
/** A night a day and a half ago, whole hours: the range below ends well before now. */
const NIGHT = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 36 * 3_600_000;
const at = (minutes: number) => new Date(NIGHT + minutes * 60_000);
const RANGE = `from=${at(0).toISOString()}&to=${at(600).toISOString()}`;

async function addDevice(type: string, agentId: number, onlineStatus = 'offline', authStatus = 'authorize') {
  const [row] = await t.database.db
    .insert(devices)
    .values({ sn: uniq('SRCH'), type, devName: uniq(`${type} `), agentId, onlineStatus, authStatus })
    .returning({ id: devices.id });
  return row.id;
}

const search = async (token: string, query: string) => {
  const res = await t.api.unchecked(deviceSearchApi.listAll, queryOf(query), token);
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data as { list: SearchItem[]; total: number; totalCapped: boolean; next: string | null };
};

beforeAll(async () => {
  agentA = await createAgent(t, admin);
  agentB = await createAgent(t, admin);
  dustA = await addDevice('dust', agentA.id);
  dustB = await addDevice('dust', agentB.id);
  // Agent A's dust monitor: PM2.5 climbs through the night (one reading every 30 minutes, 20 readings).
  await t.database.db
    .insert(deviceTelemetry)
    .values(
      Array.from({ length: 20 }, (_, i) => ({ deviceId: dustA, at: at(i * 30), data: { a34004: 10 * i, LA: 'n/a' } })),
    );
  // Agent B's has the same readings: none of them may reach agent A.
  await t.database.db
    .insert(deviceTelemetry)
    .values(Array.from({ length: 5 }, (_, i) => ({ deviceId: dustB, at: at(i * 30), data: { a34004: 500 } })));
  const event = (deviceId: number, minutes: number, kind: string, level: string, data: Record<string, unknown>) => ({
    id: randomUUID(),
    deviceId,
    type: 'dust',
    kind,
    level,
    at: at(minutes),
    receivedAt: at(minutes),
    data,
  });
  await t.database.db
    .insert(deviceEvents)
    .values([
      event(dustA, 95, 'overLimit', 'alarm', { code: 'a34004', value: 180, limit: 150 }),
      event(dustB, 95, 'overLimit', 'alarm', { code: 'a34004', value: 999, limit: 150 }),
      event(dustB, Date.now() / 60_000 - NIGHT / 60_000 - 5, 'overLimit', 'alarm', { value: 1, limit: 0 }),
    ]);
});

describe('search validation', () => {
  it.each([
    ['no time range', '', ['from', 'to']],
    ['an end before the start', `from=${at(60).toISOString()}&to=${at(0).toISOString()}`, ['to']],
    ['a range over 31 days', `from=2026-01-01&to=2026-03-01`, ['to']],
    ['a bound without a field', `${RANGE}&above=3`, ['field']],
    ['a field name that is no field', `${RANGE}&field=a%27b&above=3`, ['field']],
    ['a bound that is no number', `${RANGE}&field=a34004&above=lots`, ['above']],
    ['an unknown sort field', `${RANGE}&sortField=data`, ['sortField']],
  ])('%s is a 400 naming the field', async (_, query, fields) => {
    const res = await t.api.unchecked(deviceSearchApi.listAll, queryOf(query), admin);
    expectFieldsNamed(res, fields);
  });

  it('says the range error in Chinese to a Chinese console', async () => {
    const res = await t.api(deviceSearchApi.listAll, { from: '2026-01-01', to: '2026-03-01' }, inChinese(admin));
    expect((res.body.data as { fields: Record<string, string> }).fields.to).toContain('31 天');
  });
});

describe('search', () => {
  it('finds an agent’s readings and events in the range, newest first, never another agent’s', async () => {
    const a = await search(agentA.token, RANGE);
    expect(a.total).toBe(21);
    expect(a.list.every((r) => r.deviceId === dustA)).toBe(true);
    expect(a.list[0]).toMatchObject({ source: 'telemetry', at: at(570).toISOString(), data: { a34004: 190 } });
    const b = await search(agentB.token, RANGE);
    expect(b.list.every((r) => r.deviceId === dustB)).toBe(true);
    expect(b.total).toBe(6);
    // Naming the other agent's device finds nothing rather than its rows.
    const sn = (await search(admin, `${RANGE}&source=event&eventKind=overLimit`)).list.find(
      (r) => r.deviceId === dustB,
    )!.sn;
    expect((await search(agentA.token, `${RANGE}&device=${sn}`)).total).toBe(0);
  });

  it('keeps rows whose value lies strictly within the bounds; text values never match', async () => {
    const above = await search(agentA.token, `${RANGE}&source=telemetry&field=a34004&above=150`);
    expect(above.list.map((r) => r.data.a34004)).toEqual([190, 180, 170, 160]);
    const between = await search(agentA.token, `${RANGE}&field=a34004&above=20&below=50&sortOrder=asc`);
    expect(between.list.map((r) => r.data.a34004)).toEqual([30, 40]);
    expect((await search(agentA.token, `${RANGE}&field=LA&above=-1000`)).total).toBe(0);
    // An event's data is searched the same way.
    const alarms = await search(agentA.token, `${RANGE}&field=value&above=100`);
    expect(alarms.list).toMatchObject([{ source: 'event', kind: 'overLimit', level: 'alarm' }]);
  });

  it('narrows by time, kind and level, and pages without repeating a row', async () => {
    const night = await search(agentA.token, `from=${at(60).toISOString()}&to=${at(120).toISOString()}`);
    expect(night.list.map((r) => r.at)).toEqual([at(95), at(90), at(60)].map((d) => d.toISOString()));
    expect((await search(agentA.token, `${RANGE}&level=alarm`)).total).toBe(1);
    expect((await search(agentA.token, `${RANGE}&source=telemetry`)).total).toBe(20);
    const pages = await Promise.all([1, 2, 3].map((p) => search(agentA.token, `${RANGE}&pageSize=8&page=${p}`)));
    const keys = pages.flatMap((p) => p.list.map((r) => r.key));
    expect(pages.map((p) => p.list.length)).toEqual([8, 8, 5]);
    expect(new Set(keys).size).toBe(21);
    const past = await search(agentA.token, `${RANGE}&pageSize=8&page=9`);
    expect(past).toMatchObject({ list: [], total: 21 });
  });

  it('counts the total only up to the cap, says so, and still pages past it', async () => {
    // A busy monitor of a third agent: one reading a second for three hours (10,800 rows), in SQL.
    const busyAgent = await createAgent(t, admin);
    const busy = await addDevice('dust', busyAgent.id);
    await t.database.db.execute(
      sql`insert into device_telemetry (device_id, at, data)
        select ${busy}, ${at(0).toISOString()}::timestamptz + make_interval(secs => s), '{"a34004": 1}'::jsonb
        from generate_series(0, ${10_800 - 1}) s`,
    );
    const range = `from=${at(0).toISOString()}&to=${at(180).toISOString()}`;
    const first = await search(busyAgent.token, range);
    expect(first).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true });
    expect(first.list[0].at).toBe(new Date(at(180).getTime() - 1000).toISOString());
    // Past the counted rows, a page still answers the rows there (newest first, one a second).
    const deep = await search(busyAgent.token, `${range}&pageSize=100&page=105`);
    expect(deep.list[0].at).toBe(new Date(at(180).getTime() - 1000 - 104 * 100 * 1000).toISOString());
    // The console's "next page" there: after page 104's last row, the same rows as page 105 by number.
    const before = await search(busyAgent.token, `${range}&pageSize=100&page=104`);
    const next = await search(busyAgent.token, `${range}&pageSize=100&page=105&after=${before.next}`);
    expect(next.list.map((r) => r.key)).toEqual(deep.list.map((r) => r.key));
    expect(next).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true, page: 105 });
    // Under the cap the total is exact.
    const hour = await search(busyAgent.token, `from=${at(0).toISOString()}&to=${at(60).toISOString()}`);
    expect(hour).toMatchObject({ total: 3600, totalCapped: false });
    expect((await search(agentA.token, RANGE)).totalCapped).toBe(false);
  });

  it('walks newest first by cursor through the same rows, in the same order, as the numbered pages', async () => {
    // Agent C's three devices report at the same instants (two of them also a microsecond apart, which a
    // JS date cannot tell), with several events at one instant; agent B's device too, out of C's scope.
    const agentC = await createAgent(t, admin);
    const [d1, d2, d3] = [
      await addDevice('dust', agentC.id),
      await addDevice('dust', agentC.id),
      await addDevice('face', agentC.id),
    ];
    const inst = (minutes: number, micros = 0) =>
      sql`${at(minutes).toISOString()}::timestamptz + ${micros} * interval '1 microsecond'`;
    for (const m of [200, 230, 260]) {
      for (const d of [d1, d2, d3, dustB]) {
        await t.database.db.execute(
          sql`insert into device_telemetry (device_id, at, data) values (${d}, ${inst(m)}, ${JSON.stringify({ a34004: m })}::jsonb)`,
        );
      }
      await t.database.db.execute(
        sql`insert into device_telemetry (device_id, at, data) values (${d1}, ${inst(m, 1)}, '{"a34004": 1}'::jsonb), (${d2}, ${inst(m, 1)}, '{"a34004": 2}'::jsonb)`,
      );
    }
    await t.database.db.execute(
      sql`insert into device_events (id, device_id, type, kind, level, at, received_at, data)
        select gen_random_uuid(), d, 'face', 'pass', 'info', ${inst(230)}, ${inst(230)}, '{}'::jsonb
        from unnest(array[${d3}, ${d3}, ${d3}, ${d1}, ${dustB}]::int[]) d`,
    );
    const range = `from=${at(200).toISOString()}&to=${at(261).toISOString()}`;
    const all = await search(agentC.token, `${range}&pageSize=100`);
    expect(all.total).toBe(3 * 5 + 4);
    expect(all.list.every((r) => [d1, d2, d3].includes(r.deviceId))).toBe(true);
    for (const size of [1, 3, 4]) {
      const byNumber: string[] = [];
      const byCursor: string[] = [];
      let after: string | null = null;
      for (let page = 1; page <= Math.ceil(all.total / size) + 1; page++) {
        byNumber.push(...(await search(agentC.token, `${range}&pageSize=${size}&page=${page}`)).list.map((r) => r.key));
        if (page > 1 && after === null) continue;
        const got = await search(
          agentC.token,
          `${range}&pageSize=${size}&page=${page}${after ? `&after=${after}` : ''}`,
        );
        expect(got.total).toBe(all.total);
        byCursor.push(...got.list.map((r) => r.key));
        after = got.next;
      }
      expect(byNumber).toEqual(all.list.map((r) => r.key));
      expect(byCursor).toEqual(byNumber);
      // The same walk where each branch stops after the page (past the cap, and the export).
      const caller = { id: 0, role: 'agent' as const, agentId: agentC.id };
      const filters = { from: at(200), to: at(261) };
      const walked: string[] = [];
      for (let rows = await exportPage(t.database.db, caller, filters, size); rows.length;) {
        walked.push(...rows.map((r) => toItem(r).key));
        rows = await exportPage(t.database.db, caller, filters, size, cursorOf(rows[rows.length - 1]));
      }
      expect(walked).toEqual(byNumber);
    }
    // A cursor never reaches past the caller's scope: agent B's rows at those instants stay out.
    const last = await search(agentC.token, `${range}&pageSize=${all.total - 1}`);
    const tail = await search(agentC.token, `${range}&pageSize=${all.total - 1}&page=2&after=${last.next}`);
    expect(tail).toMatchObject({ list: [{ key: all.list[all.total - 1].key }], next: null });
  });

  it('refuses a cursor it did not write and ignores one under another sort', async () => {
    const res = await t.api.unchecked(
      deviceSearchApi.listAll,
      queryOf(`${RANGE}&page=2&after=bm90IGEgY3Vyc29y`),
      agentA.token,
    );
    expect(res.status).toBe(400);
    expect(Object.keys((res.body.data as { fields: Record<string, string> }).fields)).toEqual(['after']);
    const first = await search(agentA.token, `${RANGE}&pageSize=5`);
    const bySn = `${RANGE}&pageSize=5&page=2&sortField=sn&sortOrder=asc`;
    const sorted = await search(agentA.token, `${bySn}&after=${first.next}`);
    expect(sorted.list.map((r) => r.key)).toEqual((await search(agentA.token, bySn)).list.map((r) => r.key));
    expect(sorted.next).toBeNull();
  });

  it('narrows to one site (project)', async () => {
    const [site] = await t.database.db
      .insert(projects)
      .values({ name: uniq('Site '), code: uniq('S'), agentId: agentA.id })
      .returning({ id: projects.id });
    expect((await search(agentA.token, `${RANGE}&projectId=${site.id}`)).total).toBe(0);
    await t.database.db.update(devices).set({ projectId: site.id }).where(eq(devices.id, dustA));
    const onSite = await search(agentA.token, `${RANGE}&projectId=${site.id}&source=event`);
    expect(onSite.list).toMatchObject([{ deviceId: dustA, kind: 'overLimit' }]);
    expect(onSite.list[0].projectName).toMatch(/^Site /);
    await t.database.db.update(devices).set({ projectId: null }).where(eq(devices.id, dustA));
  });

  it('exports what the filters match as an xlsx, in scope', async () => {
    const ws = await firstSheetAt(
      t,
      deviceSearchApi.export,
      `${RANGE}&field=a34004&above=150&lang=en-US`,
      agentA.token,
    );
    expect(ws.getRow(1).getCell(1).value).toBe('Time (UTC)');
    expect(ws.rowCount).toBe(1 + 4); // the four readings above 150 (the alarm has no a34004)
    expect(String(ws.getRow(2).getCell(9).value)).toContain('190');
  });
});

describe('catalogue', () => {
  it('counts each type in the caller’s scope and lists its latest alarms', async () => {
    await addDevice('elevator', agentA.id, 'online', 'forbidden');
    const a = (await t.api(deviceSearchApi.catalogue, {}, agentA.token)).body.data as CatalogueAnswer;
    const type = (name: string) => a.types.find((x) => x.type === name)!;
    expect(type('dust')).toMatchObject({
      total: 1,
      online: 0,
      offline: 1,
      unauthorised: 0,
      alarms: [{ deviceId: dustA }],
    });
    expect(type('elevator')).toMatchObject({ total: 1, online: 1, unauthorised: 1 });
    expect(type('face').total).toBe(0);
    const b = (await t.api(deviceSearchApi.catalogue, {}, agentB.token)).body.data as CatalogueAnswer;
    // Newest first: the one five minutes ago, then last night's.
    const dustAlarms = b.types.find((x) => x.type === 'dust')!.alarms;
    expect(dustAlarms).toHaveLength(2);
    expect(dustAlarms.every((x) => x.deviceId === dustB)).toBe(true);
    expect(dustAlarms[1].at).toBe(at(95).toISOString());
    expect(Date.parse(dustAlarms[0].at)).toBeGreaterThan(Date.now() - 3_600_000);
    expect(b.types.find((x) => x.type === 'elevator')!.total).toBe(0);
  });
});
