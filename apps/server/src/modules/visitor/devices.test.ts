import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { VisitorDeviceItem } from '@siteops/contracts/visitor/device';
import { fileTestApp, formBody, queryOf } from '../../../test/harness.ts';
import { randomMac, uniq } from '../../../test/fixtures.ts';
import { multipart } from '../../../test/multipart.ts';
import { devices, visitorDevices } from '../../db/schema/index.ts';
import { visitorWorld } from './testkit.ts';
import { deviceApi } from '@siteops/contracts/device/api';
import { visitorApi } from '@siteops/contracts/visitor/api';

/**
 * The visitor device list (spec 2/3's device authorisation): the xlsx import with its row errors in the
 * sheet's language, all or nothing; the list with search and the manager's scope; taking devices off.
 */
const { t, admin } = await fileTestApp();
const w = await visitorWorld(t, admin);

async function device(type: string, projectId: number | null, installSite = 'North gate') {
  const res = await t.api.unchecked(
    deviceApi.add,
    { type, sn: uniq('VD'), mac: randomMac(), devName: `Gate ${type}`, installSite },
    admin,
  );
  expect(res.body.code, res.body.msg).toBe(200);
  await t.database.db.update(devices).set({ projectId }).where(eq(devices.id, res.body.data.id));
  const [row] = await t.database.db.select().from(devices).where(eq(devices.id, res.body.data.id));
  return row;
}

async function xlsx(rows: (string | null)[][], headers = ['Serial number', 'Direction']) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Visitor devices');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function importRows(token: string, file: Buffer, lang = 'en-US') {
  return t.api.raw(visitorApi.importDevices, formBody(multipart(file)), { lang }, token);
}

const list = async (token: string, query = '') => {
  const res = await t.api.unchecked(visitorApi.listDevices, queryOf(`pageSize=200${query}`), token);
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.list as VisitorDeviceItem[];
};

describe('import of the visitor device list', () => {
  it('authorises access devices with their direction; the list shows them with install site and time', async () => {
    const face = await device('face', w.projectA);
    const tower = await device('towerElevatorFace', w.projectA, 'Tower 2');
    const res = await importRows(
      admin,
      await xlsx([
        [face.sn, 'In'],
        [tower.sn, null],
      ]),
    );
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ rows: 2, created: 2, updated: 0, failed: 0, committed: true });
    const rows = await list(admin, `&keyword=${face.sn}`);
    expect(rows).toEqual([
      expect.objectContaining({
        id: face.id,
        sn: face.sn,
        direction: 'in',
        installSite: 'North gate',
        projectName: 'A site',
        type: 'face',
      }),
    ]);
    expect(Date.now() - Date.parse(rows[0].createdAt)).toBeLessThan(60_000);
    expect((await list(admin, `&keyword=${tower.sn}`))[0].direction).toBe('none');
    // Importing again changes the direction given and keeps the one left empty.
    const again = await importRows(
      admin,
      await xlsx([
        [face.sn, '出'],
        [tower.sn, ''],
      ]),
      'zh-CN',
    );
    expect(again.body.data).toMatchObject({ created: 0, updated: 2, committed: true });
    expect((await list(admin, `&keyword=${face.sn}`))[0].direction).toBe('out');
    expect((await list(admin, `&keyword=${tower.sn}`))[0].direction).toBe('none');
    expect((await list(admin, `&direction=out&projectId=${w.projectA}`)).map((d) => d.id)).toContain(face.id);
    const bySn = (await list(admin, '&sortField=sn&sortOrder=asc')).map((d) => d.sn);
    expect(bySn).toEqual([...bySn].sort());
  });

  it('row errors name the row and column in the sheet language, and nothing is written', async () => {
    const ok = await device('face', w.projectA);
    const dust = await device('dust', w.projectA);
    const loose = await device('face', null);
    const file = await xlsx([
      [ok.sn, 'In'],
      [dust.sn, 'In'],
      [loose.sn, null],
      ['NO-SUCH-SN', null],
      [ok.sn, 'sideways'],
    ]);
    const en = (await importRows(admin, file)).body.data;
    expect(en).toMatchObject({ rows: 5, created: 0, failed: 4, committed: false });
    expect(en.errors).toEqual([
      { row: 3, column: 'sn', message: expect.stringContaining('not an access device') },
      { row: 4, column: 'sn', message: expect.stringContaining('in no project') },
      { row: 5, column: 'sn', message: expect.stringContaining('NO-SUCH-SN') },
      { row: 6, column: 'direction', message: 'direction must be one of: None, In, Out' },
      { row: 6, column: 'sn', message: 'same as row 2' },
    ]);
    const zh = (await importRows(admin, file, 'zh-CN')).body.data;
    expect(zh.errors[0].message).toContain('不是门禁设备');
    const written = await t.database.db.select().from(visitorDevices).where(eq(visitorDevices.deviceId, ok.id));
    expect(written).toEqual([]);
  });

  it('a file without the serial number column, or not a spreadsheet, is a 400 naming the file', async () => {
    const noSn = await importRows(admin, await xlsx([['In']], ['Direction']));
    expect(noSn.status).toBe(400);
    expect(noSn.body.data.fields.file).toContain('Serial number');
    const notXlsx = await importRows(admin, Buffer.from('sn,direction\n'));
    expect(notXlsx.status).toBe(400);
  });
});

describe('scope', () => {
  it('a manager sees and imports only the devices of its projects; another project’s device is a row error', async () => {
    const mine = await device('face', w.projectA);
    const theirs = await device('face', w.projectB);
    expect((await importRows(admin, await xlsx([[theirs.sn, 'In']]))).body.data.committed).toBe(true);
    const refused = (
      await importRows(
        w.managerToken,
        await xlsx([
          [mine.sn, 'In'],
          [theirs.sn, 'Out'],
        ]),
      )
    ).body.data;
    expect(refused).toMatchObject({ committed: false, failed: 1 });
    expect(refused.errors[0]).toMatchObject({ row: 3, column: 'sn' });
    expect((await importRows(w.managerToken, await xlsx([[mine.sn, 'In']]))).body.data.committed).toBe(true);
    const seen = (await list(w.managerToken)).map((d) => d.id);
    expect(seen).toContain(mine.id);
    expect(seen).not.toContain(theirs.id);
    const removeTheirs = await t.api(visitorApi.removeDevices, { ids: [theirs.id] }, w.managerToken);
    expect(removeTheirs.status).toBe(404);
    expect((await list(admin)).map((d) => d.id)).toContain(theirs.id);
  });

  it('removing takes devices off the list (all or none)', async () => {
    const a = await device('face', w.projectA);
    await importRows(admin, await xlsx([[a.sn, 'In']]));
    const res = await t.api(visitorApi.removeDevices, { ids: [a.id] }, admin);
    expect(res.body).toMatchObject({ code: 200, data: { deleted: 1 } });
    expect((await list(admin)).map((d) => d.id)).not.toContain(a.id);
  });
});
