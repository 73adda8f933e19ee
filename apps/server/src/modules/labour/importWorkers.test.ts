import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { labourApi } from '@siteops/contracts/labour/api';
import { fileTestApp } from '../../../test/harness.ts';
import { multipart } from '../../../test/fixtures.ts';
import { firstSheetAt } from '../../../test/workbooks.ts';
import { labourWorld, mainlandId } from './testkit.ts';

const { t, admin } = await fileTestApp();
const w = await labourWorld(t, admin);

async function roster(
  rows: (string | null)[][],
  header = ['姓名', '证件类型', '证件号码', '手机号', '工种', '班组', '进场日期'],
) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Roster');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
async function upload(projectId: number, file: Buffer, token = admin, lang: 'zh-CN' | 'en-US' = 'en-US') {
  const form = multipart(file, 'roster.xlsx', XLSX);
  return t.api.raw(
    labourApi.importWorkers,
    { contentType: form.headers['content-type'], payload: form.payload },
    { projectId, lang },
    token,
  );
}

describe('labour roster import', () => {
  it('registers every row when all are good: labels in either language, team by name, mainland identity read', async () => {
    await w.ok(labourApi.addTeam, { projectId: w.a1, name: 'Formwork 2' });
    const a = mainlandId('19920305', false);
    const b = mainlandId();
    const res = await upload(
      w.a1,
      await roster([
        ['Roster One', '居民身份证', a, '13800000001', '木工', 'Formwork 2', '2026-11-03'],
        ['Roster Two', null, b, '13800000002', 'Welder', null, null],
        ['Roster Three', 'Passport', 'P1234567', '13800000003', 'electrician', null, '2026-11-05'],
      ]),
      w.managerToken,
    );
    expect(res.body.data).toMatchObject({ rows: 3, created: 3, failed: 0, committed: true, errors: [] });
    const one = (await w.ok(labourApi.listAll, { idNo: a })).list[0];
    expect(one).toMatchObject({
      realName: 'Roster One',
      gender: 'female',
      birthDate: '1992-03-05',
      teamName: 'Formwork 2',
      trade: 'carpenter',
    });
  });

  it('any bad row means nothing is written; each error names its row and column, in the language asked', async () => {
    const good = mainlandId();
    const bad = good.slice(0, 17) + (good[17] === '0' ? '1' : '0');
    const listed = mainlandId();
    const id = await w.addWorker(w.a2, { idNo: listed });
    await w.ok(labourApi.update, { id, status: 'blacklisted', blacklistReason: 'Theft' });
    const again = mainlandId();
    const before = (await w.ok(labourApi.listAll, { projectId: w.a1, pageSize: 200 })).total;
    const res = await upload(
      w.a1,
      await roster([
        ['Good One', null, good, '13800000001', 'carpenter', null, null],
        ['Bad Digit', null, bad, '13800000002', 'carpenter', null, null],
        ['Listed', null, listed, '13800000003', 'carpenter', null, null],
        ['No Trade', null, again, '13800000004', 'juggler', 'No such team', '2026-13-01'],
        ['Twice', null, again, '13800000005', 'carpenter', null, null],
        [null, null, mainlandId(), null, 'carpenter', null, null],
      ]),
    );
    const data = res.body.data as {
      committed: boolean;
      failed: number;
      errors: { row: number; column: string; message: string }[];
    };
    expect(data).toMatchObject({ committed: false, failed: 5 });
    const at = (row: number) =>
      data.errors
        .filter((e) => e.row === row)
        .map((e) => e.column)
        .sort();
    expect(at(3)).toEqual(['idNo']);
    expect(data.errors.find((e) => e.row === 3)!.message).toMatch(/check digit/);
    expect(data.errors.find((e) => e.row === 4)!.message).toMatch(/blacklisted on project A2 site: Theft/);
    expect(at(5)).toEqual(['entryDate', 'team', 'trade']);
    expect(at(6)).toEqual(['idNo']);
    expect(at(7)).toEqual(['phone', 'realName']);
    expect((await w.ok(labourApi.listAll, { projectId: w.a1, pageSize: 200 })).total).toBe(before);

    const zh = await upload(
      w.a1,
      await roster([['Bad Digit', null, bad, '13800000002', '木工', null, null]]),
      admin,
      'zh-CN',
    );
    expect(zh.body.data.errors[0].message).toMatch(/证件号码格式不正确：证件号码校验位不正确/);
  });

  it('a wage bank card is stored encrypted and shown masked; one that is not 12 to 19 digits is a row error', async () => {
    const header = ['Name', 'ID number', 'Phone', 'Trade', 'Wage bank card number'];
    const idNo = mainlandId();
    const bad = await upload(
      w.a1,
      await roster(
        [
          ['Card Bad', mainlandId(), '13800000009', 'welder', '1234-56'],
          ['Card Good', idNo, '13800000008', 'welder', '6222 0212 3456 7890 123'],
        ],
        header,
      ),
    );
    expect(bad.body.data).toMatchObject({ committed: false, failed: 1 });
    expect(bad.body.data.errors).toEqual([
      { row: 2, column: 'bankCardNo', message: 'Wage bank card number is invalid: 1234-56' },
    ]);
    const good = await upload(
      w.a1,
      await roster([['Card Good', idNo, '13800000008', 'welder', '6222 0212 3456 7890 123']], header),
    );
    expect(good.body.data).toMatchObject({ committed: true, created: 1 });
    const worker = (await w.ok(labourApi.listAll, { idNo })).list[0];
    expect(worker.bankCardNo).toBe('622************0123');
    expect(await w.ok(labourApi.reveal, { id: worker.id })).toMatchObject({ bankCardNo: '6222021234567890123' });
  });

  it('the template has the columns, required ones starred, in the language asked', async () => {
    const ws = await firstSheetAt(t, labourApi.workerTemplate, 'lang=zh-CN', w.managerToken);
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      '姓名 *',
      '证件类型',
      '证件号码 *',
      '手机号 *',
      '工种 *',
      '班组',
      '进场日期',
      '工资银行卡号',
    ]);
  });

  it('refuses a file without the required columns, and another tenant’s project is 404', async () => {
    const res = await upload(w.a1, await roster([['x']], ['Name']));
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/ID number/);
    expect((await upload(w.b1, await roster([]), w.agentA)).status).toBe(404);
  });
});
