import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { labourApi } from '@siteops/contracts/labour/api';
import { fileTestApp } from '../../../test/harness.ts';
import { firstSheetAt } from '../../../test/workbooks.ts';
import { labourWorld, passRows, storePasses, terminal } from './testkit.ts';

const { t, admin } = await fileTestApp();
const w = await labourWorld(t, admin);
const at = { agentId: w.a.id, projectId: w.a1 };
const gateIn = await terminal(t, admin, at, 'in');
const gateOut = await terminal(t, admin, at, 'out');
/** A terminal without a configured direction: the pass's own direction counts. */
const gateBoth = await terminal(t, admin, at, 'none');

// The project's wall clock is UTC+8 (the default): 08:00 local is 00:00Z.
const day = (q: { date: string }) => w.ok(labourApi.daySheet, { projectId: w.a1, ...q }, w.managerToken);
const rowOf = (sheet: { rows: { workerId: number }[] }, id: number) => sheet.rows.find((r) => r.workerId === id);

describe('attendance from the face terminals’ passes', () => {
  it('first in, last out, hours; the terminal’s configured direction wins over the pass’s', async () => {
    const id = await w.addWorker(w.a1, { realName: 'Day Shift' });
    await storePasses(t, [
      { workerId: id, deviceId: gateIn, at: '2026-11-02T00:00:00Z', direction: 'out' },
      { workerId: id, deviceId: gateOut, at: '2026-11-02T04:00:00Z', direction: 'in' },
      { workerId: id, deviceId: gateIn, at: '2026-11-02T05:00:00Z' },
      { workerId: id, deviceId: gateOut, at: '2026-11-02T09:30:00Z' },
    ]);
    expect((await passRows(t, id)).map((r) => r.direction)).toEqual(['in', 'out', 'in', 'out']);
    const sheet = await day({ date: '2026-11-02' });
    expect(rowOf(sheet, id)).toMatchObject({
      firstIn: '2026-11-02T00:00:00.000Z',
      lastOut: '2026-11-02T09:30:00.000Z',
      hours: 9.5,
      complete: true,
      came: true,
      onSiteNow: false,
      passes: 4,
    });
  });

  it('counts a pass once when sent twice (same event id, or the same pass under a new id), whatever the order', async () => {
    const id = await w.addWorker(w.a1, { realName: 'Resender' });
    const first = randomUUID();
    // Out first, then in: replayed out of order after a terminal came back online.
    await storePasses(t, [{ workerId: id, deviceId: gateOut, at: '2026-11-03T10:00:00Z' }]);
    await storePasses(t, [{ workerId: id, deviceId: gateIn, at: '2026-11-03T01:00:00Z', id: first }]);
    // Sent again: the same event (its id), and the same pass under a new id.
    await storePasses(t, [
      { workerId: id, deviceId: gateIn, at: '2026-11-03T01:00:00Z', id: first },
      { workerId: id, deviceId: gateOut, at: '2026-11-03T10:00:00Z' },
    ]);
    expect(await passRows(t, id)).toHaveLength(2);
    expect(rowOf(await day({ date: '2026-11-03' }), id)).toMatchObject({ hours: 9, complete: true, passes: 2 });
  });

  it('a night shift across midnight belongs to the day it started; the cut-off hour is the project’s setting', async () => {
    const id = await w.addWorker(w.a1, { realName: 'Night Shift' });
    // In 20:00 local on the 4th (12:00Z), out 03:30 local on the 5th (19:30Z): before the 04:00 cut-off.
    await storePasses(t, [
      { workerId: id, deviceId: gateBoth, at: '2026-11-04T12:00:00Z', direction: 'in' },
      { workerId: id, deviceId: gateBoth, at: '2026-11-04T19:30:00Z', direction: 'out' },
    ]);
    expect(rowOf(await day({ date: '2026-11-04' }), id)).toMatchObject({ hours: 7.5, complete: true });
    expect(rowOf(await day({ date: '2026-11-05' }), id)).toMatchObject({ came: false });
    // With the cut-off at midnight the out-pass is the 5th's.
    await w.ok(labourApi.updateSettings, { projectId: w.a1, cutoffHour: 0 }, w.managerToken);
    try {
      expect(rowOf(await day({ date: '2026-11-04' }), id)).toMatchObject({
        complete: false,
        lastOut: null,
        hours: null,
      });
      expect(rowOf(await day({ date: '2026-11-05' }), id)).toMatchObject({
        came: true,
        firstIn: null,
        complete: false,
      });
    } finally {
      await w.ok(labourApi.updateSettings, { projectId: w.a1, cutoffHour: 4 });
    }
  });

  it('a missing out-pass: came, on site now, incomplete, no hours; absent workers are listed', async () => {
    const id = await w.addWorker(w.a1, { realName: 'No Out' });
    const absent = await w.addWorker(w.a1, { realName: 'Stayed Home' });
    await storePasses(t, [{ workerId: id, deviceId: gateIn, at: '2026-11-06T00:10:00Z' }]);
    const sheet = await day({ date: '2026-11-06' });
    expect(rowOf(sheet, id)).toMatchObject({ came: true, complete: false, hours: null, onSiteNow: true });
    expect(rowOf(sheet, absent)).toMatchObject({ came: false, passes: 0 });
    expect(sheet.summary.came).toBe(1);
    expect(sheet.summary.absent).toBe(sheet.summary.expected - 1);
    expect(sheet.summary.onSiteNow).toBe(1);
  });

  it('a pass of an unknown worker, of a non-worker person or with a bad direction is not attendance, and does not break storing', async () => {
    const before = (await day({ date: '2026-11-07' })).summary.came;
    await storePasses(t, [{ workerId: 999999999, deviceId: gateIn, at: '2026-11-07T01:00:00Z' }]);
    await t.database.db.execute(
      sql`insert into device_events (id, device_id, type, kind, level, at, received_at, data)
        values (${randomUUID()}, ${gateBoth}, 'face', 'pass', 'info', now(), now(), '{"personId":"Wabc","direction":"in"}'),
               (${randomUUID()}, ${gateBoth}, 'face', 'pass', 'info', now(), now(), '{"personId":"W1","direction":"sideways"}'),
               (${randomUUID()}, ${gateBoth}, 'face', 'pass', 'info', now(), now(), '{"personId":"V1"}')`,
    );
    expect((await day({ date: '2026-11-07' })).summary.came).toBe(before);
  });

  it('the month sheet: hours per day, days and total; exported as xlsx with one row per worker and one column per day', async () => {
    const id = await w.addWorker(w.a1, { realName: 'Monthly' });
    await storePasses(t, [
      { workerId: id, deviceId: gateIn, at: '2026-11-09T00:00:00Z' },
      { workerId: id, deviceId: gateOut, at: '2026-11-09T08:00:00Z' },
      { workerId: id, deviceId: gateIn, at: '2026-11-10T00:00:00Z' },
    ]);
    const month = await w.ok(labourApi.monthSheet, { projectId: w.a1, month: '2026-11' }, w.managerToken);
    expect(month.daysInMonth).toBe(30);
    const row = month.rows.find((r) => r.workerId === id)!;
    expect(row.hours[8]).toBe(8);
    expect(row.hours[9]).toBe(0);
    expect(row.hours[10]).toBeNull();
    expect(row).toMatchObject({ days: 2, totalHours: 8 });

    const ws = await firstSheetAt(
      t,
      labourApi.exportMonthSheet,
      `projectId=${w.a1}&month=2026-11&lang=zh-CN`,
      w.managerToken,
    );
    const rows = ws
      .getSheetValues()
      .slice(1)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows[1].slice(0, 5)).toEqual(['序号', '姓名', '班组', '工种', '1']);
    expect(rows[1]).toHaveLength(4 + 30 + 2);
    const line = rows.find((r) => r[1] === 'Monthly')!;
    expect(line[3]).toBe('木工');
    expect(line[4 + 8]).toBe(8);
    expect(line[4 + 9]).toBe('缺卡');
    expect(line.slice(-2)).toEqual([2, 8]);
  });

  it('a worker’s own month: its days only, a night shift on the day it started, another project’s worker 404', async () => {
    const id = await w.addWorker(w.a1, { realName: 'History' });
    const other = await w.addWorker(w.a1, { realName: 'Neighbour' });
    await storePasses(t, [
      // 12 Dec: 08:00-17:00 local. 13 Dec: in only. 14 Dec: in 22:00, out 02:00 on the 15th (a night shift).
      { workerId: id, deviceId: gateIn, at: '2026-12-12T00:00:00Z' },
      { workerId: id, deviceId: gateOut, at: '2026-12-12T09:00:00Z' },
      { workerId: id, deviceId: gateIn, at: '2026-12-13T00:30:00Z' },
      { workerId: id, deviceId: gateIn, at: '2026-12-14T14:00:00Z' },
      { workerId: id, deviceId: gateOut, at: '2026-12-14T18:00:00Z' },
      // Another month, and another worker: not this worker's December.
      { workerId: id, deviceId: gateIn, at: '2026-11-30T00:00:00Z' },
      { workerId: other, deviceId: gateIn, at: '2026-12-12T00:00:00Z' },
    ]);
    const history = await w.ok(labourApi.workerAttendance, { id, month: '2026-12' }, w.managerToken);
    expect(history).toMatchObject({ workerId: id, month: '2026-12', cutoffHour: 4, daysCame: 3, daysComplete: 2 });
    expect(history.totalHours).toBe(13);
    expect(history.days).toEqual([
      {
        date: '2026-12-12',
        firstIn: '2026-12-12T00:00:00.000Z',
        lastOut: '2026-12-12T09:00:00.000Z',
        hours: 9,
        complete: true,
        passes: 2,
      },
      {
        date: '2026-12-13',
        firstIn: '2026-12-13T00:30:00.000Z',
        lastOut: null,
        hours: null,
        complete: false,
        passes: 1,
      },
      {
        date: '2026-12-14',
        firstIn: '2026-12-14T14:00:00.000Z',
        lastOut: '2026-12-14T18:00:00.000Z',
        hours: 4,
        complete: true,
        passes: 2,
      },
    ]);
    expect((await t.api(labourApi.workerAttendance, { id, month: '2026-12' }, w.agentB)).status).toBe(404);
    const inA2 = await w.addWorker(w.a2, { realName: 'Elsewhere' });
    expect((await t.api(labourApi.workerAttendance, { id: inA2, month: '2026-12' }, w.managerToken)).status).toBe(404);
  });
});
