import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { XlsxError, readFirstSheet } from './reader.ts';

async function all(buf: Buffer, opts?: Parameters<typeof readFirstSheet>[1]) {
  const rows = [];
  for await (const r of readFirstSheet(buf, opts)) rows.push(r);
  return rows;
}

/** Written by exceljs's streaming writer: sheet parts before the shared strings, as Excel orders them. */
async function streamed(rows: unknown[][], useSharedStrings: boolean) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings, useStyles: false });
  const ws = wb.addWorksheet('First');
  for (const r of rows) ws.addRow(r).commit();
  ws.commit();
  wb.addWorksheet('Second').addRow(['not me']).commit();
  await wb.commit();
  return Buffer.concat(chunks);
}

const reasonOf = (p: Promise<unknown>) =>
  p.then(
    () => 'read',
    (err: unknown) => (err instanceof XlsxError ? err.reason : String(err)),
  );

describe('xlsx reader', () => {
  it('reads the first sheet’s cells as text, by row number and column, shared or inline strings alike', async () => {
    const rows = [
      ['type', 'sn', 'mac'],
      ['Face', ' SN-1 ', 'AA'],
      [],
      [null, 42, true],
      [{ richText: [{ text: 'Ri' }, { text: 'ch' }] }, { formula: '1+1', result: 2 }, 'x & <y>'],
    ];
    const expected = [
      { row: 1, cells: ['type', 'sn', 'mac'] },
      { row: 2, cells: ['Face', 'SN-1', 'AA'] },
      { row: 4, cells: [undefined, '42', 'true'] },
      { row: 5, cells: ['Rich', '2', 'x & <y>'] },
    ];
    const plain = (r: { row: number; cells: (string | undefined)[] }[]) =>
      r.map((x) => ({ row: x.row, cells: Array.from(x.cells) }));
    expect(plain(await all(await streamed(rows, true)))).toEqual(expected);
    expect(plain(await all(await streamed(rows, false)))).toEqual(expected);
    // A workbook written whole (shared strings before the sheet) reads the same.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Only');
    for (const r of rows) ws.addRow(r);
    expect(plain(await all(Buffer.from(await wb.xlsx.writeBuffer())))).toEqual(expected);
  });

  it('stops where the caller stops', async () => {
    const buf = await streamed(
      Array.from({ length: 5000 }, (_, i) => [`row ${i + 1}`]),
      true,
    );
    const seen: number[] = [];
    for await (const r of readFirstSheet(buf)) {
      seen.push(r.row);
      if (seen.length === 3) break;
    }
    expect(seen).toEqual([1, 2, 3]);
  });

  it('refuses what is not a workbook, and a sheet that unpacks to more than allowed', async () => {
    expect(await reasonOf(all(Buffer.from('hello, not a zip')))).toBe('notXlsx');
    expect(await reasonOf(all(Buffer.alloc(0)))).toBe('notXlsx');
    const buf = await streamed(
      Array.from({ length: 2000 }, () => ['the same text again and again']),
      false,
    );
    expect(await reasonOf(all(buf, { maxBytes: 64 * 1024 }))).toBe('tooLarge');
    // Cut short: the central directory is gone.
    expect(await reasonOf(all(buf.subarray(0, buf.length - 100)))).toBe('notXlsx');
  });
});
